import { expect, it } from "vitest";
import type { MenuSection } from "../../src/contract/menu";
import { MAX_CREDIT_AMOUNT } from "../../src/contract/money";
import type { paymentOptionsResponseSchema } from "../../src/contract/orders";
import type { z } from "zod";

type PaymentOptionsResponse = z.infer<typeof paymentOptionsResponseSchema>;
import type { ApiTestClient } from "./apiClient";
import { describeEachDatabase, type TestServer } from "./harness";
import { book, DEPOSIT, findOffer, newKey, orderOf, referenceOf } from "./orderFixtures";

const PARTNER = 2;
const AGENCY = 3;
const SIBLING = 4;

const userOf = async (server: TestServer, organisationId: number, sections?: readonly MenuSection[]): Promise<ApiTestClient> => (await server.userOf(organisationId, sections)).client;

const signedIn = async (server: TestServer, username = "agent", password = "Agent#2026!") => {
  const client = server.client();
  await client.signIn(username, password);
  return client;
};

const creditOf = async (server: TestServer, organisationId: number) =>
  server.db.selectFrom("organisations").select(["credit_limit", "credit_used"]).where("id", "=", organisationId).executeTakeFirstOrThrow();

/** Every organisation's ledger adds up to its credit used. */
async function expectLedgersBalance(server: TestServer): Promise<void> {
  const organisations = await server.db.selectFrom("organisations").select(["id", "credit_used"]).execute();
  const entries = await server.db.selectFrom("ledger_entries").select(["organisation_id", "kind", "amount"]).execute();
  for (const organisation of organisations) {
    const sum = entries.filter((entry) => entry.organisation_id === organisation.id).reduce((total, entry) => total + (entry.kind === "debit" ? entry.amount : -entry.amount), 0);
    expect(sum, `organisation ${organisation.id}`).toBe(organisation.credit_used);
  }
}

const transaction = (client: ApiTestClient, body: Record<string, unknown>) =>
  client.post("/api/make-agent-transaction", { currency: "KWD", reason: "Settlement", ...body }, { headers: { "idempotency-key": newKey() } });

