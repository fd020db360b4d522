import { sql } from "kysely";
import type { AppContext } from "../appContext";
import { writeAudit } from "../db/auditLog";

const DAY_MS = 86_400_000;
/** How often the sweep runs: documents are kept for days, an hour late is nothing. */
export const RETENTION_EVERY_MS = 60 * 60 * 1000;

/** An order whose booking no longer happens: its documents' clock starts when it ended. */
const ENDED_ORDER = `('cancel', 'failed', 'Voided', 'refund')`;

/**
 * The personal documents each booking names, with the day the booking ended: the day it was
 * cancelled (or refused), otherwise the last day of the trip. A file several bookings name ends
 * with the last of them.
 */
const DOCUMENT_ENDINGS = sql`
  select document.value #>> '{}' as name,
         case when orders.status in ${sql.raw(ENDED_ORDER)} or application.state in ('cancelled', 'rejected') then application.updated_at::date else application.travel_to end as ended_on
  from visa_applications application
  join orders on orders.id = application.order_id,
       jsonb_array_elements(application.applicants) applicant,
       jsonb_each(coalesce(applicant -> 'documents', '{}'::jsonb)) document
  union all
  select application.visa_document,
         case when orders.status in ${sql.raw(ENDED_ORDER)} or application.state in ('cancelled', 'rejected') then application.updated_at::date else application.travel_to end
  from visa_applications application
  join orders on orders.id = application.order_id
  where application.visa_document is not null
  union all
  select pilgrim ->> 'photo',
         case when orders.status in ${sql.raw(ENDED_ORDER)} then orders.updated_at::date else (item.detail ->> 'returnDate')::date end
  from order_items item
  join orders on orders.id = item.order_id,
       jsonb_array_elements(item.detail -> 'rooms') room,
       jsonb_array_elements(room -> 'pilgrims') pilgrim
  where item.kind = 'package' and pilgrim ->> 'photo' is not null`;

/**
 * Deletes the personal documents of bookings that ended more than DOCUMENT_RETENTION_DAYS ago
 * (docs/security.md): the ownership rows and, once no organisation owns it (nor shows it as
 * branding), the file. Each deletion is in the audit log with no user: the platform made it.
 * Runs at start and every hour; on several instances, only the one whose delete took a row audits it.
 */
export async function sweepExpiredDocuments(context: AppContext): Promise<{ deleted: number }> {
  const { db, uploads, clock, config } = context;
  const cutoff = new Date(clock().getTime() - config.documentRetentionDays * DAY_MS).toISOString().slice(0, 10);
  const expired = await sql<{ name: string }>`
    select name from (${DOCUMENT_ENDINGS}) endings
    where exists (select 1 from uploads where uploads.name = endings.name and uploads.purpose = 'document')
    group by name
    having max(ended_on) < ${cutoff}::date`.execute(db);
  let deleted = 0;
  for (const { name } of expired.rows) {
    const removed = await db.transaction().execute(async (trx) => {
      const rows = await trx.deleteFrom("uploads").where("name", "=", name).where("purpose", "=", "document").returning(["id", "organisation_id"]).execute();
      for (const row of rows) {
        await writeAudit(trx, { userId: null, organisationId: row.organisation_id, resource: "uploads", recordId: row.id, action: "delete", before: { name }, after: { reason: "retention", retentionDays: config.documentRetentionDays } });
      }
      return rows.length;
    });
    const stillOwned = await db.selectFrom("uploads").select("id").where("name", "=", name).executeTakeFirst();
    if (removed > 0 && stillOwned === undefined) await uploads.delete(name);
    deleted += removed;
  }
  return { deleted };
}
