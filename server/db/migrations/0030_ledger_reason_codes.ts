import { sql, type Kysely } from "kysely";

/**
 * Ledger reasons as codes with their references (src/contract/ledgerReasons.ts), so statements
 * read in the reader's language; the English sentence stays in `reason`. Older entries keep only it.
 */
const statements = [`alter table ledger_entries add column reason_code text`, `alter table ledger_entries add column reason_params jsonb`];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
