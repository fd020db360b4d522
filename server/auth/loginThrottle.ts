import type { Kysely } from "kysely";
import type { AppContext } from "../appContext";
import type { Database, LoginFailureScope } from "../db/schema";
import { ApiError } from "../http/apiError";
import { retryMessage, throttleVerdict } from "./throttleVerdict";

/** Usernames are matched case-insensitively everywhere, so throttling keys are too. */
const usernameKey = (username: string) => username.trim().toLowerCase();

async function recentFailures(db: Kysely<Database>, scope: LoginFailureScope, subject: string, since: Date): Promise<Date[]> {
  const rows = await db
    .selectFrom("login_failures")
    .select("failed_at")
    .where("scope", "=", scope)
    .where("subject", "=", subject)
    .where("failed_at", ">", since)
    .execute();
  return rows.map((row) => row.failed_at);
}

const pairKey = (username: string, address: string) => `${usernameKey(username)}|${address}`;

/**
 * 429 when this account from this address, this account from anywhere (a higher ceiling, against
 * guessing spread over many addresses) or this address whatever the accounts has failed too often
 * lately. Counting the pair first means a stranger who types an account's name cannot lock its
 * owner out from the owner's own address.
 */
export async function assertSignInAllowed({ db, config, clock }: AppContext, username: string, address: string): Promise<void> {
  const now = clock();
  const { maxFailuresPerUser, maxFailuresPerAccount, maxFailuresPerAddress, windowSeconds } = config.loginThrottle;
  const since = new Date(now.getTime() - windowSeconds * 1000);
  const checks = [
    { scope: "pair", subject: pairKey(username, address), limit: maxFailuresPerUser, who: "this account from your network address" },
    { scope: "username", subject: usernameKey(username), limit: maxFailuresPerAccount, who: "this account" },
    { scope: "address", subject: address, limit: maxFailuresPerAddress, who: "your network address" },
  ] as const;
  for (const check of checks) {
    const verdict = throttleVerdict(await recentFailures(db, check.scope, check.subject, since), { limit: check.limit, windowSeconds, now });
    if (verdict.blocked) {
      throw new ApiError(429, "too_many_attempts", `Too many failed sign-in attempts for ${check.who}. ${retryMessage(verdict.retryAt, now)}`, {
        retryAfterSeconds: Math.ceil((verdict.retryAt.getTime() - now.getTime()) / 1000),
      });
    }
  }
}

/** How often this account failed lately from this address: past RECAPTCHA_AFTER_FAILURES, the password alone is not enough. */
export async function recentFailuresFrom({ db, config, clock }: AppContext, username: string, address: string): Promise<number> {
  const since = new Date(clock().getTime() - config.loginThrottle.windowSeconds * 1000);
  return (await recentFailures(db, "pair", pairKey(username, address), since)).length;
}

/** Counts a failed password or code against the username, the address and the user's own counter. */
export async function recordSignInFailure({ db, config, clock }: AppContext, username: string, address: string): Promise<void> {
  const now = clock();
  const expired = new Date(now.getTime() - config.loginThrottle.windowSeconds * 1000);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("login_failures").where("failed_at", "<=", expired).execute();
    await trx
      .insertInto("login_failures")
      .values([
        { scope: "pair", subject: pairKey(username, address), failed_at: now },
        { scope: "username", subject: usernameKey(username), failed_at: now },
        { scope: "address", subject: address, failed_at: now },
      ])
      .execute();
    await trx
      .updateTable("users")
      .set((update) => ({ failed_login_attempts: update("failed_login_attempts", "+", 1), last_failed_login_at: now }))
      .where((where) => where(where.fn("lower", ["username"]), "=", usernameKey(username)))
      .execute();
  });
}

/** A successful sign-in forgives the account's failures, from everywhere (not the address's). */
export async function clearUserFailures(db: Kysely<Database>, username: string): Promise<void> {
  const key = usernameKey(username);
  await db
    .deleteFrom("login_failures")
    .where((where) => where.or([where.and([where("scope", "=", "username"), where("subject", "=", key)]), where.and([where("scope", "=", "pair"), where("subject", "like", `${key.replace(/[%_\\]/g, "\\$&")}|%`)])]))
    .execute();
}
