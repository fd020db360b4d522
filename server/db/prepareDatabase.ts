import type { Kysely } from "kysely";
import { seedDemoData } from "./demoSeed";
import { migrateToLatest } from "./migrate";
import { syncReferenceData } from "./referenceData";
import { seedDefaultExchangeRates } from "../shopping/pricingBook";
import type { Database } from "./schema";

export interface PreparedDatabase {
  /** The demo data was seeded now (an empty, non-production database). */
  seededDemo: boolean;
}

/**
 * At every start: migrate, refresh the reference data, and on the first start of a
 * non-production database seed the demo organisations and users.
 */
export async function prepareDatabase(
  db: Kysely<Database>,
  { production, hashPassword }: { production: boolean; hashPassword: (password: string) => Promise<string> },
): Promise<PreparedDatabase> {
  await migrateToLatest(db);
  await syncReferenceData(db);
  await seedDefaultExchangeRates(db);
  if (production) return { seededDemo: false };
  const anyOrganisation = await db.selectFrom("organisations").select("id").limit(1).executeTakeFirst();
  if (anyOrganisation !== undefined) return { seededDemo: false };
  await seedDemoData(db, hashPassword);
  return { seededDemo: true };
}
