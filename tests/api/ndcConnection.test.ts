import { afterAll, beforeAll, expect, it } from "vitest";
import { pricedAirShoppingResponseSchema, type PricedOffer } from "../../src/contract/shopping";
import type { ApiTestClient } from "./apiClient";
import { startFakeNdcAirline, type FakeNdcAirline } from "../fakes/ndc/fakeNdcAirline";
import { describeEachDatabase } from "./harness";
import { CONTACT, creditUsed, DEPOSIT, newKey, orderOf, passengersFor, referenceOf, signedIn } from "./orderFixtures";

const API_KEY = "ba-ndc-key-0042";
const SEARCH = { originDestinations: [{ origin: "LHR", destination: "JFK", departureDate: "2027-05-04" }], passengers: { ADT: 1 } };

let fake: FakeNdcAirline;
let endpointUrl: string;
let closeFake: () => Promise<void>;

const baDirect = (overrides: object = {}) => ({
  code: "ba-direct",
  name: "British Airways (direct NDC)",
  kind: "flight",
  category: "airline",
  source: "BA NDC",
  connection: "iata_ndc",
  endpointUrl,
  apiKey: API_KEY,
  iataNumber: "42212345",
  pseudoCity: "KWIGH2100",
  commercialModel: "net",
  settlement: "BSP",
  currency: "GBP",
  ...overrides,
});

async function directOffers(client: ApiTestClient): Promise<PricedOffer[]> {
  const response = await client.post("/api/flights/search", SEARCH);
  expect(response.status, response.text).toBe(200);
  return pricedAirShoppingResponseSchema.parse((response.body as { data: unknown }).data).offers.filter((offer) => offer.supplierId === "ba-direct");
}

const book = (client: ApiTestClient, offer: PricedOffer, payment: typeof DEPOSIT | null) =>
  client.post("/api/orders", { ...referenceOf(offer), passengers: passengersFor(offer, "Saleh"), contact: CONTACT, isBookAndHold: payment === null, payment: payment && { ...payment, card: null } }, { headers: { "idempotency-key": newKey() } });

describeEachDatabase("an airline connected directly over IATA NDC 21.3", (server) => {
  // An airline of its own for each database: the agency's booking references (AGG-<order id>) start again with each.
  beforeAll(async () => {
    ({ fake, url: endpointUrl, close: closeFake } = await startFakeNdcAirline({ source: "BA NDC", apiKey: API_KEY }));
  });
  afterAll(() => closeFake());

  it("tests the connection: accepted, refused, or missing what an NDC connection needs", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const form = { kind: "flight", connection: "iata_ndc", source: "BA NDC", endpointUrl, iataNumber: "42212345", pseudoCity: "KWIGH2100", currency: "GBP" };
    expect((await admin.post("/api/suppliers/test-connection", { ...form, apiKey: API_KEY })).body).toMatchObject({ data: { connected: true, message: "BA NDC accepted the credentials; its status is reachable." } });
    expect((await admin.post("/api/suppliers/test-connection", { ...form, apiKey: "not-the-key" })).body).toMatchObject({ data: { connected: false, message: expect.stringContaining("refused the credentials") } });
    expect((await admin.post("/api/suppliers/test-connection", { ...form, apiKey: API_KEY, iataNumber: null })).body).toMatchObject({ status: 422, message: "An NDC connection needs the agency's IATA number." });
    expect((await admin.post("/api/suppliers/test-connection", { ...form, apiKey: API_KEY, source: "Travelfusion" })).body).toMatchObject({ status: 422, message: expect.stringContaining("BA NDC or Lufthansa Group NDC") });
  });

  it("shops, books on deposit, logs and refunds through the airline's NDC API as soon as the supplier is saved", async () => {
    const agent = await signedIn(server);
    expect(await directOffers(agent)).toEqual([]);
    const owner = await server.userOf(3, ["setup-configuration"]);
    const incomplete = await owner.client.post("/api/suppliers", baDirect({ pseudoCity: null }));
    expect(incomplete.body).toMatchObject({ status: 422, code: "connection_incomplete", message: "An NDC connection needs the pseudo city code." });
    const created = await owner.client.post("/api/suppliers", baDirect());
    expect(created.status, created.text).toBe(200);
    expect(created.text).not.toContain(API_KEY);

    const offers = await directOffers(agent);
    expect(offers.length).toBeGreaterThan(0);
    const offer = offers.find((candidate) => candidate.fareBrand.code === "FLEX") ?? offers[0]!;
    expect(offer).toMatchObject({ supplierName: "British Airways (direct NDC)", priceBreakdown: { currency: "KWD" } });
    // Another agency does not shop with Gulf Horizon's airline account.
    const sibling = await server.userOf(4, ["search"]);
    expect(await directOffers(sibling.client)).toEqual([]);

    const creditBefore = await creditUsed(server);
    const order = orderOf(await book(agent, offer, DEPOSIT));
    expect(order).toMatchObject({ status: "confirm", supplierId: "ba-direct" });
    expect(order.supplierOrder!.tickets.length).toBe(1);
    expect(await creditUsed(server)).toBe(creditBefore + order.total);
    const sent = fake.requests.filter((request) => request.message === "OrderCreate").at(-1)!.body;
    expect(sent).toContain(`<BookingID>AGG-${order.id}</BookingID>`);
    expect(sent).toContain("<OrgID>42212345</OrgID>");

    const admin = await signedIn(server, "admin", "Admin#2026!");
    const messages = (await admin.get(`/api/orders/${order.id}/supplier-messages`)).body as { data: { operation: string; outcome: string }[] };
    expect(messages.data.map((message) => [message.operation, message.outcome])).toContainEqual(["orderCreate", "answered"]);
    expect(JSON.stringify(messages.data)).not.toContain(API_KEY);

    const quote = await agent.post(`/api/orders/${order.id}/cancel-quote`, {});
    expect(quote.status, quote.text).toBe(200);
    const cancelled = orderOf(await agent.post(`/api/orders/${order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } }));
    expect(["Voided", "refund"]).toContain(cancelled.status);
    expect(cancelled.refunded).toBe((quote.body as { data: { refundToAgency: { amount: number } } }).data.refundToAgency.amount);
  });

  it("confirms a booking whose answer was lost, found again by the agency's booking reference", async () => {
    const agent = await signedIn(server);
    const offer = (await directOffers(agent))[0]!;
    fake.loseNextOrderAnswer();
    const order = orderOf(await book(agent, offer, null));
    expect(order).toMatchObject({ status: "hold", supplierId: "ba-direct" });
    expect(order.supplierOrder!.passengers[0]!.lastName).toBe("Saleh");
  });
});
