import type { Queryable } from "../organisations/tree";
import type { AuditLogTable } from "./schema";

/** One entry of the audit trail: who (null for the platform itself), from which organisation, did what to which record. */
export interface AuditEntry {
  userId: number | null;
  organisationId: number;
  resource: string;
  recordId: number;
  action: AuditLogTable["action"];
  before?: unknown;
  after?: unknown;
}

/** Writes an entry; inside a change's transaction when given one, so a rolled-back change leaves none. */
export async function writeAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db
    .insertInto("audit_log")
    .values({
      user_id: entry.userId,
      organisation_id: entry.organisationId,
      resource: entry.resource,
      record_id: entry.recordId,
      action: entry.action,
      before: entry.before === undefined || entry.before === null ? null : JSON.stringify(entry.before),
      after: entry.after === undefined || entry.after === null ? null : JSON.stringify(entry.after),
    })
    .execute();
}
