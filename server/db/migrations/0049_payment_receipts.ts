import { sql, type Kysely } from "kysely";

/**
 * Cash and cheque receipts (pay option 5): a flight paid this way is held at the airline until an
 * organisation above the agency records the money it received; the receipt settles and tickets it.
 * A cheque that bounces is marked so, and its amount is charged back to the agency.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table payment_receipts (
    id serial primary key,
    order_id integer not null references orders (id),
    organisation_id integer not null references organisations (id),
    recorded_by_organisation_id integer not null references organisations (id),
    recorded_by integer not null references users (id),
    method text not null check (method in ('cash', 'cheque')),
    amount bigint not null check (amount > 0),
    currency text not null,
    cheque_number text check (cheque_number is null or length(cheque_number) between 1 and 30),
    bank_name text check (bank_name is null or length(bank_name) between 1 and 80),
    received_on date not null,
    scan_url text not null default '',
    status text not null default 'received' check (status in ('received', 'bounced')),
    bounced_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  // One receipt settles an order: a second is refused, a bounced one does not count.
  await sql`create unique index payment_receipts_one_per_order on payment_receipts (order_id) where status = 'received'`.execute(db);
  await sql`create index payment_receipts_organisation on payment_receipts (organisation_id, created_at desc)`.execute(db);
}
