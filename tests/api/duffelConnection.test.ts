import { afterAll, beforeAll, expect, it } from "vitest";
import type { PlatformOrder } from "../../src/contract/orders";
import { pricedAirShoppingResponseSchema, seatAvailabilityResponseSchema, serviceListResponseSchema, type PricedOffer } from "../../src/contract/shopping";
import type { ApiTestClient } from "./apiClient";
import { startFakeDuffel, type FakeDuffel } from "../fakes/duffel/fakeDuffel";
import { describeEachDatabase } from "./harness";
import { CONTACT, creditUsed, DEPOSIT, newKey, orderOf, passengersFor, referenceOf, signedIn } from "./orderFixtures";

const TOKEN = "duffel_test_gulf-horizon-0042";
const SEARCH = {
  originDestinations: [
    { origin: "KWI", destination: "LHR", departureDate: "2027-04-06" },
    { origin: "LHR", destination: "KWI", departureDate: "2027-04-13" },
  ],
  passengers: { ADT: 1, CHD: 1 },
};

let fake: FakeDuffel;
let endpointUrl: string;
let closeFake: () => Promise<void>;
beforeAll(async () => {
  ({ fake, url: endpointUrl, close: closeFake } = await startFakeDuffel({ accessToken: TOKEN, currency: "USD" }));
});
afterAll(() => closeFake());

const duffelSupplier = (overrides: object = {}) => ({
  code: "duffel-gulf",
  name: "Duffel (test account)",
  kind: "flight",
  category: "airline",
  source: "Duffel",
  connection: "duffel",
  endpointUrl,
  apiKey: TOKEN,
  commercialModel: "net",
  settlement: "Prepaid deposit",
  currency: "USD",
  ...overrides,
});

async function duffelOffers(client: ApiTestClient, search: object = SEARCH): Promise<{ offers: PricedOffer[]; warnings: unknown[] }> {
  const response = await client.post("/api/flights/search", search);
  expect(response.status, response.text).toBe(200);
  const answer = pricedAirShoppingResponseSchema.parse((response.body as { data: unknown }).data);
  return { offers: answer.offers.filter((offer) => offer.supplierId === "duffel-gulf"), warnings: answer.warnings };
}

/** Duffel's passenger identifiers are long: the travellers carry passport numbers of their own. */
const travellers = (offer: PricedOffer) => passengersFor(offer, "Saleh").map((passenger, index) => ({ ...passenger, passportId: `K7700${index}` }));

const direct = (offers: PricedOffer[], brand: string) => offers.find((offer) => offer.fareBrand.code === brand && offer.journeys.every((journey) => journey.segments.length === 1))!;

