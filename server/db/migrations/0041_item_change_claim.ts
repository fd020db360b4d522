import { sql, type Kysely } from "kysely";

/**
 * An item being changed at its supplier (a policy's dates or insured) is claimed until this time,
 * so a second change priced from the same state cannot be paid and made meanwhile. A claim left by
 * a crash lapses on its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table order_items add column changing_until timestamptz`.execute(db);
}
