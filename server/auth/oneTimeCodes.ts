import type { Kysely } from "kysely";
import { Secret, TOTP } from "otpauth";
import { secondsAfter } from "../clock";
import type { Database } from "../db/schema";
import { hashSecret, newSixDigitCode } from "./secretTokens";

const TOTP_PERIOD_SECONDS = 30;
/** Accept the previous and next 30-second step too, for clock drift between phone and server. */
const TOTP_DRIFT_STEPS = 1;
/** How long a used time step is remembered: longer than any step the window still accepts. */
const USED_TOTP_MEMORY_SECONDS = 10 * 60;

/**
 * Checks an authenticator code and spends it: each time step's code works once per user,
 * so a code seen over someone's shoulder cannot be replayed within its 30 seconds.
 */
export async function consumeTotpCode(
  db: Kysely<Database>,
  { userId, base32Secret, code, now }: { userId: number; base32Secret: string; code: string; now: Date },
): Promise<boolean> {
  const totp = new TOTP({ secret: Secret.fromBase32(base32Secret), digits: 6, period: TOTP_PERIOD_SECONDS, algorithm: "SHA1" });
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: TOTP_DRIFT_STEPS });
  if (delta === null) return false;
  const timeStep = Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
  return db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("used_totp_codes")
      .where("user_id", "=", userId)
      .where("used_at", "<", secondsAfter(now, -USED_TOTP_MEMORY_SECONDS))
      .execute();
    const spent = await trx
      .insertInto("used_totp_codes")
      .values({ user_id: userId, time_step: timeStep, used_at: now })
      .onConflict((conflict) => conflict.columns(["user_id", "time_step"]).doNothing())
      .returning("time_step")
      .executeTakeFirst();
    return spent !== undefined;
  });
}

const emailCodeHash = (userId: number, code: string) => hashSecret(`${userId}:${code}`);

/** A fresh emailed sign-in code; it replaces any earlier unused one. */
export async function issueEmailCode(db: Kysely<Database>, { userId, now, ttlSeconds }: { userId: number; now: Date; ttlSeconds: number }): Promise<string> {
  const code = newSixDigitCode();
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("email_otp_codes").set({ used_at: now }).where("user_id", "=", userId).where("used_at", "is", null).execute();
    await trx
      .insertInto("email_otp_codes")
      .values({ user_id: userId, code_hash: emailCodeHash(userId, code), expires_at: secondsAfter(now, ttlSeconds), created_at: now })
      .execute();
  });
  return code;
}

/** Spends an emailed code if it is the user's current, unexpired one. */
export async function consumeEmailCode(db: Kysely<Database>, { userId, code, now }: { userId: number; code: string; now: Date }): Promise<boolean> {
  const spent = await db
    .updateTable("email_otp_codes")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("code_hash", "=", emailCodeHash(userId, code))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning("id")
    .executeTakeFirst();
  return spent !== undefined;
}