describeEachDatabase("money: funded credit, card tokens, agency rules", (server) => {
  it("a top-up comes from the parent's credit, a charge goes back to it, both sides in the ledger; nothing is conjured", async () => {
    const agent = await signedIn(server);
    orderOf(await book(agent, await findOffer(agent, "ba-ndc", "LIGHT"), DEPOSIT));
    const owed = (await creditOf(server, AGENCY)).credit_used;
    expect(owed).toBeGreaterThan(0);
    const partner = await userOf(server, PARTNER);
    const partnerBefore = await creditOf(server, PARTNER);

    const half = Math.floor(owed / 2);
    const topUp = await transaction(partner, { organisationId: AGENCY, kind: "credit", amount: half });
    expect(topUp.status, topUp.text).toBe(200);
    expect((await creditOf(server, AGENCY)).credit_used).toBe(owed - half);
    expect((await creditOf(server, PARTNER)).credit_used).toBe(partnerBefore.credit_used + half);

    const back = await transaction(partner, { organisationId: AGENCY, kind: "debit", amount: 1_000 });
    expect(back.status, back.text).toBe(200);
    expect((await creditOf(server, AGENCY)).credit_used).toBe(owed - half + 1_000);
    expect((await creditOf(server, PARTNER)).credit_used).toBe(partnerBefore.credit_used + half - 1_000);

    // More than the agency owes would push its credit used below zero: that would be credit from nothing.
    const tooMuch = await transaction(partner, { organisationId: AGENCY, kind: "credit", amount: owed });
    expect(tooMuch.body).toMatchObject({ status: 422, code: "credit_used_exceeded", errors: [{ field: "amount" }] });

    // The parent funds only what it has available.
    await server.db.updateTable("organisations").set({ credit_limit: (await creditOf(server, PARTNER)).credit_used + 10 }).where("id", "=", PARTNER).execute();
    try {
      expect((await transaction(partner, { organisationId: AGENCY, kind: "credit", amount: 11 })).body).toMatchObject({ status: 422, code: "credit_limit_exceeded" });
    } finally {
      await server.db.updateTable("organisations").set({ credit_limit: partnerBefore.credit_limit }).where("id", "=", PARTNER).execute();
    }

    // The head office funds the tree without a limit of its own.
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const partnerOwes = (await creditOf(server, PARTNER)).credit_used;
    expect((await transaction(admin, { organisationId: PARTNER, kind: "credit", amount: partnerOwes })).status).toBe(200);
    expect((await creditOf(server, PARTNER)).credit_used).toBe(0);

    await expectLedgersBalance(server);
  });

  it("only users above an organisation with the accounts permission move its credit; amounts are positive whole minor units below the maximum", async () => {
    const agencyAccounts = await userOf(server, AGENCY);
    expect((await transaction(agencyAccounts, { organisationId: AGENCY, kind: "credit", amount: 1 })).body).toMatchObject({ status: 404, code: "organisation_not_found" });
    expect((await transaction(agencyAccounts, { organisationId: SIBLING, kind: "credit", amount: 1 })).status).toBe(404);
    const noAccounts = await userOf(server, PARTNER, ["dashboard", "search"]);
    expect((await transaction(noAccounts, { organisationId: AGENCY, kind: "credit", amount: 1 })).status).toBe(403);
    const partner = await userOf(server, PARTNER);
    for (const amount of [0, -5, 1.5, MAX_CREDIT_AMOUNT + 1, "100"]) {
      const refused = await transaction(partner, { organisationId: AGENCY, kind: "credit", amount });
      expect(refused.body, String(amount)).toMatchObject({ status: 400, errors: expect.arrayContaining([expect.objectContaining({ field: "amount" })]) });
    }
    await expectLedgersBalance(server);
  });

  it("on PostgreSQL, 20 concurrent top-ups of a tenth of what is owed settle exactly ten", async () => {
    if (server.kind !== "postgres") return;
    const partner = await userOf(server, PARTNER);
    const agent = await signedIn(server);
    orderOf(await book(agent, await findOffer(agent, "lufthansa-group-ndc", "LIGHT"), DEPOSIT));
    const owed = (await creditOf(server, AGENCY)).credit_used;
    const tenth = Math.floor(owed / 10);
    const answers = await Promise.all(Array.from({ length: 20 }, () => transaction(partner, { organisationId: AGENCY, kind: "credit", amount: tenth })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 422)).toHaveLength(10);
    expect((await creditOf(server, AGENCY)).credit_used).toBe(owed - 10 * tenth);
    await expectLedgersBalance(server);
  });

  it("a child's credit limit is never more than its parent can back, except under the head office or from an unlimited user", async () => {
    const agencyAdmin = await userOf(server, AGENCY);
    const agency = await creditOf(server, AGENCY);
    const available = agency.credit_limit - agency.credit_used;
    const branch = { name: "Gulf Horizon - Jahra", type: "CR", parentId: AGENCY, currencyCode: "KWD", payOptions: [1] };
    const unbacked = await agencyAdmin.post("/api/organisations", { ...branch, creditLimit: available + 1 });
    expect(unbacked.body).toMatchObject({ status: 422, code: "credit_limit_unbacked", errors: [{ field: "creditLimit" }] });
    const backed = await agencyAdmin.post("/api/organisations", { ...branch, creditLimit: available });
    expect(backed.status, backed.text).toBe(200);
    const id = (backed.body as { data: { id: number } }).data.id;
    expect((await agencyAdmin.request("PUT", `/api/organisations/${id}`, { creditLimit: available + 1 })).body).toMatchObject({ code: "credit_limit_unbacked" });
    const admin = await signedIn(server, "admin", "Admin#2026!");
    expect((await admin.request("PUT", `/api/organisations/${id}`, { creditLimit: available + 1 })).status).toBe(200);
    expect((await admin.post("/api/organisations", { ...branch, name: "Capped", creditLimit: MAX_CREDIT_AMOUNT + 1 })).body).toMatchObject({ status: 400, errors: [{ field: "creditLimit" }] });
  });

  it("card tokens are bound to their user, used once, expire after 15 minutes, and keep no card number", async () => {
    const agent = await signedIn(server);
    const number = "4111111111111111";
    const tokenise = async (client: ApiTestClient) => {
      const response = await client.post("/api/payments/card-token", { number, expiryMonth: 12, expiryYear: 2030, cvv: "123", holderName: "Sam Traveller" });
      expect(response.status, response.text).toBe(200);
      return (response.body as { data: { token: string } }).data.token;
    };
    const token = await tokenise(agent);
    const stored = await server.db.selectFrom("card_tokens").selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(number);
    expect(JSON.stringify(stored)).not.toContain(token);

    const offer = await findOffer(agent, "ba-ndc", "LIGHT");
    const card = (cardToken: string) => ({ paymentMethodId: 3, card: { holderName: "Sam Traveller", token: cardToken } });
    const colleague = await userOf(server, AGENCY, ["search", "bookings"]);
    expect((await book(colleague, offer, card(token))).body).toMatchObject({ status: 422, code: "card_token_invalid" });
    orderOf(await book(agent, offer, card(token)));
    const again = await book(agent, await findOffer(agent, "ba-ndc", "LIGHT"), card(token));
    expect(again.body).toMatchObject({ status: 422, code: "card_token_invalid" });

    const late = await tokenise(agent);
    const laterOffer = await findOffer(agent, "ba-ndc", "LIGHT");
    server.clock.advance(15 * 60 + 1);
    const later = await signedIn(server);
    expect((await book(later, laterOffer, card(late))).body).toMatchObject({ status: 422, code: "card_token_invalid" });
  });

  it("agency rules take effect: no credit use, no hold, a maximum booking amount, each refusal naming the rule", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const agent = await signedIn(server);
    const offer = await findOffer(agent, "ba-ndc", "LIGHT");
    const rule = await admin.post("/api/insertAgencyRule", { name: "Gulf Horizon: cards only", validFrom: "2026-01-01", organisationIds: [AGENCY], holdAllowed: false, creditUsageAllowed: false });
    expect(rule.status, rule.text).toBe(200);
    const ruleId = (rule.body as { data: { id: number } }).data.id;
    try {
      const options = ((await agent.post("/api/orders/payment-options", referenceOf(offer))).body as { data: PaymentOptionsResponse }).data;
      expect(options.methods.map((method) => method.settlement)).not.toContain("credit");
      expect(options.bookAndHold).toBe(false);
      expect(options.agencyRule).toMatchObject({ id: ruleId, name: "Gulf Horizon: cards only", creditUsageAllowed: false, holdAllowed: false });
      expect((await book(agent, offer, DEPOSIT)).body).toMatchObject({ status: 422, code: "credit_use_not_allowed", message: expect.stringContaining("Gulf Horizon: cards only") });
      expect((await book(agent, offer, null)).body).toMatchObject({ status: 422, code: "hold_not_allowed", message: expect.stringContaining("Gulf Horizon: cards only") });

      const capped = await admin.post("/api/updateAgencyRule", { id: ruleId, holdAllowed: true, creditUsageAllowed: true, maxBookingAmount: offer.priceBreakdown.totals.total - 1 });
      expect(capped.status, capped.text).toBe(200);
      expect((await book(agent, offer, DEPOSIT)).body).toMatchObject({ status: 422, code: "booking_amount_exceeded", message: expect.stringContaining("Gulf Horizon: cards only") });
    } finally {
      await admin.post("/api/deleteAgencyRule", { id: ruleId });
    }
    orderOf(await book(agent, offer, DEPOSIT));
  });

  it("markup rules by market and by tour code price the seller's searches", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    // One rule per layer applies (the most specific): the market rules compete in one, the tour code rule sits in the other.
    const ruleOf = (name: string, pointOfSale: Record<string, unknown>, criteria: Record<string, unknown>, layer = "agency") => ({
      layer,
      head: { name, status: 1, validFrom: "2026-01-01", validTo: null, priority: 1 },
      contentSource: { supplierIds: [] },
      pointOfSale: { organisationIds: [], includeSubtree: false, markets: [], countries: [], ...pointOfSale },
      criteria,
      rule: { markupBy: "by_amount", amount: 3_000, currency: "KWD", appliesPer: "booking" },
    });
    const gcc = (await admin.post("/api/markup-rules", ruleOf("GCC sellers", { markets: ["GCC"] }, {}))).body as { data: { id: number } };
    const amer = (await admin.post("/api/markup-rules", ruleOf("American sellers", { markets: ["AMER"] }, {}))).body as { data: { id: number } };
    const tour = (await admin.post("/api/markup-rules", ruleOf("Tour TC1", {}, { tourCodes: ["TC1"] }, "supplier"))).body as { data: { id: number } };
    const applied = async () => {
      const departureDate = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
      const response = await admin.post("/api/markup/simulate", { organisationId: AGENCY, search: { originDestinations: [{ origin: "KWI", destination: "LHR", departureDate }], passengers: { ADT: 1 } } });
      expect(response.status, response.text).toBe(200);
      return (response.body as { data: { appliedRuleIds: number[] } }).data.appliedRuleIds;
    };
    try {
      const before = await applied();
      expect(before).toContain(gcc.data.id);
      expect(before).not.toContain(amer.data.id);
      expect(before).not.toContain(tour.data.id);
      await server.db.updateTable("organisations").set({ tour_code: "TC1" }).where("id", "=", AGENCY).execute();
      expect(await applied()).toContain(tour.data.id);
    } finally {
      await server.db.updateTable("organisations").set({ tour_code: null }).where("id", "=", AGENCY).execute();
      for (const rule of [gcc, amer, tour]) await admin.request("DELETE", `/api/markup-rules/${rule.data.id}`, undefined);
    }
  });
});
