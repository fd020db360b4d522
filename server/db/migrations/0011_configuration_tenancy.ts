import { sql, type Kysely } from "kysely";

const ADMINISTRATOR_ROLE = "Head office administrator";

/** Configuration tables whose rows now belong to the organisation that made them (DESIGN.md section 3, Tenancy). */
export const OWNED_CONFIGURATION_TABLES = [
  "roles",
  "markets",
  "passenger_types",
  "partner_levels",
  "content_sources",
  "suppliers",
  "fop_rules",
  "merchant_rules",
  "agency_rules",
  "cc_pass_rules",
  "markup_rules",
] as const;

/**
 * Every row of configuration gets an owner. Rows that exist already were made by the head office
 * (the only organisation that could reach the administration area), so they become its own; on a
 * database without a head office yet (first start) the head office claims them when it is created.
 * Roles also say whether they are shared with the owner's subtree and whether they are the head
 * office's built-in administrator role; role names are unique per owner, not across the platform.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of OWNED_CONFIGURATION_TABLES) {
    await sql`alter table ${sql.table(table)} add column organisation_id integer references organisations (id)`.execute(db);
    await sql`update ${sql.table(table)} set organisation_id = (select id from organisations where parent_id is null order by id limit 1)`.execute(db);
    await sql`create index ${sql.id(`${table}_organisation_id`)} on ${sql.table(table)} (organisation_id)`.execute(db);
  }
  await sql`alter table roles add column shared boolean not null default false`.execute(db);
  await sql`alter table roles add column built_in boolean not null default false`.execute(db);
  await sql`alter table roles drop constraint roles_name_key`.execute(db);
  await sql`create unique index roles_owner_name on roles (organisation_id, lower(name))`.execute(db);
  // The administrator role the head office was created with stays its own; the roles it made for agencies were already in their use.
  await sql`update roles set built_in = (name = ${ADMINISTRATOR_ROLE}), shared = (name <> ${ADMINISTRATOR_ROLE})`.execute(db);
}
