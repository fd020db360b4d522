import { sql, type Kysely } from "kysely";

/**
 * The head office's single sign-on provider (OpenID Connect), set in the console: one row. It
 * takes the place of the SSO_* environment settings while it is enabled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table sso_settings (
    id integer primary key check (id = 1),
    name text not null,
    issuer text not null,
    authorize_url text not null,
    jwks_url text not null,
    client_id text not null,
    enabled boolean not null default false,
    updated_at timestamptz not null default now(),
    updated_by integer references users (id)
  )`.execute(db);
}
