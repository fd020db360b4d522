import { sql, type Kysely } from "kysely";

/**
 * Settings the head office sets per organisation, each inherited down the tree where an
 * organisation leaves it empty: the provider name shown beside the product, and the language its
 * console opens in for someone who has not chosen one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table organisation_settings (
    organisation_id integer primary key references organisations (id) on delete cascade,
    provider_name text check (provider_name is null or length(provider_name) between 1 and 60),
    default_language text check (default_language is null or default_language in ('en', 'ar')),
    updated_at timestamptz not null default now(),
    updated_by integer references users (id)
  )`.execute(db);
}
