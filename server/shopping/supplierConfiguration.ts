import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "../db/schema";

/** Which suppliers are switched off, and which organisations each configured supplier is open to: read by every search and booking. */
export interface SupplierConfiguration {
  /** Adapters switched off in supplier_settings. */
  readonly inactive: ReadonlySet<string>;
  /** The active (status 1) suppliers rows by code, with the brands they are limited to (none: open to every organisation). */
  readonly brandsByCode: ReadonlyMap<string, readonly number[]>;
}

/** brand_ids is jsonb: an array from PostgreSQL and PGlite alike, text only if a driver left it unparsed. */
function brandIdsOf(stored: unknown): number[] {
  const value: unknown = typeof stored === "string" ? JSON.parse(stored) : stored;
  return Array.isArray(value) ? value.filter((id): id is number => typeof id === "number") : [];
}

export async function loadSupplierConfiguration(db: Kysely<Database>): Promise<SupplierConfiguration> {
  const [inactive, configured] = await Promise.all([
    db.selectFrom("supplier_settings").select("supplier_id").where("active", "=", false).execute(),
    sql<{ code: string; brand_ids: unknown }>`select code, brand_ids from suppliers where status = 1`.execute(db),
  ]);
  return {
    inactive: new Set(inactive.map((row) => row.supplier_id)),
    brandsByCode: new Map(configured.rows.map((row) => [row.code, brandIdsOf(row.brand_ids)])),
  };
}
