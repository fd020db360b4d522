import { sql, type Kysely } from "kysely";

/**
 * An order remembers the Idempotency-Key that created it, so that after a crash the key can be
 * settled to the order's final answer (server/orders/reconcile.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table orders add column idempotency_key text`.execute(db);
  await sql`create unique index orders_idempotency_key on orders (user_id, idempotency_key) where idempotency_key is not null`.execute(db);
  await sql`create index orders_pending on orders (created_at) where status = 'pending'`.execute(db);
}
