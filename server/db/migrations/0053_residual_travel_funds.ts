import { sql, type Kysely } from "kysely";

/**
 * Residual Travel Funds (pay option 11, method 10): a flight refunded as residual value instead of
 * money keeps it as vouchers restricted to the refunded ticket's airline and one traveller each,
 * made from the refunded order. They are redeemed, given back and listed as vouchers are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table vouchers add column airline text, add column traveller_name text, add column source_order_id integer references orders (id)`.execute(db);
  await sql`alter table vouchers add constraint vouchers_residual check ((airline is null) = (traveller_name is null) and (airline is null) = (source_order_id is null))`.execute(db);
  await sql`create index vouchers_source_order on vouchers (source_order_id) where source_order_id is not null`.execute(db);
}