describeEachDatabase("a flight supplier connected to Duffel by its access token", (server) => {
  it("tests the connection: accepted, refused in Duffel's words, or incomplete", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const form = { kind: "flight", connection: "duffel", endpointUrl, currency: "USD" };
    expect((await admin.post("/api/suppliers/test-connection", { ...form, apiKey: TOKEN })).body).toMatchObject({ data: { connected: true, message: "Duffel accepted the credentials; its status is reachable." } });
    expect((await admin.post("/api/suppliers/test-connection", { ...form, apiKey: "duffel_test_wrong-token" })).body).toMatchObject({ data: { connected: false, message: expect.stringContaining("Access token not found") } });
    expect((await admin.post("/api/suppliers/test-connection", form)).body).toMatchObject({ status: 422, code: "connection_incomplete", message: "A Duffel connection needs the access token (in API key)." });
    expect((await admin.post("/api/suppliers/test-connection", { ...form, kind: "activity", apiKey: TOKEN })).body).toMatchObject({ status: 422, message: expect.stringContaining("flight or hotel supplier") });
  });

  it("shops Duffel beside the sandboxes, books with a bag and a seat on deposit, keeps the travellers' documents and refunds in full", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const agent = await signedIn(server);
    expect((await duffelOffers(agent)).offers).toEqual([]);
    // Gulf Horizon's own administrator enters its Duffel account: the supplier is its agency's.
    const owner = await server.userOf(3, ["setup-configuration"]);
    const created = await owner.client.post("/api/suppliers", duffelSupplier());
    expect(created.status, created.text).toBe(200);
    expect(created.text).not.toContain(TOKEN);

    const { offers, warnings } = await duffelOffers(agent);
    expect(warnings).toEqual([]);
    expect(offers).toHaveLength(9);
    const flex = direct(offers, "FLEX");
    expect(flex).toMatchObject({ ownerCode: "ZZ", supplierName: "Duffel (test account)", priceBreakdown: { currency: "KWD" } });
    // Another agency's agents do not shop with Gulf Horizon's Duffel account.
    const sibling = await server.userOf(4, ["search"]);
    expect((await duffelOffers(sibling.client)).offers).toEqual([]);

    const priced = await agent.post("/api/flights/offer-price", referenceOf(flex));
    expect(priced.status, priced.text).toBe(200);
    const services = serviceListResponseSchema.parse(((await agent.post("/api/flights/services", referenceOf(flex))).body as { data: unknown }).data);
    const seatMaps = seatAvailabilityResponseSchema.parse(((await agent.post("/api/flights/seat-map", referenceOf(flex))).body as { data: unknown }).data);
    const passengers = travellers(flex);
    const adult = passengers.find((passenger) => passenger.paxType === "ADT")!;
    const outbound = flex.journeys[0]!.segments[0]!.paxSegmentID;
    const bag = services.services.find((service) => service.prices.some((price) => price.passengerType === "ADT" && price.paxSegmentID === outbound))!;
    const seat = seatMaps.seatMaps[0]!.cabins[0]!.rows.flatMap((row) => row.seats).find((candidate) => candidate.availability === "available" && candidate.column === "A")!;
    expect(bag.baggage).toEqual({ pieces: 1, weightKg: 23 });

    const creditBefore = await creditUsed(server);
    const response = await agent.post(
      "/api/orders",
      {
        ...referenceOf(flex),
        passengers,
        contact: CONTACT,
        selectedServices: [{ serviceDefinitionID: bag.serviceDefinitionID, paxId: adult.paxId, paxSegmentID: outbound, quantity: 1 }],
        selectedSeats: [{ paxId: adult.paxId, paxSegmentID: outbound, seatNumber: seat.seatNumber }],
        isBookAndHold: false,
        payment: { ...DEPOSIT, card: null },
      },
      { headers: { "idempotency-key": newKey() } },
    );
    const order = orderOf(response);
    expect(order).toMatchObject({ status: "confirm", supplierId: "duffel-gulf", currency: "KWD" });
    expect(order.supplierOrder).toMatchObject({ ownerCode: "ZZ", status: "confirm", totals: { services: { amount: 3500, currency: "USD" }, seats: { amount: 1500, currency: "USD" } } });
    expect(order.supplierOrder!.tickets).toHaveLength(2);
    expect(await creditUsed(server)).toBe(creditBefore + order.total);

    const messages = (await admin.get(`/api/orders/${order.id}/supplier-messages`)).body as { data: { operation: string; outcome: string }[] };
    expect(messages.data.map((message) => [message.operation, message.outcome])).toContainEqual(["orderCreate", "answered"]);
    expect(JSON.stringify(messages.data)).not.toContain(TOKEN);

    const quote = await agent.post(`/api/orders/${order.id}/cancel-quote`, {});
    expect(quote.body).toMatchObject({ data: { quote: { kind: "refund", penalty: { amount: 0 } }, refundToAgency: { amount: order.total, currency: "KWD" } } });
    const cancelled = orderOf(await agent.post(`/api/orders/${order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } }));
    expect(cancelled).toMatchObject({ status: "refund", refunded: order.total });
    // Duffel does not give passports back: the travellers stay as the agent entered them.
    expect(cancelled.supplierOrder!.passengers).toEqual(order.supplierOrder!.passengers);
    expect(cancelled.supplierOrder!.passengers[0]!.passportId).toBe(passengers[0]!.passportId);
    expect(await creditUsed(server)).toBe(creditBefore);
  });

  it("holds a fare Duffel lets wait, tickets it from the deposit, and refuses to hold one it wants paid at once", async () => {
    const agent = await signedIn(server);
    const { offers } = await duffelOffers(agent);
    const hold = (offer: PricedOffer) =>
      agent.post("/api/orders", { ...referenceOf(offer), passengers: travellers(offer), contact: CONTACT, isBookAndHold: true, payment: null }, { headers: { "idempotency-key": newKey() } });
    const refused = await hold(direct(offers, "BASIC"));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ message: expect.stringContaining("cannot be held") });

    const held = orderOf(await hold(direct(offers, "STANDARD")));
    expect(held).toMatchObject({ status: "hold", paid: 0 });
    expect(held.paymentTimeLimit).not.toBeNull();
    const creditBefore = await creditUsed(server);
    const ticketed = orderOf(await agent.post(`/api/orders/${held.id}/ticket`, { payment: { paymentMethodId: 1, card: null } }, { headers: { "idempotency-key": newKey() } }));
    expect(ticketed).toMatchObject({ status: "confirm", paid: held.total });
    expect(ticketed.supplierOrder!.tickets[0]!.ticketNumber).toMatch(/^125\d{10}$/);
    expect(await creditUsed(server)).toBe(creditBefore + held.total);
  });

  it("confirms a booking whose answer Duffel lost, found again by the platform's reference, and shows Duffel's refusals in its words", async () => {
    const agent = await signedIn(server);
    const { offers } = await duffelOffers(agent, { ...SEARCH, originDestinations: [SEARCH.originDestinations[0]!], passengers: { ADT: 1 } });
    const offer = direct(offers, "FLEX");
    const ordersBefore = fake.orderCount;
    fake.loseNextOrderAnswer();
    const creditBefore = await creditUsed(server);
    const order = orderOf(await agent.post("/api/orders", { ...referenceOf(offer), passengers: travellers(offer), contact: CONTACT, isBookAndHold: false, payment: { ...DEPOSIT, card: null } }, { headers: { "idempotency-key": newKey() } }));
    expect(order).toMatchObject({ status: "confirm", supplierId: "duffel-gulf" });
    expect(fake.orderCount).toBe(ordersBefore + 1);
    expect(await creditUsed(server)).toBe(creditBefore + order.total);

    fake.failNext("/air/offer_requests", 503, "service_unavailable", "Duffel is down for maintenance");
    const { offers: none, warnings } = await duffelOffers(agent);
    expect(none).toEqual([]);
    expect(warnings).toContainEqual(expect.objectContaining({ supplierId: "duffel-gulf", message: expect.stringContaining("Duffel is down for maintenance") }));
  });

  it("changes a Duffel ticket's date: Duffel's change offers with the penalty, paid from the deposit", async () => {
    const agent = await signedIn(server);
    const { offers } = await duffelOffers(agent, { ...SEARCH, originDestinations: [SEARCH.originDestinations[0]!], passengers: { ADT: 1 } });
    const offer = direct(offers, "STANDARD");
    const order = orderOf(await agent.post("/api/orders", { ...referenceOf(offer), passengers: travellers(offer), contact: CONTACT, isBookAndHold: false, payment: { ...DEPOSIT, card: null } }, { headers: { "idempotency-key": newKey() } }));
    const journey = order.supplierOrder!.journeys[0]!.paxJourneyID;
    const reshop = await agent.post(`/api/orders/${order.id}/reshop`, { journeyChanges: [{ paxJourneyID: journey, departureDate: "2027-04-09" }] });
    expect(reshop.status, reshop.text).toBe(200);
    const changeOffers = (reshop.body as { data: { reshopOffers: { reshopOfferId: string; changePenalty: { amount: number }; amountDueLocal: { amount: number; currency: string } }[] } }).data.reshopOffers;
    expect(changeOffers).toHaveLength(2);
    expect(changeOffers[0]!.changePenalty.amount).toBe(5000);
    const chosen = changeOffers[1]!;
    const before = await creditUsed(server);
    const changed = orderOf(await agent.post(`/api/orders/${order.id}/change`, { reshopOfferId: chosen.reshopOfferId, payment: { paymentMethodId: 1, card: null } }, { headers: { "idempotency-key": newKey() } }));
    expect(changed.status).toBe("exchange");
    expect(changed.supplierOrder!.journeys[0]!.segments[0]!.departure.dateTime).toBe("2027-04-09T13:00:00+03:00");
    expect(changed.supplierOrder!.passengers).toEqual(order.supplierOrder!.passengers);
    expect(await creditUsed(server)).toBe(before + chosen.amountDueLocal.amount);
  });

  it("reads a booking again when the airline moves its flights: the new times are kept and named, nothing else changes", async () => {
    const agent = await signedIn(server);
    const { offers } = await duffelOffers(agent, { ...SEARCH, originDestinations: [SEARCH.originDestinations[0]!], passengers: { ADT: 1 } });
    const offer = direct(offers, "FLEX");
    const order = orderOf(await agent.post("/api/orders", { ...referenceOf(offer), passengers: travellers(offer), contact: CONTACT, isBookAndHold: false, payment: { ...DEPOSIT, card: null } }, { headers: { "idempotency-key": newKey() } }));
    const unchanged = await agent.post(`/api/orders/${order.id}/sync`, {});
    expect(unchanged.body).toMatchObject({ data: { scheduleChanges: [] } });

    fake.changeSchedule(order.bookingReference!, 45);
    const synced = (await agent.post(`/api/orders/${order.id}/sync`, {})).body as { data: { order: PlatformOrder; scheduleChanges: { kind: string; flight: string; before: { departure: string }; after: { departure: string } }[] } };
    const flight = order.supplierOrder!.journeys[0]!.segments[0]!;
    expect(synced.data.scheduleChanges).toEqual([
      expect.objectContaining({ kind: "retimed", flight: `ZZ${flight.marketingCarrier.flightNumber}`, before: expect.objectContaining({ departure: flight.departure.dateTime }) }),
    ]);
    expect(Date.parse(synced.data.scheduleChanges[0]!.after.departure) - Date.parse(flight.departure.dateTime)).toBe(45 * 60_000);
    expect(synced.data.order).toMatchObject({ status: "confirm", total: order.total, paid: order.paid });
    expect(synced.data.order.supplierOrder!.journeys[0]!.segments[0]!.departure.dateTime).toBe(synced.data.scheduleChanges[0]!.after.departure);
    expect(synced.data.order.supplierOrder!.passengers).toEqual(order.supplierOrder!.passengers);
    expect((await agent.post(`/api/orders/${order.id}/sync`, {})).body).toMatchObject({ data: { scheduleChanges: [] } });
    // Another agency's agent cannot read it.
    const sibling = await server.userOf(4, ["bookings"]);
    expect((await sibling.client.post(`/api/orders/${order.id}/sync`, {})).status).toBe(404);
  });
});
