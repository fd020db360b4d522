import { expect, it } from "vitest";
import { BOOKING_FOR_HEADER } from "../../src/contract/bookingFor";
import { ENDPOINTS } from "../../src/contract/endpoints";
import type { PlatformOrder } from "../../src/contract/orders";
import { reportSchema } from "../../src/contract/reports";
import { pricedAirShoppingResponseSchema, type PricedOffer } from "../../src/contract/shopping";
import type { ApiTestClient } from "./apiClient";
import { CONTACT, creditUsed, DEPOSIT, newKey, orderOf, passengersFor, referenceOf, SEARCH, signedIn } from "./orderFixtures";
import { describeEachDatabase } from "./harness";

const forOrganisation = (value: string) => ({ headers: { [BOOKING_FOR_HEADER]: value } });

async function offers(client: ApiTestClient, bookingFor?: string): Promise<PricedOffer[]> {
  const response = await client.post("/api/flights/search", SEARCH, bookingFor === undefined ? {} : forOrganisation(bookingFor));
  expect(response.status, response.text).toBe(200);
  return pricedAirShoppingResponseSchema.parse((response.body as { data: unknown }).data).offers;
}

const sameFare = (from: PricedOffer[], like: PricedOffer) => from.find((offer) => offer.supplierId === like.supplierId && offer.offerId === like.offerId);

function book(client: ApiTestClient, offer: PricedOffer, bookingFor: string, payment: { paymentMethodId: number; card?: { holderName: string; token: string } } | null) {
  return client.post(
    "/api/orders",
    { ...referenceOf(offer), passengers: passengersFor(offer, "Behalf"), contact: CONTACT, isBookAndHold: payment === null, payment: payment && { card: null, ...payment } },
    { headers: { "idempotency-key": newKey(), [BOOKING_FOR_HEADER]: bookingFor } },
  );
}

