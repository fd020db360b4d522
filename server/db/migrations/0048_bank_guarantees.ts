import { sql, type Kysely } from "kysely";

/**
 * Bank guarantees (pay option 4): an organisation's bank guarantees a sum, recorded by an
 * organisation above it, and bookings paid this way draw on it apart from the credit line. The
 * ledger says which entries moved a guarantee; their running balance is what the organisation has
 * drawn on its guarantees, so a statement reads either account on its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table bank_guarantees (
    id serial primary key,
    organisation_id integer not null references organisations (id),
    backed_organisation_id integer not null references organisations (id),
    bank_name text not null check (length(bank_name) between 1 and 80),
    reference text not null check (length(reference) between 1 and 40),
    amount bigint not null check (amount > 0),
    currency text not null,
    valid_until date not null,
    document_url text not null default '',
    used bigint not null default 0 check (used >= 0 and used <= amount),
    status integer not null default 1 check (status in (0, 1)),
    created_at timestamptz not null default now(),
    unique (backed_organisation_id, reference)
  )`.execute(db);
  await sql`create index bank_guarantees_backed on bank_guarantees (backed_organisation_id)`.execute(db);
  await sql`alter table ledger_entries add column guarantee_id integer references bank_guarantees (id)`.execute(db);
}
