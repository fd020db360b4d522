import { sql, type Kysely } from "kysely";

/** Tables an admin list sorts by name (and users by email), with the id that breaks ties. */
const SORTED_BY_NAME = ["markets", "organisations", "packages", "screening_names", "roles", "suppliers", "content_sources", "dmt_brands", "visa_products"];

/**
 * Indexes in the order the admin lists read: a page sorted by name walks the index and stops at
 * the page's last row, instead of sorting every row that matches the filters.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of SORTED_BY_NAME) await sql`create index ${sql.id(`${table}_name_order`)} on ${sql.table(table)} (name, id)`.execute(db);
  await sql`create index users_email_order on users (email, id)`.execute(db);
}
