import { sql, type Kysely } from "kysely";

/**
 * Request rate limits counted in the database, so every server instance on it counts the same
 * requests (server/http/databaseRateLimitStore.ts): one row per route and client key, with the
 * hits of its current window and when the window ends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table rate_limit_hits (
    key text primary key,
    hits integer not null,
    reset_at timestamptz not null
  )`.execute(db);
  await sql`create index rate_limit_hits_reset_at on rate_limit_hits (reset_at)`.execute(db);
}
