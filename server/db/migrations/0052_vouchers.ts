import { sql, type Kysely } from "kysely";

/**
 * E-vouchers (pay option 8): prepaid value an organisation issues to one below it, redeemed fully
 * or partly at checkout. `used` moves only with redemptions and what cancellations give back, each
 * a row of voucher_movements naming its order, so a voucher's history and an order's share of it
 * are read from one place.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table vouchers (
    id serial primary key,
    organisation_id integer not null references organisations (id),
    holder_organisation_id integer not null references organisations (id),
    code text not null unique check (code ~ '^[A-Z0-9-]{6,24}$'),
    amount bigint not null check (amount > 0),
    currency text not null,
    valid_until date not null,
    used bigint not null default 0 check (used >= 0 and used <= amount),
    notes text not null default '' check (length(notes) <= 200),
    status integer not null default 1 check (status in (0, 1)),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index vouchers_holder on vouchers (holder_organisation_id)`.execute(db);
  await sql`create table voucher_movements (
    id serial primary key,
    voucher_id integer not null references vouchers (id),
    order_id integer not null references orders (id),
    user_id integer not null,
    kind text not null check (kind in ('redeem', 'return')),
    amount bigint not null check (amount > 0),
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index voucher_movements_order on voucher_movements (order_id)`.execute(db);
  await sql`create index voucher_movements_voucher on voucher_movements (voucher_id)`.execute(db);
}
