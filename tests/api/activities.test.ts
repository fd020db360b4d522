import { expect, it } from "vitest";
import {
  activityAvailabilityResponseSchema,
  activityDetailsResponseSchema,
  activitySearchResponseSchema,
  type ActivityDetailsResponse,
  type ActivitySearchResponse,
  type PricedActivityOption,
} from "../../src/contract/activities";
import type { PlatformOrder } from "../../src/contract/orders";
import type { ApiTestClient } from "./apiClient";
import { describeEachDatabase } from "./harness";
import { expectOneFact } from "./surfaces";
import { creditUsed, DEPOSIT, newKey, orderOf, signedIn } from "./orderFixtures";

const DUBAI = { cityId: "AE-dubai", from: "2027-02-10", to: "2027-02-12", participants: { adults: 2, children: 1, infants: 0 } };
const TRAVELLERS = [
  { title: "Mr.", firstName: "Sam", lastName: "Guest", band: "adult" },
  { title: "Ms.", firstName: "Dana", lastName: "Guest", band: "adult" },
  { title: "Master", firstName: "Ali", lastName: "Guest", band: "child" },
];

async function search(agent: ApiTestClient, request: object = DUBAI): Promise<ActivitySearchResponse> {
  const response = await agent.post("/api/activities/search", request);
  expect(response.status, response.text).toBe(200);
  return activitySearchResponseSchema.parse((response.body as { data: unknown }).data);
}

async function details(agent: ApiTestClient, supplierId: string, activityCode: string): Promise<ActivityDetailsResponse> {
  const { cityId: _city, ...dates } = DUBAI;
  const response = await agent.post("/api/activities/details", { ...dates, supplierId, activityCode });
  expect(response.status, response.text).toBe(200);
  return activityDetailsResponseSchema.parse((response.body as { data: unknown }).data);
}

/** An activity of the search with a bookable slot of an option the test accepts. */
async function findSlot(agent: ApiTestClient, accept: (option: PricedActivityOption) => boolean, category?: string) {
  const { activities } = await search(agent);
  for (const summary of activities.filter((candidate) => !category || candidate.activity.category === category)) {
    const page = await details(agent, summary.activity.supplierId, summary.activity.activityCode);
    const option = page.options.find((candidate) => accept(candidate) && candidate.slots.some((slot) => slot.remaining !== 0));
    if (option) {
      const slot = option.slots.find((candidate) => candidate.remaining !== 0)!;
      return {
        summary,
        option,
        request: { supplierId: summary.activity.supplierId, activityCode: summary.activity.activityCode, optionCode: option.optionCode, date: slot.date, time: slot.time, participants: DUBAI.participants, language: "English" },
      };
    }
  }
  throw new Error("No activity has a slot the test accepts.");
}

const book = (agent: ApiTestClient, request: object, expectedTotal: { amount: number; currency: string }, travellers: object[] = TRAVELLERS) =>
  agent.post("/api/activities/book", { ...request, travellers, contact: { email: "sam@example.com", phone: "+96522001234" }, payment: { ...DEPOSIT, card: null }, expectedTotal }, { headers: { "idempotency-key": newKey() } });

