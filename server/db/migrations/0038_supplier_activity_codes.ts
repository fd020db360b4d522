import { sql, type Kysely } from "kysely";

/**
 * The platform's activity code of each activity a supplier names by its own code (Hotelbeds'
 * "E-E10-PF2SHOW"), handed out once from its own range and kept, as hotels' are (0035).
 */
const statements = [
  `create sequence supplier_activity_code_seq`,
  `create table supplier_activity_codes (
     supplier_code text not null,
     supplier_activity_id text not null,
     activity_code text not null,
     created_at timestamptz not null default now(),
     primary key (supplier_code, supplier_activity_id)
   )`,
  `create index supplier_activity_codes_by_code on supplier_activity_codes (supplier_code, activity_code)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
