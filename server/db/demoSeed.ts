import { sql, type Insertable, type Kysely, type Transaction } from "kysely";
import type { MenuSection } from "../../src/contract/menu";
import { createHeadOffice } from "./headOffice";
import type { Database, OrganisationsTable } from "./schema";

/** The demo accounts of the README. Only ever seeded into a non-production database. */
const DEMO_USERS = {
  admin: { username: "admin", password: "Admin#2026!" },
  agent: { username: "agent", password: "Agent#2026!" },
  otpuser: { username: "otpuser", password: "Otp#2026!", totpSecret: "JBSWY3DPEHPK3PXP" },
} as const;

export const DEMO_ORGANISATIONS = {
  headOffice: "Aggregator Head Office",
  partner: "Gulf Partners Network",
  agency: "Gulf Horizon Travel",
  siblingAgency: "Desert Rose Tours",
  branch: "Gulf Horizon Travel - Salmiya Branch",
} as const;

/** The sections an agency's agent works in; the administration sections stay with the head office. */
const AGENT_SECTIONS: readonly MenuSection[] = ["dashboard", "search", "bookings", "orderList", "activities", "dmt", "report", "accounts", "refer-friend", "upgrade"];

async function insertOrganisation(trx: Transaction<Database>, values: Insertable<OrganisationsTable>) {
  const { id } = await trx.insertInto("organisations").values(values).returning("id").executeTakeFirstOrThrow();
  return id;
}

/**
 * A head office (with the admin) over a partner over two agencies (the demo agent's, and a
 * sibling it must not see) and a branch of the agent's agency; the agent and the OTP user.
 * Amounts are minor units: 5,000.000 KWD = 5000000.
 */
export async function seedDemoData(db: Kysely<Database>, hashPassword: (password: string) => Promise<string>): Promise<void> {
  const [adminHash, agentHash, otpHash] = await Promise.all([
    hashPassword(DEMO_USERS.admin.password),
    hashPassword(DEMO_USERS.agent.password),
    hashPassword(DEMO_USERS.otpuser.password),
  ]);

  await db.transaction().execute(async (trx) => {
    const kuwait = await trx.selectFrom("countries").select("id").where("code", "=", "KW").executeTakeFirstOrThrow();
    const { organisationId: headOffice } = await createHeadOffice(trx, {
      organisationName: DEMO_ORGANISATIONS.headOffice,
      currencyCode: "KWD",
      payOptions: "1,2,3,4,5,6,7,8,9,10,11,12",
      domain: "localhost",
      administrator: {
        username: DEMO_USERS.admin.username,
        email: "admin@aggregator.example",
        mobile: "+96550000001",
        passwordHash: adminHash,
        countryId: kuwait.id,
        languages: "en,ar",
      },
    });
    const partner = await insertOrganisation(trx, {
      parent_id: headOffice,
      type: "PR",
      hierarchy_level: 2,
      name: DEMO_ORGANISATIONS.partner,
      credit_limit: 50_000_000,
      currency_code: "KWD",
      pay_options: "1,2,3,6",
      office_id: "KWIPR0001",
      country_code: "KW",
    });
    const agency = await insertOrganisation(trx, {
      parent_id: partner,
      type: "CR",
      hierarchy_level: 3,
      name: DEMO_ORGANISATIONS.agency,
      credit_limit: 5_000_000,
      currency_code: "KWD",
      pay_options: "1,3,6",
      domain: "gulfhorizon.localhost",
      office_id: "KWIGH0001",
      country_code: "KW",
    });
    await insertOrganisation(trx, {
      parent_id: partner,
      type: "CR",
      hierarchy_level: 3,
      name: DEMO_ORGANISATIONS.siblingAgency,
      credit_limit: 2_500_000,
      currency_code: "KWD",
      pay_options: "1,3",
      office_id: "KWIDR0001",
      country_code: "KW",
    });
    await insertOrganisation(trx, {
      parent_id: agency,
      type: "CR",
      hierarchy_level: 4,
      name: DEMO_ORGANISATIONS.branch,
      credit_limit: 1_000_000,
      currency_code: "KWD",
      pay_options: "1,3",
      office_id: "KWIGH0002",
      country_code: "KW",
    });

    const { id: agentRole } = await trx
      .insertInto("roles")
      .values({ name: "Agency agent", description: "Search, book and follow bookings, reports and accounts.", organisation_id: headOffice, shared: true })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("role_permissions")
      .values(
        AGENT_SECTIONS.map((menu) => ({
          role_id: agentRole,
          menu,
          can_view: true,
          can_create: menu !== "report",
          can_edit: menu !== "report",
          can_delete: false,
          quoting_tool: menu === "search",
        })),
      )
      .execute();

    const agents = await trx
      .insertInto("users")
      .values([
        {
          username: DEMO_USERS.agent.username,
          email: "agent@gulfhorizon.example",
          mobile: "+96550000002",
          password_hash: agentHash,
          totp_secret: null,
          organisation_id: agency,
          admin: false,
          agent: true,
          agent_code: "GHT001",
          country_id: kuwait.id,
          languages: "en,ar",
          profile_image: null,
          unlimited_creditlimit: false,
        },
        {
          username: DEMO_USERS.otpuser.username,
          email: "otpuser@gulfhorizon.example",
          mobile: "+96550000003",
          password_hash: otpHash,
          totp_secret: DEMO_USERS.otpuser.totpSecret,
          organisation_id: agency,
          admin: false,
          agent: true,
          agent_code: "GHT002",
          country_id: kuwait.id,
          languages: "en",
          profile_image: null,
          unlimited_creditlimit: false,
        },
      ])
      .returning("id")
      .execute();
    await trx
      .insertInto("user_roles")
      .values(agents.map((agent) => ({ user_id: agent.id, role_id: agentRole })))
      .execute();
    await seedPaymentRules(trx, { headOffice, agency });
    await seedTerms(trx, headOffice);
  });
}

