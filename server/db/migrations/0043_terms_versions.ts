import { sql, type Kysely } from "kysely";

/**
 * The head office's terms and conditions as numbered versions (English and Arabic). A user has
 * accepted the terms when they accepted the current version: a new version asks everyone again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table terms_versions (
    version integer primary key check (version > 0),
    body_en text not null,
    body_ar text not null default '',
    published_at timestamptz not null default now(),
    published_by integer references users (id)
  )`.execute(db);
  await sql`alter table users add column terms_version_accepted integer references terms_versions (version)`.execute(db);
}
