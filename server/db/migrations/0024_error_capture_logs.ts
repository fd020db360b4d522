import { sql, type Kysely } from "kysely";

/**
 * Errors the console reports (POST /api/error_capture_logs), with who was signed in when
 * someone was: a report from the login page belongs to no organisation. Kept 30 days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table error_capture_logs (
    id serial primary key,
    project text not null,
    kind text not null,
    message text not null,
    stack text,
    page text not null,
    request_id text,
    user_agent text,
    user_id integer references users (id) on delete set null,
    organisation_id integer references organisations (id) on delete set null,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index error_capture_logs_created_at on error_capture_logs (created_at)`.execute(db);
}
