import type { Kysely } from "kysely";
import { Migrator, type MigrationProvider } from "kysely/migration";
import { migrations } from "./migrations";

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; forward only. Throws with the failing migration's name. */
export async function migrateToLatest<Schema>(db: Kysely<Schema>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