describeEachDatabase("activities", (server) => {
  it("searches a city's tours, tickets and safaris priced for the party, and refuses dates that cannot be searched", async () => {
    const agent = await signedIn(server);
    const { activities, warnings } = await search(agent);
    expect(warnings).toEqual([]);
    expect(activities.length).toBeGreaterThan(20);
    expect(new Set(activities.map((summary) => summary.activity.category)).size).toBeGreaterThanOrEqual(6);
    expect(activities.some((summary) => summary.activity.category === "desertSafari")).toBe(true);
    expect(activities.every((summary) => summary.fromPrice.currency === "KWD" && summary.fromPrice.amount > 0 && summary.activity.city.id === "AE-dubai")).toBe(true);
    expect(activities.map((summary) => summary.fromPrice.amount)).toEqual([...activities.map((summary) => summary.fromPrice.amount)].sort((left, right) => left - right));

    const past = await agent.post("/api/activities/search", { ...DUBAI, from: "2020-01-01", to: "2020-01-02" });
    expect(past.body).toMatchObject({ status: 400, errors: [{ field: "from" }] });
    const long = await agent.post("/api/activities/search", { ...DUBAI, to: "2027-03-30" });
    expect(long.body).toMatchObject({ status: 400, errors: [{ field: "to" }] });
    const nowhere = await agent.post("/api/activities/search", { ...DUBAI, cityId: "AE-atlantis" });
    expect(nowhere.body).toMatchObject({ status: 400, errors: [{ field: "cityId" }] });
    expect((await agent.post("/api/activities/search", { ...DUBAI, participants: { adults: 0 } })).status).toBe(400);
    const stray = await agent.post("/api/activities/search", { ...DUBAI, participants: { ...DUBAI.participants, pets: 1 } });
    expect(stray.body).toMatchObject({ status: 400, code: "validation_failed", errors: [{ field: "participants.pets", message: "This request does not take this field" }] });
  });

  it("shows an activity's options with start times and the party's price, checks a slot, and books it by deposit once", async () => {
    const agent = await signedIn(server);
    const { summary, option, request } = await findSlot(agent, (candidate) => candidate.refundable);
    expect(option.price.total).toBeGreaterThanOrEqual(summary.fromPrice.amount);
    // A day that has passed is a bad value on its field, not an offer the supplier does not know.
    expect((await agent.post("/api/activities/availability", { ...request, date: "2020-01-01" })).body).toMatchObject({ status: 400, code: "validation_failed", errors: [{ field: "date" }] });
    const checked = await agent.post("/api/activities/availability", request);
    expect(checked.status, checked.text).toBe(200);
    const availability = activityAvailabilityResponseSchema.parse((checked.body as { data: unknown }).data);
    expect(availability).toMatchObject({ available: true, price: { total: option.price.total, currency: "KWD" } });
    expect(availability.cancellationPolicy.penalties[0]!.amount).toEqual({ amount: option.price.total, currency: "KWD" });

    const wrongParty = await book(agent, request, { amount: option.price.total, currency: "KWD" }, TRAVELLERS.slice(0, 2));
    expect(wrongParty.body).toMatchObject({ status: 400, errors: [{ field: "travellers" }] });
    // A title is asked, never assumed, and a child is not titled as an adult.
    const { title: _untitled, ...leadUntitled } = TRAVELLERS[0]!;
    const titles = await book(agent, request, { amount: option.price.total, currency: "KWD" }, [leadUntitled, TRAVELLERS[1]!, { ...TRAVELLERS[2]!, title: "Mr." }]);
    expect(titles.body).toMatchObject({ status: 400, errors: [{ field: "travellers.0.title" }, { field: "travellers.2.title", message: "Mr. does not fit this traveller's age: use Master, Ms." }] });
    const moved = await book(agent, request, { amount: option.price.total - 1, currency: "KWD" });
    expect(moved.body).toMatchObject({ status: 409, code: "price_changed" });

    const before = await creditUsed(server);
    const order = orderOf(await book(agent, request, { amount: option.price.total, currency: "KWD" }));
    expect(order).toMatchObject({ status: "confirm", total: option.price.total, passengerNames: "Sam Guest, Dana Guest, Ali Guest" });
    const booking = order.items[0]!.activity!;
    expect(await expectOneFact(agent, order.id)).toEqual({ title: booking.activity.name, place: { kind: "city", name: "Dubai" }, travelDate: request.date, status: "confirm", stage: null });
    expect(order.items[0]).toMatchObject({ kind: "activity", status: "confirm", supplierReference: booking.bookingId });
    expect(booking).toMatchObject({ date: request.date, time: request.time, optionCode: request.optionCode, language: "English", status: "confirm" });
    expect(booking.voucherCode).toMatch(/^[0-9A-F]{4}-\d{6}$/);
    expect(await creditUsed(server)).toBe(before + order.total);
    const listed = (await agent.get("/api/orders?product=activity")).body as { data: PlatformOrder[] };
    expect(listed.data.map((entry) => entry.id)).toContain(order.id);

    // Another agency can neither read nor cancel it.
    const sibling = await server.userOf(4);
    expect((await sibling.client.get(`/api/orders/${order.id}`)).status).toBe(404);
    expect((await sibling.client.post(`/api/orders/${order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } })).status).toBe(404);

    // Before the free-cancellation deadline everything comes back.
    const quote = await agent.post(`/api/orders/${order.id}/cancel-quote`, {});
    expect(quote.body).toMatchObject({ data: { quote: { kind: "refund", penalty: { amount: 0 } }, refundToAgency: { amount: order.total } } });
    const cancelled = orderOf(await agent.post(`/api/orders/${order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } }));
    expect(cancelled).toMatchObject({ status: "cancel", refunded: order.total, items: [{ status: "cancel", activity: { status: "cancel" } }] });
    expect(await creditUsed(server)).toBe(before);
  });

  it("keeps the whole price when a non-refundable ticket is cancelled", async () => {
    const agent = await signedIn(server);
    const { option, request } = await findSlot(agent, (candidate) => !candidate.refundable);
    const order = orderOf(await book(agent, request, { amount: option.price.total, currency: "KWD" }));
    const quote = await agent.post(`/api/orders/${order.id}/cancel-quote`, {});
    expect(quote.body).toMatchObject({ data: { refundToAgency: { amount: 0 } } });
    const cancelled = orderOf(await agent.post(`/api/orders/${order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } }));
    expect(cancelled).toMatchObject({ status: "cancel", refunded: 0 });
  });

  it("prices activities with activity rules only: a desert safari rule adds its markup per participant", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const agent = await signedIn(server);
    const baseline = await search(agent);
    const created = await admin.post("/api/markup-rules", {
      product: "activity",
      layer: "agency",
      head: { name: "Safaris", status: 1, validFrom: "2026-01-01", validTo: null, priority: 1 },
      contentSource: { supplierIds: [] },
      pointOfSale: { organisationIds: [], includeSubtree: false, markets: [], countries: [] },
      criteria: {},
      activity: { countries: ["AE"], categories: ["desertSafari"] },
      rule: { markupBy: "by_amount", amount: 1_000, currency: "KWD", appliesPer: "passenger" },
    });
    expect(created.status, created.text).toBe(200);
    const ruleId = (created.body as { data: { id: number } }).data.id;
    try {
      const priced = await search(agent);
      const before = new Map(baseline.activities.map((summary) => [summary.activity.activityCode, summary.fromPrice.amount]));
      for (const summary of priced.activities) {
        const extra = summary.activity.category === "desertSafari" ? 3 * 1_000 : 0;
        expect(summary.fromPrice.amount, summary.activity.name).toBe(before.get(summary.activity.activityCode)! + extra);
      }
    } finally {
      await admin.request("DELETE", `/api/markup-rules/${ruleId}`, {});
    }
  });
});
