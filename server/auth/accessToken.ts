import { errors, jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import { sessionUserSchema, type SessionUser } from "../../src/contract/auth";
import { setRecent } from "../../src/lib/recentMap";

/** The access token's claims: the spec's signed-in user fields, plus the session it belongs to. */
const claimsSchema = sessionUserSchema.extend({ sid: z.uuid() });

export interface AccessTokenContent {
  user: SessionUser;
  sessionId: string;
}

export type AccessTokenCheck =
  | { valid: true; content: AccessTokenContent }
  | { valid: false; reason: "expired"; content: AccessTokenContent | undefined }
  | { valid: false; reason: "invalid" };

const ALGORITHM = "HS256";
const keyOf = (secret: string) => new TextEncoder().encode(secret);

/** Tokens already verified, kept until they expire: a console presents the same token on every call for 15 minutes. */
const MAX_REMEMBERED_TOKENS = 1000;
interface VerifiedToken {
  secret: string;
  content: AccessTokenContent;
  expiresAtSeconds: number;
}
const verifiedTokens = new Map<string, VerifiedToken>();


export async function signAccessToken(
  { user, sessionId }: AccessTokenContent,
  { secret, ttlSeconds, now }: { secret: string; ttlSeconds: number; now: Date },
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ...user, sid: sessionId })
    .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
    .setSubject(String(user.users_id))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(keyOf(secret));
}

function contentOf(payload: unknown): AccessTokenContent | undefined {
  const claims = claimsSchema.safeParse(payload);
  if (!claims.success) return undefined;
  const { sid, ...user } = claims.data;
  return { user, sessionId: sid };
}

/**
 * Checks signature and expiry. An expired token's content is still returned (its signature
 * was checked first), so signing out works with a token that has just run out.
 */
export async function checkAccessToken(token: string, { secret, now }: { secret: string; now: Date }): Promise<AccessTokenCheck> {
  const remembered = verifiedTokens.get(token);
  if (remembered !== undefined && remembered.secret === secret) {
    // The same rule as jose's: expired once the current second reaches `exp`.
    return Math.floor(now.getTime() / 1000) < remembered.expiresAtSeconds
      ? { valid: true, content: remembered.content }
      : { valid: false, reason: "expired", content: remembered.content };
  }
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: [ALGORITHM], currentDate: now, requiredClaims: ["exp"] });
    const content = contentOf(payload);
    if (content === undefined) return { valid: false, reason: "invalid" };
    setRecent(verifiedTokens, token, { secret, content, expiresAtSeconds: payload.exp! }, MAX_REMEMBERED_TOKENS);
    return { valid: true, content };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { valid: false, reason: "expired", content: contentOf(error.payload) };
    return { valid: false, reason: "invalid" };
  }
}
