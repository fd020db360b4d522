import { sql, type Kysely } from "kysely";

/**
 * Travel insurance and activities (docs/products.md): suppliers may be insurers and activity
 * suppliers, and the sandbox insurer and activity supplier are configured out of the box, owned by
 * the head office like the other sandboxes (claimed by it when it is created later, on a first
 * start). Policies and activity bookings are order items; nothing else changes in the order model.
 */
const statements = [
  `alter table suppliers drop constraint suppliers_kind_check`,
  `alter table suppliers add constraint suppliers_kind_check check (kind in ('flight', 'hotel', 'floating', 'insurance', 'activity'))`,
  `insert into suppliers (code, name, kind, category, source, is_sandbox, commercial_model, commercial_percentage, settlement, currency, features, organisation_id) values
    ('gulf-takaful-travel', 'Gulf Takaful Travel (sandbox)', 'insurance', 'insurance', 'Other', true, 'net', '0', 'Direct', 'SAR', '["refund"]',
      (select id from organisations where parent_id is null order by id limit 1)),
    ('desert-city-experiences', 'Desert & City Experiences (sandbox)', 'activity', 'other', 'Other', true, 'net', '0', 'Direct', 'AED', '["refund"]',
      (select id from organisations where parent_id is null order by id limit 1))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
