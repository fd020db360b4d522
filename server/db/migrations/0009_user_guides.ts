import { sql, type Kysely } from "kysely";

/** When a user finished the console's tour guide and accepted the terms and conditions. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users add column tour_guide_finished_at timestamptz`.execute(db);
  await sql`alter table users add column terms_accepted_at timestamptz`.execute(db);
}
