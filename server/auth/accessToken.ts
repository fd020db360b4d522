import { errors, jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import { sessionUserSchema, type SessionUser } from "../../src/contract/auth";

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
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { algorithms: [ALGORITHM], currentDate: now });
    const content = contentOf(payload);
    return content ? { valid: true, content } : { valid: false, reason: "invalid" };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { valid: false, reason: "expired", content: contentOf(error.payload) };
    return { valid: false, reason: "invalid" };
  }
}
