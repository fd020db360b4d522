import { sql, type Kysely } from "kysely";

/**
 * A flight supplier can connect to an airline over IATA NDC 21.3: the connection's check admits
 * it, and the row keeps the agency's IATA number and pseudo city code, sent as the seller.
 */
const statements = [
  `alter table suppliers drop constraint suppliers_connection_check`,
  `alter table suppliers add constraint suppliers_connection_check check (connection in ('none', 'hotelbeds', 'duffel', 'iata_ndc'))`,
  `alter table suppliers add column iata_number text`,
  `alter table suppliers add column pseudo_city text`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
