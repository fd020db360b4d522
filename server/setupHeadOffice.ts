import { createPasswordHasher } from "./auth/passwordHasher";
import { loadConfig } from "./config";
import { setUpHeadOffice } from "./db/headOffice";
import { openDatabase } from "./db/openDatabase";

/**
 * `npm run setup:head-office`: the first head office and administrator of a production
 * database (which gets no demo data). Reads the database settings like the server, and
 * HEAD_OFFICE_NAME, HEAD_OFFICE_CURRENCY, HEAD_OFFICE_DOMAIN, ADMIN_USERNAME, ADMIN_EMAIL,
 * ADMIN_PASSWORD from the environment.
 */
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const { db, description } = openDatabase(config);
  try {
    const created = await setUpHeadOffice(db, process.env, createPasswordHasher().hash);
    console.log(`Head office #${created.organisationId} and administrator #${created.userId} created in ${description}.`);
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
