import type { FastifyInstance } from "fastify";
import {
  resetLinkRequestSchema,
  resetPasswordRequestSchema,
  sendPasswordRequestSchema,
  type ResetLinkStatusResponse,
} from "../../src/contract/auth";
import type { RouteContext } from "../appContext";
import { ApiError, parseBody } from "../http/apiError";
import { clearUserFailures } from "./loginThrottle";
import { mailPasswordLink } from "./resetLinks";
import { hashSecret } from "./secretTokens";
import { revokeUserSessions } from "./sessions";
import { findUserByEmail, findUserByLogin } from "./signIn";

/** The same answer whether or not an account matched, so the form cannot be used to find accounts. */
const LINK_SENT_MESSAGE = "If an account matches, a link to choose a new password is on its way to the account's email address.";
/** Each address may ask for a handful of links per quarter hour. */
const SEND_PASSWORD_RATE_LIMIT = { max: 10, timeWindow: 15 * 60 * 1000 };

/** Forgotten password: mail a one-time link, check it, set the new password through it. */
export function registerPasswordResetRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { db, clock } = ctx;

  const findUsableResetToken = (token: string) =>
    db
      .selectFrom("password_reset_tokens")
      .innerJoin("users", "users.id", "password_reset_tokens.user_id")
      .select(["password_reset_tokens.id", "password_reset_tokens.user_id", "password_reset_tokens.expires_at", "users.username"])
      .where("password_reset_tokens.token_hash", "=", hashSecret(token))
      .where("password_reset_tokens.used_at", "is", null)
      .where("password_reset_tokens.expires_at", ">", clock())
      .where("users.status", "=", "active")
      .executeTakeFirst();

  app.post("/api/send_password", { config: { rateLimit: SEND_PASSWORD_RATE_LIMIT } }, async (request) => {
    const { username } = parseBody(sendPasswordRequestSchema, request.body);
    const user = (await findUserByLogin(ctx, username)) ?? (username.includes("@") ? await findUserByEmail(ctx, username) : undefined);
    if (user !== undefined && user.status === "active") await mailPasswordLink(ctx, user, "reset");
    return { status: 200, message: LINK_SENT_MESSAGE };
  });

  app.post("/api/checkresetlinkexpiry", async (request): Promise<ResetLinkStatusResponse> => {
    const { token } = parseBody(resetLinkRequestSchema, request.body);
    const usable = await findUsableResetToken(token);
    return { status: 200, data: { valid: usable !== undefined, expiresAt: usable?.expires_at.toISOString() ?? null } };
  });

  app.post("/api/resetpassword", async (request) => {
    const { token, password } = parseBody(resetPasswordRequestSchema, request.body);
    const usable = await findUsableResetToken(token);
    if (usable === undefined) {
      throw new ApiError(400, "reset_link_invalid", "This link has expired or was already used. Ask for a new one from the sign-in page.");
    }
    // Hashing is slow: done before the transaction, which must stay short (PGlite has one connection).
    const passwordHash = await ctx.passwords.hash(password);
    const now = clock();
    await db.transaction().execute(async (trx) => {
      const spent = await trx
        .updateTable("password_reset_tokens")
        .set({ used_at: now })
        .where("user_id", "=", usable.user_id)
        .where("used_at", "is", null)
        .returning("id")
        .execute();
      if (!spent.some((row) => row.id === usable.id)) {
        throw new ApiError(400, "reset_link_invalid", "This link was used a moment ago. Ask for a new one from the sign-in page.");
      }
      await trx.updateTable("users").set({ password_hash: passwordHash, failed_login_attempts: 0, updated_at: now }).where("id", "=", usable.user_id).execute();
      await revokeUserSessions(trx, usable.user_id, "password reset", now);
      await clearUserFailures(trx, usable.username);
    });
    await ctx.sessions.ended();
    return { status: 200, message: "Your password has been changed. Sign in with the new one." };
  });
}
