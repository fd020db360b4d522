import { sql, type Kysely } from "kysely";

/**
 * What the dashboard and the cancellations report look up among a group's orders without reading
 * them all: the orders undone (cancelled, voided, refunded) by when they were undone, and the
 * holds by their deadline. Both are small parts of the orders, so their indexes are partial.
 */
const statements = [
  `create index orders_undone_updated_at on orders (updated_at) where status in ('cancel', 'Voided', 'refund')`,
  `create index orders_holds_deadline on orders (payment_time_limit) where status = 'hold'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
