import { expect, it } from "vitest";
import { insuranceQuoteResponseSchema, type InsuranceQuoteInput, type PricedInsuranceQuote } from "../../src/contract/insurance";
import type { LedgerEntry, PlatformOrder } from "../../src/contract/orders";
import type { ApiTestClient } from "./apiClient";
import { describeEachDatabase } from "./harness";
import { expectOneFact } from "./surfaces";
import { bookRooms, findRooms, searchHotels } from "./hotelFixtures";
import { CONTACT, creditUsed, DEPOSIT, findOffer, newKey, orderOf, passengersFor, referenceOf, signedIn } from "./orderFixtures";

const PARIS_TRIP: InsuranceQuoteInput = { destination: "FR", departureDate: "2027-03-01", returnDate: "2027-03-10", travellers: [{ dateOfBirth: "1996-05-20" }] };

async function quote(agent: ApiTestClient, trip: InsuranceQuoteInput) {
  const response = await agent.post("/api/insurance/quote", trip);
  expect(response.status, response.text).toBe(200);
  return insuranceQuoteResponseSchema.parse((response.body as { data: unknown }).data);
}

const planQuote = (quotes: readonly PricedInsuranceQuote[], plan: string) => {
  const found = quotes.find((candidate) => candidate.plan === plan);
  if (!found) throw new Error(`No ${plan} quote.`);
  return found;
};

const selectionOf = (chosen: PricedInsuranceQuote, names: readonly [string, string][]) => ({
  supplierId: chosen.supplierId,
  quoteKey: chosen.quoteKey,
  expectedTotal: { amount: chosen.price.total, currency: chosen.price.currency },
  insured: chosen.travellers.map((traveller, index) => ({ title: "Ms." as const, firstName: names[index]![0], lastName: names[index]![1], dateOfBirth: traveller.dateOfBirth })),
});

const buyAlone = (agent: ApiTestClient, chosen: PricedInsuranceQuote, key = newKey()) =>
  agent.post("/api/insurance/book", { ...selectionOf(chosen, [["Lina", "Haddad"]]), contact: { email: "lina@example.com", phone: "+96522001234" }, payment: { paymentMethodId: 1, card: null } }, { headers: { "idempotency-key": key } });

const ledgerOf = async (agent: ApiTestClient, orderId: number) => ((await agent.get(`/api/orders/${orderId}/ledger`)).body as { data: LedgerEntry[] }).data;