describeEachDatabase("booking on behalf", (server) => {
  const userIdOf = async (username: string) => (await server.db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;

  it("prices, offers payment and charges credit as the chosen agency, and the order records who booked it for whom", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const rule = await admin.post("/api/markup-rules", {
      layer: "agency",
      head: { name: "Gulf Horizon desk fee", status: 1, validFrom: "2026-01-01", validTo: null, priority: 1 },
      contentSource: { supplierIds: [] },
      pointOfSale: { organisationIds: [3], includeSubtree: true, markets: [], countries: [] },
      criteria: {},
      rule: { markupBy: "by_amount", amount: 4250, currency: "KWD", appliesPer: "booking" },
    });
    expect(rule.status, rule.text).toBe(200);
    const ruleId = (rule.body as { data: { id: number } }).data.id;

    // The agency's own rule prices the search made for it, and only that one.
    const forAgency = await offers(admin, "3");
    const offer = forAgency[0]!;
    expect(offer.priceBreakdown.bookingMarkups).toContainEqual(expect.objectContaining({ ruleId, amount: 4250 }));
    const own = sameFare(await offers(admin), offer);
    expect(own?.priceBreakdown.bookingMarkups.some((markup) => markup.ruleId === ruleId)).toBe(false);

    // Its payment options: Gulf Horizon may book and hold, Desert Rose may not.
    const options = async (bookingFor: string) =>
      ((await admin.post("/api/orders/payment-options", referenceOf(offer), forOrganisation(bookingFor))).body as { data: { bookAndHold: boolean } }).data;
    expect((await options("3")).bookAndHold).toBe(true);
    expect((await options("4")).bookAndHold).toBe(false);
    const credit = (await admin.get("/api/check_credit_unlimited", forOrganisation("3"))).body as { data: { unlimited: boolean; creditLimit: { amount: number } } };
    expect(credit.data).toMatchObject({ unlimited: false, creditLimit: { amount: 5_000_000 } });

    const agentId = await userIdOf("agent");
    const adminId = await userIdOf("admin");
    const [agencyBefore, headOfficeBefore] = [await creditUsed(server, 3), await creditUsed(server, 1)];
    const order = orderOf(await book(admin, offer, `3/${agentId}`, DEPOSIT));
    expect(order).toMatchObject({ status: "confirm", organisationId: 3, userId: agentId, total: offer.priceBreakdown.totals.total });
    expect(order.bookedOnBehalf).toEqual({ userId: adminId, username: "admin", organisationId: 1, organisationName: expect.any(String) });
    expect(await creditUsed(server, 3)).toBe(agencyBefore + order.total);
    expect(await creditUsed(server, 1)).toBe(headOfficeBefore);
    const entry = await server.db.selectFrom("ledger_entries").select(["organisation_id", "user_id"]).where("order_id", "=", order.id).executeTakeFirstOrThrow();
    expect(entry).toEqual({ organisation_id: 3, user_id: adminId });

    // The agent finds it among its own bookings, and so does the one who booked it.
    const agent = await signedIn(server);
    const mine = async (client: ApiTestClient) => ((await client.get("/api/orders?mine=true&pageSize=200")).body as { data: PlatformOrder[] }).data.map((row) => row.id);
    expect(await mine(agent)).toContain(order.id);
    expect(await mine(admin)).toContain(order.id);
    expect(((await agent.get(`/api/orders/${order.id}`)).body as { data: PlatformOrder }).data.bookedOnBehalf?.username).toBe("admin");
    // The bookings report says it too: the agency's agent, booked by the head office's admin.
    const today = new Date().toISOString().slice(0, 10);
    const report = reportSchema.parse(((await admin.get(`/api/reports/bookings?from=${today}&to=${today}&pageSize=500`)).body as { data: unknown }).data);
    const row = report.kind === "bookings" ? report.rows.find((candidate) => candidate.orderId === order.id) : undefined;
    expect(row).toMatchObject({ organisationName: "Gulf Horizon Travel", userName: "agent", bookedBy: "admin" });
  });

  it("tickets a hold made for an agency from that agency's credit, whoever in the tree tickets it", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const offer = (await offers(admin, "3")).find((candidate) => candidate.supplierId === "lufthansa-group-ndc")!;
    const held = orderOf(await book(admin, offer, "3", null));
    expect(held).toMatchObject({ status: "hold", organisationId: 3, userId: await userIdOf("admin") });
    const [agencyBefore, headOfficeBefore] = [await creditUsed(server, 3), await creditUsed(server, 1)];
    const ticketed = orderOf(await admin.post(`/api/orders/${held.id}/ticket`, { payment: { paymentMethodId: 1, card: null } }, { headers: { "idempotency-key": newKey() } }));
    expect(ticketed.status).toBe("confirm");
    expect(await creditUsed(server, 3)).toBe(agencyBefore + held.total);
    expect(await creditUsed(server, 1)).toBe(headOfficeBefore);
  });

  it("takes a card the manager entered for the agency it books for, and the agency's credit is not touched", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const tokenised = await admin.post("/api/payments/card-token", { number: "4111 1111 1111 1111", expiryMonth: 12, expiryYear: 2030, cvv: "123", holderName: "Sam Traveller" });
    expect(tokenised.status, tokenised.text).toBe(200);
    const token = (tokenised.body as { data: { token: string } }).data.token;
    const offer = (await offers(admin, "3")).find((candidate) => candidate.supplierId === "ba-ndc")!;
    const before = await creditUsed(server, 3);
    const order = orderOf(await book(admin, offer, "3", { paymentMethodId: 3, card: { holderName: "Sam Traveller", token } }));
    expect(order).toMatchObject({ status: "confirm", organisationId: 3, paymentMethodId: 3, paid: order.total });
    expect(await creditUsed(server, 3)).toBe(before);
  });

  it("refuses those without the point-of-sale section, organisations outside the subtree, users of another agency and malformed headers", async () => {
    const agent = await signedIn(server);
    // Every call the API documents as honouring the header checks it, before anything else.
    const honouring = ENDPOINTS.filter((endpoint) => endpoint.bookingFor);
    expect(honouring.length).toBeGreaterThanOrEqual(10);
    for (const endpoint of honouring) {
      const response = await agent.request(endpoint.method, endpoint.path, endpoint.method === "GET" ? undefined : {}, { headers: { [BOOKING_FOR_HEADER]: "5", "idempotency-key": newKey() } });
      expect(response.body, `${endpoint.method} ${endpoint.path}`).toMatchObject({ status: 403, code: "forbidden" });
    }

    const manager = await server.userOf(3, ["search", "bookings", "pos"]);
    expect((await manager.client.post("/api/flights/search", SEARCH, forOrganisation("4"))).body).toMatchObject({ status: 404, code: "organisation_not_found" });
    expect((await manager.client.post("/api/flights/search", SEARCH, forOrganisation("999999"))).body).toMatchObject({ status: 404, code: "organisation_not_found" });
    expect((await manager.client.post("/api/flights/search", SEARCH, forOrganisation(`5/${await userIdOf("agent")}`))).body).toMatchObject({ status: 404, code: "user_not_found" });
    expect((await manager.client.post("/api/flights/search", SEARCH, forOrganisation("three"))).body).toMatchObject({ status: 400, code: "validation_failed" });
    // Its own branch is fine, and the branch's credit is what it then sees.
    expect((await manager.client.post("/api/flights/search", SEARCH, forOrganisation("5"))).status).toBe(200);
    const credit = (await manager.client.get("/api/check_credit_unlimited", forOrganisation("5"))).body as { data: { creditLimit: { amount: number } } };
    expect(credit.data.creditLimit.amount).toBe(1_000_000);
  });
});
