import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { secondsAfter } from "../clock";
import type { Database } from "../db/schema";
import { hashSecret, newSecretToken } from "./secretTokens";

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * A session is one family of refresh tokens. Each refresh spends the presented token and
 * issues its successor; presenting a spent token again means it was stolen (or replayed),
 * so the whole family is revoked.
 */
export async function startSession(
  trx: Transaction<Database>,
  { userId, rememberMeTokenId, now, refreshTokenTtlSeconds }: { userId: number; rememberMeTokenId: number | null; now: Date; refreshTokenTtlSeconds: number },
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID();
  await trx.insertInto("sessions").values({ id: sessionId, user_id: userId, remember_me_token_id: rememberMeTokenId, created_at: now }).execute();
  const refreshToken = newSecretToken();
  await trx
    .insertInto("refresh_tokens")
    .values({ session_id: sessionId, token_hash: hashSecret(refreshToken), expires_at: secondsAfter(now, refreshTokenTtlSeconds), created_at: now })
    .execute();
  return { sessionId, refreshToken };
}

export type RotationRefusal = "unknown" | "reused" | "expired" | "revoked" | "inactive_user" | "other_user";
export type RotationResult =
  | { rotated: true; sessionId: string; userId: number; refreshToken: string }
  | { rotated: false; reason: RotationRefusal };

export async function rotateRefreshToken(
  db: Kysely<Database>,
  { presentedToken, expectedUsername, now, refreshTokenTtlSeconds }: {
    presentedToken: string;
    /** The `user` the console sends with a refresh; a token presented for someone else is refused. */
    expectedUsername: string | undefined;
    now: Date;
    refreshTokenTtlSeconds: number;
  },
): Promise<RotationResult> {
  // The refusals are returned, not thrown, so that a family revoked on reuse stays revoked.
  return db.transaction().execute(async (trx): Promise<RotationResult> => {
    const current = await trx
      .selectFrom("refresh_tokens")
      .innerJoin("sessions", "sessions.id", "refresh_tokens.session_id")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select([
        "refresh_tokens.id",
        "refresh_tokens.session_id",
        "refresh_tokens.expires_at",
        "refresh_tokens.used_at",
        "sessions.revoked_at",
        "sessions.user_id",
        "users.username",
        "users.status",
      ])
      .where("refresh_tokens.token_hash", "=", hashSecret(presentedToken))
      .forUpdate()
      .executeTakeFirst();
    if (current === undefined) return { rotated: false, reason: "unknown" };
    if (current.revoked_at !== null) return { rotated: false, reason: "revoked" };
    if (expectedUsername !== undefined && expectedUsername.toLowerCase() !== current.username.toLowerCase()) {
      return { rotated: false, reason: "other_user" };
    }
    if (current.used_at !== null) {
      await revokeSession(trx, current.session_id, "refresh token reused", now);
      return { rotated: false, reason: "reused" };
    }
    if (current.status !== "active") {
      await revokeSession(trx, current.session_id, "user deactivated", now);
      return { rotated: false, reason: "inactive_user" };
    }
    if (current.expires_at.getTime() <= now.getTime()) return { rotated: false, reason: "expired" };

    const refreshToken = newSecretToken();
    const successor = await trx
      .insertInto("refresh_tokens")
      .values({
        session_id: current.session_id,
        token_hash: hashSecret(refreshToken),
        expires_at: secondsAfter(now, refreshTokenTtlSeconds),
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx.updateTable("refresh_tokens").set({ used_at: now, replaced_by_id: successor.id }).where("id", "=", current.id).execute();
    return { rotated: true, sessionId: current.session_id, userId: current.user_id, refreshToken };
  });
}

/** Ends a session: its refresh tokens die, and so does the remember-me token it asked for or came from. */
export async function revokeSession(db: Executor, sessionId: string, reason: string, now: Date): Promise<void> {
  const session = await db
    .updateTable("sessions")
    .set({ revoked_at: now, revoked_reason: reason })
    .where("id", "=", sessionId)
    .where("revoked_at", "is", null)
    .returning(["remember_me_token_id"])
    .executeTakeFirst();
  if (session === undefined) return;
  await db
    .updateTable("remember_me_tokens")
    .set({ revoked_at: now })
    .where("revoked_at", "is", null)
    .where((where) =>
      session.remember_me_token_id === null
        ? where("session_id", "=", sessionId)
        : where.or([where("session_id", "=", sessionId), where("id", "=", session.remember_me_token_id)]),
    )
    .execute();
}

/** Ends every session and remember-me token of a user (after a password reset). */
export async function revokeUserSessions(db: Executor, userId: number, reason: string, now: Date): Promise<void> {
  await db.updateTable("sessions").set({ revoked_at: now, revoked_reason: reason }).where("user_id", "=", userId).where("revoked_at", "is", null).execute();
  await db.updateTable("remember_me_tokens").set({ revoked_at: now }).where("user_id", "=", userId).where("revoked_at", "is", null).execute();
}
