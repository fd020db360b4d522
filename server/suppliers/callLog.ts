import type { Kysely } from "kysely";
import type { Clock } from "../clock";
import type { Database } from "../db/schema";
import type { SupplierCallLog } from "./fanOut";

/** Calls to suppliers are kept this long: the supplier performance report reaches back no further. */
export const SUPPLIER_CALLS_KEPT_DAYS = 90;
const PRUNE_EVERY_MS = 3_600_000;
let prunedAt = Number.NEGATIVE_INFINITY;

/**
 * Records the calls of a search made for an organisation to its suppliers in one insert, for the supplier performance report
 * and the dashboard; older calls are pruned at most once an hour per process.
 */
export function supplierCallLog({ db, clock }: { db: Kysely<Database>; clock: Clock }, operation: string, organisationId: number): SupplierCallLog {
  return async (calls) => {
    if (calls.length === 0) return;
    const now = clock();
    await db
      .insertInto("supplier_calls")
      .values(calls.map((call) => ({ organisation_id: organisationId, supplier_id: call.supplierId, operation, outcome: call.outcome, duration_ms: call.durationMs, created_at: now })))
      .execute();
    if (now.getTime() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now.getTime();
    await db.deleteFrom("supplier_calls").where("created_at", "<", new Date(now.getTime() - SUPPLIER_CALLS_KEPT_DAYS * 86_400_000)).execute();
  };
}