const DEMO_TERMS_EN = `1. Bookings. You book on behalf of your travellers and check their names, documents and dates before you pay. A booking confirmed by a supplier follows that supplier's fare and cancellation rules, shown before you pay.
2. Payment. Bookings paid from your agency's credit line are charged at booking; amounts due are settled as your agreement with the head office sets out.
3. Data. You collect travellers' personal data only for their bookings and keep it confidential.
4. Access. Your account is yours alone: do not share your password or one-time codes.`;
const DEMO_TERMS_AR = `1. الحجوزات: تحجز نيابةً عن مسافريك وتتحقق من أسمائهم ووثائقهم وتواريخهم قبل الدفع. يخضع الحجز الذي يؤكده المورّد لقواعد الأسعار والإلغاء الخاصة به، وتُعرض قبل الدفع.
2. الدفع: تُخصم الحجوزات المدفوعة من حد ائتمان وكالتك عند الحجز، وتُسدَّد المبالغ المستحقة وفق اتفاقك مع المكتب الرئيسي.
3. البيانات: تجمع البيانات الشخصية للمسافرين لحجوزاتهم فقط وتحافظ على سريتها.
4. الدخول: حسابك لك وحدك؛ لا تشارك كلمة المرور أو الرموز لمرة واحدة.`;

/**
 * The head office's first terms and conditions. The demo accounts have accepted them and seen the
 * tour, so they open the console at once; a user created later is asked on their first visit.
 */
async function seedTerms(trx: Transaction<Database>, headOffice: number): Promise<void> {
  // A database being seeded part-way through its migrations (the migration tests) has no terms yet.
  const exists = await sql<{ found: string | null }>`select to_regclass('terms_versions')::text as found`.execute(trx);
  if (!exists.rows[0]?.found) return;
  const publisher = await trx.selectFrom("users").select("id").where("organisation_id", "=", headOffice).where("admin", "=", true).executeTakeFirstOrThrow();
  await trx.insertInto("terms_versions").values({ version: 1, body_en: DEMO_TERMS_EN, body_ar: DEMO_TERMS_AR, published_by: publisher.id }).execute();
  await trx.updateTable("users").set({ terms_version_accepted: 1, terms_accepted_at: new Date(), tour_guide_finished_at: new Date() }).execute();
}

/**
 * Checkout rules of the demo: the agent's agency may pay by deposit or card; Visa and
 * Mastercard go through the sandbox gateway's merchant account, American Express cards pass
 * straight through to British Airways.
 */
async function seedPaymentRules(trx: Transaction<Database>, { headOffice, agency }: { headOffice: number; agency: number }): Promise<void> {
  await trx
    .insertInto("fop_rules")
    .values({ organisation_id: headOffice, name: "Gulf Horizon: deposit and card", organisation_ids: JSON.stringify([agency]), payment_method_ids: JSON.stringify([1, 3]), valid_from: "2026-01-01" })
    .execute();
  await trx
    .insertInto("merchant_rules")
    .values([
      { organisation_id: headOffice, name: "Sandbox gateway for Visa and Mastercard", organisation_ids: JSON.stringify([headOffice]), card_types: JSON.stringify(["VI", "CA"]), gateway: "sandbox", merchant_id: "AGG-KW-0001", valid_from: "2026-01-01" },
    ])
    .execute();
  await trx
    .insertInto("cc_pass_rules")
    .values({ organisation_id: headOffice, name: "Amex passes through to British Airways", airlines: JSON.stringify(["BA"]), card_types: JSON.stringify(["AX"]), valid_from: "2026-01-01" })
    .execute();
}
