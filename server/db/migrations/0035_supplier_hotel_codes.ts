import { sql, type Kysely } from "kysely";

/**
 * The platform's hotel code of each property a supplier names by its own identifier (Duffel's
 * "acc_…"): codes are handed out once, from their own range, and kept, so a hotel keeps its code
 * across searches, instances and restarts. Keyed by supplier and identifier, not by code: the
 * same property at two suppliers can be given one code and is then merged.
 */
const statements = [
  `create sequence supplier_hotel_code_seq`,
  `create table supplier_hotel_codes (
     supplier_code text not null,
     supplier_hotel_id text not null,
     hotel_code text not null,
     created_at timestamptz not null default now(),
     primary key (supplier_code, supplier_hotel_id)
   )`,
  `create index supplier_hotel_codes_by_code on supplier_hotel_codes (supplier_code, hotel_code)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
