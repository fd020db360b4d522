import { sql, type Kysely } from "kysely";

/**
 * A money-transfer partner can be a supplier row connected to Wise: the kind and connection checks
 * admit it, and the row keeps the public key Wise signs its webhooks with. A quote keeps the
 * partner's own quote (Wise's rate lock) and the recipient fields the partner asked for.
 */
const statements = [
  `alter table suppliers drop constraint suppliers_kind_check`,
  `alter table suppliers add constraint suppliers_kind_check check (kind in ('flight', 'hotel', 'floating', 'insurance', 'activity', 'transfer'))`,
  `alter table suppliers drop constraint suppliers_connection_check`,
  `alter table suppliers add constraint suppliers_connection_check check (connection in ('none', 'hotelbeds', 'duffel', 'iata_ndc', 'xcover', 'wise'))`,
  `alter table suppliers add column webhook_public_key text`,
  `alter table dmt_quotes add column partner_quote text`,
  `alter table dmt_quotes add column recipient_fields jsonb not null default '[]'`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
