import { sql, type Kysely } from "kysely";

/**
 * An insurer can connect to Cover Genius XCover: the connection's check admits it, and the row
 * keeps the partner code XCover gave the account (every XCover path names it).
 */
const statements = [
  `alter table suppliers drop constraint suppliers_connection_check`,
  `alter table suppliers add constraint suppliers_connection_check check (connection in ('none', 'hotelbeds', 'duffel', 'iata_ndc', 'xcover'))`,
  `alter table suppliers add column partner_code text`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
