import { sql, type Kysely, type Transaction } from "kysely";
import { z } from "zod";
import { resetPasswordRequestSchema } from "../../src/contract/auth";
import { MENU_SECTIONS } from "../../src/contract/menu";
import type { Environment } from "../config";
import { migrateToLatest } from "./migrate";
import { OWNED_CONFIGURATION_TABLES } from "./migrations/0011_configuration_tenancy";

/** Owned configuration tables created after migration 0011 (which placed the first ones). */
const LATER_OWNED_TABLES = ["visa_products", "packages", "dmt_brands", "screening_names", "ancillary_services"] as const;
import { syncReferenceData } from "./referenceData";
import type { Database } from "./schema";

const ADMINISTRATOR_ROLE = "Head office administrator";

export interface HeadOfficeSetup {
  organisationName: string;
  currencyCode: string;
  /** Comma-separated payment option ids; the head office usually offers all twelve. */
  payOptions: string;
  domain: string | null;
  administrator: { username: string; email: string; mobile: string; passwordHash: string; countryId: number | null; languages: string };
}

/**
 * The root of the organisation tree with its first administrator: every menu section,
 * every action, the quoting tool, unlimited credit. Used by the demo seed and by
 * `npm run setup:head-office` on a production database.
 */
export async function createHeadOffice(trx: Transaction<Database>, setup: HeadOfficeSetup): Promise<{ organisationId: number; userId: number; roleId: number }> {
  const { id: organisationId } = await trx
    .insertInto("organisations")
    .values({
      parent_id: null,
      type: "FC",
      hierarchy_level: 1,
      name: setup.organisationName,
      credit_limit: 0,
      currency_code: setup.currencyCode,
      pay_options: setup.payOptions,
      domain: setup.domain,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const { id: roleId } = await trx
    .insertInto("roles")
    .values({ name: ADMINISTRATOR_ROLE, description: "Every section, every action, the quoting tool.", organisation_id: organisationId, built_in: true, shared: false })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("role_permissions")
    .values(MENU_SECTIONS.map((menu) => ({ role_id: roleId, menu, can_view: true, can_create: true, can_edit: true, can_delete: true, quoting_tool: true })))
    .execute();
  const { administrator } = setup;
  const { id: userId } = await trx
    .insertInto("users")
    .values({
      username: administrator.username,
      email: administrator.email,
      mobile: administrator.mobile,
      password_hash: administrator.passwordHash,
      totp_secret: null,
      organisation_id: organisationId,
      admin: true,
      agent: false,
      agent_code: null,
      country_id: administrator.countryId,
      languages: administrator.languages,
      profile_image: null,
      unlimited_creditlimit: true,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx.insertInto("user_roles").values({ user_id: userId, role_id: roleId }).execute();
  // Configuration seeded by the migrations before any organisation existed is the head office's.
  for (const table of OWNED_CONFIGURATION_TABLES) {
    await sql`update ${sql.table(table)} set organisation_id = ${organisationId} where organisation_id is null`.execute(trx);
  }
  // A database still being migrated may not have the later tables yet (their migration claims its own rows).
  for (const table of LATER_OWNED_TABLES) {
    const exists = await sql<{ found: string | null }>`select to_regclass(${table})::text as found`.execute(trx);
    if (exists.rows[0]?.found) await sql`update ${sql.table(table)} set organisation_id = ${organisationId} where organisation_id is null`.execute(trx);
  }
  return { organisationId, userId, roleId };
}

const headOfficeInputSchema = z.object({
  HEAD_OFFICE_NAME: z.string({ error: "the head office's name is required." }).trim().min(2, "the head office's name is required."),
  HEAD_OFFICE_CURRENCY: z.string().trim().toUpperCase().length(3, "an ISO 4217 code such as USD.").default("USD"),
  HEAD_OFFICE_DOMAIN: z.string().trim().toLowerCase().optional(),
  ADMIN_USERNAME: z.string().trim().min(3, "at least 3 characters.").default("admin"),
  ADMIN_EMAIL: z.email({ error: "the administrator's email address is required (for password resets)." }),
  ADMIN_PASSWORD: z.string({ error: "the administrator's password is required." }).pipe(resetPasswordRequestSchema.shape.password),
});

/**
 * Production's first start has no users: this migrates the database and creates the head
 * office with its administrator, once. Refuses a database that already has organisations.
 */
export async function setUpHeadOffice(db: Kysely<Database>, input: Environment, hashPassword: (password: string) => Promise<string>) {
  const parsed = headOfficeInputSchema.safeParse(input);
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n"));
  const settings = parsed.data;
  await migrateToLatest(db);
  await syncReferenceData(db);
  const currency = await db.selectFrom("currencies").select("code").where("code", "=", settings.HEAD_OFFICE_CURRENCY).executeTakeFirst();
  if (currency === undefined) throw new Error(`HEAD_OFFICE_CURRENCY: ${settings.HEAD_OFFICE_CURRENCY} is not an ISO 4217 currency.`);
  const passwordHash = await hashPassword(settings.ADMIN_PASSWORD);
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("organisations").select("name").where("parent_id", "is", null).executeTakeFirst();
    if (existing !== undefined) throw new Error(`This database already has a head office (${existing.name}); nothing was changed.`);
    return createHeadOffice(trx, {
      organisationName: settings.HEAD_OFFICE_NAME,
      currencyCode: settings.HEAD_OFFICE_CURRENCY,
      payOptions: "1,2,3,4,5,6,7,8,9,10,11,12",
      domain: settings.HEAD_OFFICE_DOMAIN ?? null,
      administrator: { username: settings.ADMIN_USERNAME, email: settings.ADMIN_EMAIL, mobile: "", passwordHash, countryId: null, languages: "en" },
    });
  });
}
