import { jwtVerify, type JWTVerifyGetKey } from "jose";
import { z } from "zod";

const idTokenClaimsSchema = z.object({ email: z.string().min(3), email_verified: z.boolean().optional() });

/**
 * The email an OIDC identity provider vouches for in an id_token (signature, issuer,
 * audience and expiry checked), or undefined when the token does not hold up.
 */
export async function verifiedEmailOf(
  idToken: string,
  keys: JWTVerifyGetKey,
  { issuer, audience, now }: { issuer: string; audience: string; now: Date },
): Promise<string | undefined> {
  try {
    const { payload } = await jwtVerify(idToken, keys, { issuer, audience, currentDate: now });
    const claims = idTokenClaimsSchema.safeParse(payload);
    if (!claims.success || claims.data.email_verified === false) return undefined;
    return claims.data.email;
  } catch {
    return undefined;
  }
}
