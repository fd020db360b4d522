import { sql, type Kysely } from "kysely";

/**
 * Where an organisation sells from and under which tour code: the markup engine matches rules by
 * the seller's markets (derived from its country) and tour code. Existing organisations have
 * neither until an administrator sets them; the country of the signed-in user stands in meanwhile.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table organisations add column country_code text check (country_code ~ '^[A-Z]{2}$')`.execute(db);
  await sql`alter table organisations add column tour_code text`.execute(db);
}
