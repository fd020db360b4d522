import { sql, type Kysely } from "kysely";

/**
 * Card tokens live in the database, so every server instance honours them and a restart loses
 * none: bound to the organisation and user that made them, used once, 15 minutes. Only the token's
 * hash is stored, and the card's details that remain (holder, what the issuer will answer) are
 * encrypted; the card number is never stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table card_tokens (
    token_hash text primary key,
    organisation_id integer not null references organisations (id),
    user_id integer not null references users (id),
    card_type text not null,
    last4 text not null check (last4 ~ '^[0-9]{4}$'),
    sealed_details text not null,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index card_tokens_expires_at on card_tokens (expires_at)`.execute(db);
}
