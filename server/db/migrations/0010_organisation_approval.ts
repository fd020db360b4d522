import { sql, type Kysely } from "kysely";

/**
 * Whether the head office has approved an organisation (spec "hierarchy by approval"). Existing
 * organisations were working already: they start approved.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table organisations add column approval_status text not null default 'approved'
    check (approval_status in ('pending', 'approved', 'rejected'))`.execute(db);
}
