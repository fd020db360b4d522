import type { SignInResponse } from "../../src/contract/auth";
import type { AppContext } from "../appContext";
import { secondsAfter } from "../clock";
import type { UserRow } from "../db/schema";
import { ApiError } from "../http/apiError";
import { signAccessToken } from "./accessToken";
import { assertSignInAllowed, clearUserFailures, recordSignInFailure } from "./loginThrottle";
import { hashSecret, newSecretToken } from "./secretTokens";
import { loadSessionProfile } from "./sessionProfile";
import { startSession } from "./sessions";

export const findUserByLogin = (ctx: AppContext, login: string) =>
  ctx.db
    .selectFrom("users")
    .selectAll()
    .where((where) => where(where.fn("lower", ["username"]), "=", login.trim().toLowerCase()))
    .executeTakeFirst();

export const findUserByEmail = (ctx: AppContext, email: string) =>
  ctx.db
    .selectFrom("users")
    .selectAll()
    .where((where) => where(where.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .executeTakeFirst();

export const invalidCredentials = () => new ApiError(401, "invalid_credentials", "The username or password is not correct.", { title: "Sign-in failed" });

export const accountInactive = () =>
  new ApiError(403, "account_inactive", "This account is deactivated. Ask your administrator to reactivate it.", { title: "Sign-in failed" });

/**
 * The first step of every password sign-in: throttling, then the password (an unknown
 * username costs the same time and counts as a failure too, so neither reveals accounts).
 */
export async function checkCredentials(ctx: AppContext, { username, password }: { username: string; password: string }, address: string): Promise<UserRow> {
  await assertSignInAllowed(ctx, username, address);
  const user = await findUserByLogin(ctx, username);
  const passwordMatches = user ? await ctx.passwords.verify(user.password_hash, password) : await ctx.passwords.verifyAgainstNothing(password);
  if (!user || !passwordMatches) {
    await recordSignInFailure(ctx, username, address);
    throw invalidCredentials();
  }
  if (user.status !== "active") throw accountInactive();
  return user;
}

/** A wrong second-factor code counts like a wrong password. */
export async function rejectSecondFactor(ctx: AppContext, username: string, address: string): Promise<never> {
  await recordSignInFailure(ctx, username, address);
  throw new ApiError(401, "otp_invalid", "The code is not correct, has expired or was already used.", { title: "Sign-in failed" });
}

export interface SignInCompletion {
  /** A second factor (authenticator or emailed code) was checked. */
  secondFactor: boolean;
  rememberMe: boolean;
  /** Set when the session is started from a remember-me token. */
  rememberMeTokenId?: number;
}

/** Starts a session for a fully authenticated, active user and answers with its tokens. */
export async function completeSignIn(ctx: AppContext, user: UserRow, completion: SignInCompletion): Promise<SignInResponse> {
  const now = ctx.clock();
  const { sessionId, refreshToken, rememberMeToken } = await ctx.db.transaction().execute(async (trx) => {
    const session = await startSession(trx, {
      userId: user.id,
      rememberMeTokenId: completion.rememberMeTokenId ?? null,
      now,
      refreshTokenTtlSeconds: ctx.config.refreshTokenTtlSeconds,
    });
    let rememberToken: string | undefined;
    if (completion.rememberMe) {
      rememberToken = newSecretToken();
      await trx
        .insertInto("remember_me_tokens")
        .values({
          user_id: user.id,
          token_hash: hashSecret(rememberToken),
          session_id: session.sessionId,
          expires_at: secondsAfter(now, ctx.config.rememberMeTtlSeconds),
          created_at: now,
        })
        .execute();
    }
    await trx
      .updateTable("users")
      .set({ failed_login_attempts: 0, last_login_at: now })
      .where("id", "=", user.id)
      .execute();
    await clearUserFailures(trx, user.username);
    return { ...session, rememberMeToken: rememberToken };
  });

  const profile = await loadSessionProfile(ctx.db, user.id);
  if (profile === undefined) throw new Error(`User ${user.id} vanished while signing in.`);
  const token = await signAccessToken(
    { user: profile.user, sessionId },
    { secret: ctx.config.jwtSecret, ttlSeconds: ctx.config.accessTokenTtlSeconds, now },
  );
  const response: SignInResponse = { status: 200, verify: true, otp: completion.secondFactor, token, refreshToken };
  if (rememberMeToken !== undefined) response.rememberMeToken = rememberMeToken;
  return response;
}
