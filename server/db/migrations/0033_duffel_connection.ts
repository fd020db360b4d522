import { sql, type Kysely } from "kysely";

/** A flight supplier can connect to Duffel: the connection's check admits the new adapter. */
const statements = [
  `alter table suppliers drop constraint suppliers_connection_check`,
  `alter table suppliers add constraint suppliers_connection_check check (connection in ('none', 'hotelbeds', 'duffel'))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
