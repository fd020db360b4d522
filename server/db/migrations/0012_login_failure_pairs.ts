import { sql, type Kysely } from "kysely";

/**
 * Wrong passwords are also counted per account and address pair, so that a stranger typing the
 * administrator's name cannot lock the administrator out; the per-account count stays as a higher ceiling.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table login_failures drop constraint login_failures_scope_check`.execute(db);
  await sql`alter table login_failures add constraint login_failures_scope_check check (scope in ('username', 'address', 'pair'))`.execute(db);
}