describeEachDatabase("insurance", (server) => {
  it("quotes every plan a trip is eligible for, priced in the agency's currency, and says why the others are not", async () => {
    const agent = await signedIn(server);
    const answer = await quote(agent, PARIS_TRIP);
    const schengen = planQuote(answer.quotes, "SCHNGN");
    // The sandbox insurer's rule: 5,500 a week × 1.3 for 8 to 10 days × 1.15 in the Schengen area, for an adult.
    expect(schengen).toMatchObject({ days: 10, premium: { amount: 8_223, currency: "SAR" }, travellers: [{ age: 30, ageBand: "adult" }] });
    expect(schengen.price).toMatchObject({ currency: "KWD", supplierPrice: { amount: 8_223, currency: "SAR" } });
    expect(schengen.coverage.find((line) => line.kind === "medical")?.limit).toEqual({ amount: 5_000_000, currency: "EUR" });
    expect(answer.quotes.map((candidate) => candidate.price.total)).toEqual([...answer.quotes.map((candidate) => candidate.price.total)].sort((left, right) => left - right));
    // The agency sells from Kuwait: domestic plans cover Kuwait only, pilgrim plans their holy sites.
    expect(answer.ineligible).toContainEqual({ plan: "DMCGLD", planName: "Domestic Gold", reason: "Domestic Gold covers travel within KW only." });
    expect(answer.ineligible.map((plan) => plan.plan)).toEqual(expect.arrayContaining(["HJUPNA", "ZRTPNB", "DMCBNZ"]));
    expect(answer.quotes.map((candidate) => candidate.plan)).toEqual(expect.arrayContaining(["SCHNGN", "INTRNL", "REFWRD", "STDGLD", "NOICNG"]));

    // At flight checkout the trip's airport is enough: Paris is in France.
    const byAirport = await quote(agent, { ...PARIS_TRIP, destination: undefined, destinationAirport: "CDG", plan: "SCHNGN" });
    expect(byAirport.quotes.map((candidate) => [candidate.plan, candidate.destination])).toEqual([["SCHNGN", "FR"]]);

    const family = await quote(agent, {
      ...PARIS_TRIP,
      returnDate: "2027-03-07",
      product: "020108",
      benefit: "TEROSM",
      plan: "SCHNGN",
      travellers: [{ dateOfBirth: "1986-01-01" }, { dateOfBirth: "1988-01-01" }, { dateOfBirth: "2016-06-01" }, { dateOfBirth: "2018-06-01" }, { dateOfBirth: "2023-06-01" }],
    });
    expect(family.quotes).toHaveLength(1);
    expect(family.quotes[0]!.premium.amount).toBe(2 * 7_274);
    expect(family.quotes[0]!.travellers.filter((traveller) => traveller.premium.amount === 0)).toHaveLength(3);
  });

  it("prices insurance with insurance rules only: a Schengen family rule adds its markup per person, hotel rules leave policies alone", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const agent = await signedIn(server);
    const family = { ...PARIS_TRIP, product: "020108" as const, travellers: [{ dateOfBirth: "1986-01-01" }, { dateOfBirth: "2016-06-01" }] };
    const baseline = await quote(agent, family);
    const ruleOf = (product: string, name: string, extra: object) => ({
      product,
      layer: "agency",
      head: { name, status: 1, validFrom: "2026-01-01", validTo: null, priority: 1 },
      contentSource: { supplierIds: [] },
      pointOfSale: { organisationIds: [], includeSubtree: false, markets: [], countries: [] },
      criteria: {},
      rule: { markupBy: "by_amount", amount: 1_500, currency: "KWD", appliesPer: "passenger" },
      ...extra,
    });
    const created = await admin.post("/api/markup-rules", ruleOf("insurance", "Schengen families", { insurance: { plans: ["SCHNGN"], products: ["020108"], destinations: ["FR"] } }));
    expect(created.status, created.text).toBe(200);
    const hotelRule = await admin.post("/api/markup-rules", ruleOf("hotel", "Every hotel", {}));
    const ids = [(created.body as { data: { id: number } }).data.id, (hotelRule.body as { data: { id: number } }).data.id];
    try {
      const priced = await quote(agent, family);
      const schengen = planQuote(priced.quotes, "SCHNGN");
      expect(schengen.price.total).toBe(planQuote(baseline.quotes, "SCHNGN").price.total + 2 * 1_500);
      expect(schengen.price.markups).toEqual([expect.objectContaining({ ruleId: ids[0], layer: "agency", amount: 3_000 })]);
      expect(planQuote(priced.quotes, "INTRNL").price.total).toBe(planQuote(baseline.quotes, "INTRNL").price.total);
      expect((await quote(agent, PARIS_TRIP)).quotes.find((candidate) => candidate.plan === "SCHNGN")!.price.markups).toEqual([]);
    } finally {
      for (const id of ids) await admin.request("DELETE", `/api/markup-rules/${id}`, {});
    }
  });

  it("refuses a plan that does not cover the destination on the destination field, and a trip that cannot be quoted field by field", async () => {
    const agent = await signedIn(server);
    const london = await agent.post("/api/insurance/quote", { ...PARIS_TRIP, destination: "GB", plan: "SCHNGN" });
    expect(london.body).toMatchObject({ status: 400, errors: [{ field: "destination", message: "Schengen covers only the Schengen states." }] });
    const past = await agent.post("/api/insurance/quote", { ...PARIS_TRIP, departureDate: "2020-01-01", returnDate: "2020-01-05" });
    expect(past.body).toMatchObject({ status: 400, errors: [{ field: "departureDate" }] });
    const backwards = await agent.post("/api/insurance/quote", { ...PARIS_TRIP, returnDate: "2027-02-01" });
    expect(backwards.body).toMatchObject({ status: 400, errors: [{ field: "returnDate" }] });
    const unborn = await agent.post("/api/insurance/quote", { ...PARIS_TRIP, travellers: [{ dateOfBirth: "2090-01-01" }] });
    expect(unborn.body).toMatchObject({ status: 400, errors: [{ field: "travellers.0.dateOfBirth" }] });
    expect((await agent.post("/api/insurance/quote", { ...PARIS_TRIP, plan: "GOLD" })).status).toBe(400);
    const stray = await agent.post("/api/insurance/quote", { ...PARIS_TRIP, ref: "A1", travellers: [{ dateOfBirth: "1990-01-01", smoker: true }] });
    expect(stray.body).toMatchObject({ status: 400, code: "validation_failed", errors: [{ field: "travellers.0.smoker", message: "This request does not take this field" }, { field: "ref" }] });
  });

  it("answers the countries a plan covers: Schengen states only, the home country for domestic plans", async () => {
    const agent = await signedIn(server);
    const schengen = (await agent.get("/api/getIns-country/SCHNGN")).body as { data: { code: string }[] };
    expect(schengen.data).toHaveLength(29);
    expect(schengen.data.map((country) => country.code)).toEqual(expect.arrayContaining(["FR", "DE", "CH", "RO"]));
    expect(schengen.data.map((country) => country.code)).not.toContain("GB");
    const domestic = (await agent.get("/api/getIns-country/DMCGLD")).body as { data: { code: string }[] };
    expect(domestic.data.map((country) => country.code)).toEqual(["KW"]);
    const restOfWorld = (await agent.get("/api/getIns-country/REFWRD")).body as { data: { code: string }[] };
    expect(restOfWorld.data.map((country) => country.code)).not.toEqual(expect.arrayContaining(["US"]));
    expect((await agent.get("/api/getIns-country/NOPLAN")).status).toBe(400);
  });

  it("sells a policy alone from the agency's credit, and cancels it within the free-look period for everything paid", async () => {
    const agent = await signedIn(server);
    const chosen = planQuote((await quote(agent, PARIS_TRIP)).quotes, "SCHNGN");
    const before = await creditUsed(server);
    // A title that does not fit the traveller's age on the start of the trip is refused beside it, before any payment.
    const boyish = await agent.post("/api/insurance/book", { ...selectionOf(chosen, [["Lina", "Haddad"]]), insured: [{ ...selectionOf(chosen, [["Lina", "Haddad"]]).insured[0]!, title: "Master" }], contact: { email: "lina@example.com", phone: "+96522001234" }, payment: { paymentMethodId: 1, card: null } }, { headers: { "idempotency-key": newKey() } });
    expect(boyish.body).toMatchObject({ status: 400, errors: [{ field: "insured.0.title", message: "Master does not fit this traveller's age: use Mr., Mrs., Ms., Dr." }] });
    const order = orderOf(await buyAlone(agent, chosen));
    expect(order).toMatchObject({ status: "confirm", total: chosen.price.total, paid: chosen.price.total, passengerNames: "Lina Haddad" });
    const policy = order.items[0]!.insurance!;
    expect(order.items[0]).toMatchObject({ kind: "insurance", status: "confirm", supplierReference: policy.policyNumber });
    expect(policy).toMatchObject({ status: "issued", insured: [{ firstName: "Lina", lastName: "Haddad" }], quote: { plan: "SCHNGN" } });
    expect(await creditUsed(server)).toBe(before + chosen.price.total);
    const listed = (await agent.get("/api/orders?product=insurance")).body as { data: PlatformOrder[] };
    expect(listed.data.map((entry) => entry.id)).toContain(order.id);

    const quoteToCancel = await agent.post(`/api/orders/${order.id}/cancel-quote`, {});
    expect(quoteToCancel.body).toMatchObject({ data: { quote: { kind: "refund", penalty: { amount: 0 } }, refundToAgency: { amount: chosen.price.total }, addOns: [] } });
    const cancelled = orderOf(await agent.post(`/api/orders/${order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } }));
    expect(cancelled).toMatchObject({ status: "cancel", refunded: chosen.price.total, items: [{ status: "cancel", insurance: { status: "cancelled" } }] });
    expect(await creditUsed(server)).toBe(before);
  });

  it("refuses to cancel once the free-look period is over, and a price that moved", async () => {
    const agent = await signedIn(server);
    const chosen = planQuote((await quote(agent, PARIS_TRIP)).quotes, "INTRNL");
    const moved = await agent.post("/api/insurance/book", { ...selectionOf({ ...chosen, price: { ...chosen.price, total: chosen.price.total - 1 } }, [["Lina", "Haddad"]]), contact: { email: "lina@example.com", phone: "+96522001234" }, payment: DEPOSIT }, { headers: { "idempotency-key": newKey() } });
    expect(moved.body).toMatchObject({ status: 409, code: "price_changed" });
    const order = orderOf(await buyAlone(agent, chosen));
    const seconds = 15 * 86_400;
    server.clock.advance(seconds);
    try {
      const later = await signedIn(server);
      const refused = await later.post(`/api/orders/${order.id}/cancel-quote`, {});
      expect(refused.body).toMatchObject({ status: 422, code: "not_cancellable", message: `The free-look period ended on ${order.items[0]!.insurance!.freeLookUntil}: the policy can no longer be cancelled.` });
      expect((await later.post(`/api/orders/${order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } })).status).toBe(422);
    } finally {
      server.clock.advance(-seconds);
    }
  });

  it("adds insurance at flight checkout: one order, one payment, and cancelling the flight offers to cancel the policy too", async () => {
    const agent = await signedIn(server);
    const offer = await findOffer(agent, "ba-ndc", "FLEX");
    const passengers = passengersFor(offer, "Insured");
    const trip = { destination: "US", departureDate: "2027-03-10", returnDate: "2027-03-17", travellers: passengers.map((passenger) => ({ dateOfBirth: passenger.dateOfBirth })) };
    const chosen = planQuote((await quote(agent, trip)).quotes, "INTRNL");
    const before = await creditUsed(server);
    const insurance = selectionOf(chosen, passengers.map((passenger) => [passenger.firstName, passenger.lastName]));
    const held = await agent.post("/api/orders", { ...referenceOf(offer), passengers, contact: CONTACT, isBookAndHold: true, payment: null, insurance }, { headers: { "idempotency-key": newKey() } });
    expect(held.body).toMatchObject({ status: 422, code: "add_on_needs_payment", errors: [{ field: "insurance" }] });

    const order = orderOf(await agent.post("/api/orders", { ...referenceOf(offer), passengers, contact: CONTACT, isBookAndHold: false, payment: { ...DEPOSIT, card: null }, insurance }, { headers: { "idempotency-key": newKey() } }));
    const [flight, policy] = order.items;
    expect(order.status).toBe("confirm");
    expect(flight).toMatchObject({ kind: "flight", status: "confirm", total: { amount: order.charge!.total.amount } });
    expect(policy).toMatchObject({ kind: "insurance", status: "confirm", total: { amount: chosen.price.total, currency: "KWD" }, insurance: { status: "issued", quote: { plan: "INTRNL" } } });
    expect(order.total).toBe(order.charge!.total.amount + chosen.price.total);
    // The flight and its policy are two bookings of one order, whose total every surface shows.
    expect(await expectOneFact(agent, order.id)).toMatchObject({ status: "confirm", place: { kind: "route", airports: [offer.journeys[0]!.segments[0]!.departure.iataCode, expect.any(String), expect.any(String)] } });
    // Paid once: one debit of the whole order.
    const ledger = await ledgerOf(agent, order.id);
    expect(ledger.map((entry) => [entry.kind, entry.amount])).toEqual([["debit", order.total]]);
    expect(await creditUsed(server)).toBe(before + order.total);

    const quoteToCancel = (await agent.post(`/api/orders/${order.id}/cancel-quote`, {})).body as { data: { refundToAgency: { amount: number }; addOns: { itemId: number; cancellable: boolean; refund: { amount: number } }[] } };
    expect(quoteToCancel.data.addOns).toEqual([expect.objectContaining({ itemId: policy!.id, kind: "insurance", cancellable: true, refund: { amount: chosen.price.total, currency: "KWD" } })]);
    // The flight's refund is the flight's: the policy's price is not in it.
    expect(quoteToCancel.data.refundToAgency.amount).toBeLessThanOrEqual(order.charge!.total.amount);
    const cancelled = orderOf(await agent.post(`/api/orders/${order.id}/cancel`, { addOnItemIds: [policy!.id] }, { headers: { "idempotency-key": newKey() } }));
    expect(cancelled.items.map((item) => item.status)).toEqual([cancelled.status, "cancel"]);
    expect(cancelled.items[1]!.insurance!.status).toBe("cancelled");
    expect(cancelled.refunded).toBe(quoteToCancel.data.refundToAgency.amount + chosen.price.total);
    expect(await creditUsed(server)).toBe(before + order.total - cancelled.refunded);
  });

  it("keeps the policy when the flight alone is cancelled, and cancels the policy alone later", async () => {
    const agent = await signedIn(server);
    const offer = await findOffer(agent, "ba-ndc", "FLEX");
    const passengers = passengersFor(offer, "Kept");
    const trip = { destination: "US", departureDate: "2027-03-10", returnDate: "2027-03-17", travellers: passengers.map((passenger) => ({ dateOfBirth: passenger.dateOfBirth })) };
    const chosen = planQuote((await quote(agent, trip)).quotes, "INTRNL");
    const insurance = selectionOf(chosen, passengers.map((passenger) => [passenger.firstName, passenger.lastName]));
    const order = orderOf(await agent.post("/api/orders", { ...referenceOf(offer), passengers, contact: CONTACT, isBookAndHold: false, payment: { ...DEPOSIT, card: null }, insurance }, { headers: { "idempotency-key": newKey() } }));
    const flightOnly = orderOf(await agent.post(`/api/orders/${order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } }));
    expect(flightOnly.items[1]!.status).toBe("confirm");
    expect(flightOnly.refunded).toBeLessThanOrEqual(order.charge!.total.amount);
    const sibling = await server.userOf(4);
    expect((await sibling.client.post(`/api/orders/${order.id}/items/${order.items[1]!.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } })).status).toBe(404);
    const policyCancelled = orderOf(await agent.post(`/api/orders/${order.id}/items/${order.items[1]!.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } }));
    expect(policyCancelled.items[1]!.status).toBe("cancel");
    expect(policyCancelled.refunded).toBe(flightOnly.refunded + chosen.price.total);
    expect((await agent.post(`/api/orders/${order.id}/items/${order.items[0]!.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } })).status).toBe(404);
  });

  it("adds insurance to a hotel booking, paid with the rooms", async () => {
    const agent = await signedIn(server);
    const picked = await findRooms(agent, await searchHotels(agent), (rate) => rate.refundable);
    const trip = { destination: "AE", departureDate: "2027-02-10", returnDate: "2027-02-13", travellers: [{ dateOfBirth: "1980-01-01" }, { dateOfBirth: "1982-02-02" }] };
    const chosen = planQuote((await quote(agent, trip)).quotes, "REFWRD");
    const stayOnly = orderOf(await bookRooms(agent, picked, DEPOSIT));
    expect(stayOnly.items).toHaveLength(1);
    const before = await creditUsed(server);
    const order = orderOf(await bookRooms(agent, picked, DEPOSIT, { lastName: "Insured", insurance: selectionOf(chosen, [["Sam", "Insured"], ["Dana", "Insured"]]) }));
    expect(order.items.map((item) => [item.kind, item.status])).toEqual([["hotel", "confirm"], ["insurance", "confirm"]]);
    expect(order.items[0]!.total.amount).toBe(stayOnly.total);
    expect(await creditUsed(server)).toBe(before + stayOnly.total + chosen.price.total);
    const quoteToCancel = (await agent.post(`/api/orders/${order.id}/cancel-quote`, {})).body as { data: { refundToAgency: { amount: number }; addOns: unknown[] } };
    expect(quoteToCancel.data.refundToAgency.amount).toBeLessThanOrEqual(stayOnly.total);
    expect(quoteToCancel.data.addOns).toHaveLength(1);
  });
});

