import { sql, type Kysely } from "kysely";

/**
 * A supplier row can connect to a real provider: which adapter (none keeps it a record of
 * configuration, as the sandboxes are) and the provider's secret beside its API key, both sealed.
 */
const statements = [
  `alter table suppliers add column connection text not null default 'none' check (connection in ('none', 'hotelbeds'))`,
  `alter table suppliers add column api_secret text`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
