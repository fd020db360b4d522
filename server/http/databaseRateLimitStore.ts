import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import { sql, type Kysely } from "kysely";
import type { Clock } from "../clock";
import type { Database } from "../db/schema";

/** Windows that ended this long ago are deleted now and then, so the table keeps only live counters. */
const FORGET_AFTER_MS = 86_400_000;
/** One increment in this many also clears out old windows. */
const CLEAN_UP_ONE_IN = 200;

/**
 * @fastify/rate-limit's counters in the database instead of each process's memory: a client's
 * requests count once whichever instance answers them. One upsert per request: a new or ended
 * window starts at one hit, a live one adds a hit; both answer the count and the time left.
 */
export function databaseRateLimitStore(db: Kysely<Database>, clock: Clock): FastifyRateLimitStoreCtor {
  const hit = async (key: string, timeWindowMs: number): Promise<{ current: number; ttl: number }> => {
    const now = clock();
    const resetAt = new Date(now.getTime() + timeWindowMs);
    const { rows } = await sql<{ hits: number; reset_at: Date }>`
      insert into rate_limit_hits (key, hits, reset_at) values (${key}, 1, ${resetAt})
      on conflict (key) do update set
        hits = case when rate_limit_hits.reset_at <= ${now} then 1 else rate_limit_hits.hits + 1 end,
        reset_at = case when rate_limit_hits.reset_at <= ${now} then excluded.reset_at else rate_limit_hits.reset_at end
      returning hits, reset_at`.execute(db);
    if (Math.floor(Math.random() * CLEAN_UP_ONE_IN) === 0) await sql`delete from rate_limit_hits where reset_at < ${new Date(now.getTime() - FORGET_AFTER_MS)}`.execute(db);
    const row = rows[0]!;
    return { current: row.hits, ttl: Math.max(0, new Date(row.reset_at).getTime() - now.getTime()) };
  };

  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    /** Counters are kept per route: the same client on two limited routes has two counters. */
    private readonly scope: string;

    constructor(options: FastifyRateLimitOptions & { routeInfo?: { method?: string | string[]; url?: string } }) {
      const route = options.routeInfo;
      this.scope = route?.url ? `${[route.method ?? ""].flat().join(",")} ${route.url}` : "global";
    }

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      hit(`${this.scope}|${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): FastifyRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions as FastifyRateLimitOptions & { routeInfo?: { method?: string | string[]; url?: string } });
    }
  };
}