describeEachDatabase("insurance quote keys", (server) => {
  it("refuses a quote key changed in the console: no backdated, reshaped or extended policy", async () => {
    const agent = await signedIn(server);
    const chosen = planQuote((await quote(agent, PARIS_TRIP)).quotes, "SCHNGN");
    const [text, signature] = [chosen.quoteKey.slice(0, chosen.quoteKey.lastIndexOf(".")), chosen.quoteKey.slice(chosen.quoteKey.lastIndexOf(".") + 1)];
    const spec = JSON.parse(Buffer.from(text, "base64url").toString("utf8")) as { departureDate: string; issuedAt: number };
    const forged = (change: object) => `${Buffer.from(JSON.stringify({ ...spec, ...change })).toString("base64url")}.${signature}`;
    const before = await creditUsed(server);
    for (const quoteKey of [forged({ departureDate: "2020-01-01" }), forged({ issuedAt: spec.issuedAt + 3_600_000 }), Buffer.from(JSON.stringify(spec)).toString("base64url")]) {
      const refused = await buyAlone(agent, { ...chosen, quoteKey });
      expect(refused.status, refused.text).toBe(404);
      expect(refused.body).toMatchObject({ code: "offer_not_found" });
    }
    expect(await creditUsed(server)).toBe(before);
    expect(orderOf(await buyAlone(agent, chosen)).status).toBe("confirm");
  });
});
