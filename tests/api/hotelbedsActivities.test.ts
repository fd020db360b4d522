import { afterAll, beforeAll, expect, it } from "vitest";
import { activityAvailabilityResponseSchema, activityDetailsResponseSchema, activitySearchResponseSchema, type ActivitySearchResponse } from "../../src/contract/activities";
import type { PlatformOrder } from "../../src/contract/orders";
import { startFakeHotelbeds, type FakeHotelbeds } from "../fakes/hotelbeds/fakeHotelbeds";
import type { ApiTestClient } from "./apiClient";
import { describeEachDatabase } from "./harness";
import { creditUsed, DEPOSIT, newKey, orderOf, signedIn } from "./orderFixtures";

const CREDENTIALS = { apiKey: "hb-activities-key-0042", secret: "hb-activities-secret-0042" };
const SUPPLIER = "hotelbeds-activities";
const DUBAI = { cityId: "AE-dubai", from: "2027-02-10", to: "2027-02-11", participants: { adults: 2, children: 1, infants: 0 } };
const TRAVELLERS = [
  { title: "Mr.", firstName: "Sam", lastName: "Saleh", band: "adult" },
  { title: "Mrs.", firstName: "Dana", lastName: "Saleh", band: "adult" },
  { title: "Master", firstName: "Ali", lastName: "Saleh", band: "child" },
];

let fake: FakeHotelbeds;
let endpointUrl: string;
let closeFake: () => Promise<void>;
beforeAll(async () => {
  ({ fake, url: endpointUrl, close: closeFake } = await startFakeHotelbeds(CREDENTIALS));
});
afterAll(() => closeFake());

const activitySupplier = () => ({
  code: SUPPLIER,
  name: "Hotelbeds Activities (test account)",
  kind: "activity",
  category: "other",
  source: "Hotelbeds",
  connection: "hotelbeds",
  endpointUrl,
  apiKey: CREDENTIALS.apiKey,
  apiSecret: CREDENTIALS.secret,
  commercialModel: "net",
  settlement: "Prepaid deposit",
  currency: "EUR",
});

async function search(agent: ApiTestClient, headers: Record<string, string> = {}): Promise<ActivitySearchResponse> {
  const response = await agent.post("/api/activities/search", DUBAI, { headers });
  expect(response.status, response.text).toBe(200);
  return activitySearchResponseSchema.parse((response.body as { data: unknown }).data);
}

/** The cruise's 20:00 start on the first day, as the agent picks it from the activity page. */
async function cruiseSlot(agent: ApiTestClient) {
  const cruise = (await search(agent)).activities.find((summary) => summary.activity.name === "Creek Dhow Dinner Cruise");
  expect(cruise).toMatchObject({ supplierName: "Hotelbeds Activities (test account)", activity: { supplierId: SUPPLIER, city: { id: "AE-dubai" } }, fromPrice: { currency: "KWD" } });
  const { cityId: _city, ...dates } = DUBAI;
  const page = await agent.post("/api/activities/details", { ...dates, supplierId: SUPPLIER, activityCode: cruise!.activity.activityCode });
  expect(page.status, page.text).toBe(200);
  const option = activityDetailsResponseSchema.parse((page.body as { data: unknown }).data).options[0]!;
  expect(option).toMatchObject({ optionCode: "SHARED~GENERIC", refundable: true, languages: ["English", "Arabic"], slots: [{ date: "2027-02-10", time: "20:00", remaining: null }, { date: "2027-02-11", time: "20:00", remaining: null }] });
  return { option, slot: { supplierId: SUPPLIER, activityCode: cruise!.activity.activityCode, optionCode: option.optionCode, date: "2027-02-10", time: "20:00", participants: DUBAI.participants, language: "English" } };
}

/** The dinner cruise's operator asks for the hotel to put on its boarding list. */
const HOTEL_ANSWER = [{ code: "HOTELNAME", answer: "Al Seef Heritage Hotel" }];

const book = (agent: ApiTestClient, slot: object, expectedTotal: { amount: number; currency: string }, key = newKey(), answers: object[] = HOTEL_ANSWER) =>
  agent.post("/api/activities/book", { ...slot, travellers: TRAVELLERS, contact: { email: "sam@example.com", phone: "+96522001234" }, payment: { ...DEPOSIT, card: null }, expectedTotal, answers }, { headers: { "idempotency-key": key } });

describeEachDatabase(
  "an activity supplier connected to Hotelbeds Activities by its credentials",
  (server) => {
    it("tests the connection from the wizard's values for an activity supplier", async () => {
      const admin = await signedIn(server, "admin", "Admin#2026!");
      const form = { kind: "activity", connection: "hotelbeds", endpointUrl, currency: "EUR" };
      expect((await admin.post("/api/suppliers/test-connection", { ...form, apiKey: CREDENTIALS.apiKey, apiSecret: CREDENTIALS.secret })).body).toMatchObject({ data: { connected: true, message: expect.stringContaining("status is OK") } });
      expect(fake.requests.at(-1)?.path).toBe("/activity-api/3.0/status");
      const refused = (await admin.post("/api/suppliers/test-connection", { ...form, apiKey: CREDENTIALS.apiKey, apiSecret: "not-the-secret" })).body as { data: { connected: boolean; message: string } };
      expect(refused.data).toMatchObject({ connected: false, message: expect.stringContaining("Invalid API key or signature") });
      expect((await admin.post("/api/suppliers/test-connection", { ...form, kind: "insurance", apiKey: CREDENTIALS.apiKey, apiSecret: CREDENTIALS.secret })).body).toMatchObject({ status: 422, message: expect.stringContaining("hotel or activity supplier") });
    });

    it("sells a Hotelbeds activity beside the sandbox's as soon as the supplier is saved: checked, booked on deposit, logged, read back and cancelled", async () => {
      const admin = await signedIn(server, "admin", "Admin#2026!");
      const agent = await signedIn(server);
      expect((await search(agent)).activities.some((summary) => summary.activity.supplierId === SUPPLIER)).toBe(false);
      const created = await admin.post("/api/suppliers", activitySupplier());
      expect(created.status, created.text).toBe(200);
      expect(created.text).not.toContain(CREDENTIALS.secret);

      const found = await search(agent);
      expect(found.warnings).toEqual([]);
      expect(found.activities.filter((summary) => summary.activity.supplierId === SUPPLIER).map((summary) => summary.activity.name).sort()).toEqual(["At the Top, Burj Khalifa", "Creek Dhow Dinner Cruise"]);
      expect(found.activities.filter((summary) => summary.activity.supplierId !== SUPPLIER).length).toBeGreaterThan(20);
      // Its codes are the platform's, kept: the same activity has the same code on the next search.
      const stored = await server.db.selectFrom("supplier_activity_codes").selectAll().where("supplier_code", "=", SUPPLIER).execute();
      expect(stored.map((row) => row.supplier_activity_id).sort()).toEqual(["E-E10-DXBBURJTOP", "E-E10-DXBDHOWDIN"]);

      const { option, slot } = await cruiseSlot(agent);
      const checked = activityAvailabilityResponseSchema.parse(((await agent.post("/api/activities/availability", slot)).body as { data: unknown }).data);
      expect(checked).toMatchObject({ available: true, remaining: null, price: { total: option.price.total, currency: "KWD" }, cancellationPolicy: { refundable: true }, questions: [{ code: "HOTELNAME", required: true }] });

      // Unanswered, or answering what was not asked, nothing is booked or paid.
      const before = await creditUsed(server);
      const total = { amount: checked.price.total, currency: "KWD" };
      expect((await book(agent, slot, total, newKey(), [])).body).toMatchObject({ status: 400, errors: [{ field: "answers.HOTELNAME", message: "Answer: Name of your hotel in Dubai, for the boarding list" }] });
      expect((await book(agent, slot, total, newKey(), [...HOTEL_ANSWER, { code: "SHOESIZE", answer: "42" }])).body).toMatchObject({ status: 400, errors: [{ field: "answers.SHOESIZE" }] });
      expect(await creditUsed(server)).toBe(before);

      const order = orderOf(await book(agent, slot, { amount: checked.price.total, currency: "KWD" }));
      expect(order).toMatchObject({ status: "confirm", supplierId: SUPPLIER, total: checked.price.total, passengerNames: "Sam Saleh, Dana Saleh, Ali Saleh" });
      const booking = order.items[0]!.activity!;
      expect(booking).toMatchObject({ bookingId: expect.stringMatching(/^102-\d+$/), clientReference: `AGG-${order.id}`, date: "2027-02-10", time: "20:00", optionCode: "SHARED~GENERIC", language: "English", total: { amount: 12_000, currency: "EUR" } });
      expect(booking.travellers.map((traveller) => traveller.title)).toEqual(["Mr.", "Mrs.", "Master"]);
      expect(await creditUsed(server)).toBe(before + order.total);
      const messages = (await admin.get(`/api/orders/${order.id}/supplier-messages`)).body as { data: { operation: string; outcome: string }[] };
      expect(messages.data.map((message) => [message.operation, message.outcome])).toContainEqual(["book", "answered"]);
      expect(JSON.stringify(messages.data)).not.toContain(CREDENTIALS.secret);

      const quote = await agent.post(`/api/orders/${order.id}/cancel-quote`, {});
      expect(quote.body).toMatchObject({ data: { quote: { kind: "refund", penalty: { amount: 0 } }, refundToAgency: { amount: order.total } } });
      const cancelled = orderOf(await agent.post(`/api/orders/${order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } }));
      expect(cancelled.status).toBe("cancel");
      // The booking keeps the agent's words (titles, contact) with Hotelbeds' cancellation on it.
      expect(cancelled.items[0]!.activity).toMatchObject({ status: "cancel", contact: { email: "sam@example.com" }, cancellation: { penalty: { amount: 0 } } });
      expect(cancelled.items[0]!.activity!.travellers[2]!.title).toBe("Master");
      expect(await creditUsed(server)).toBe(before);
      expect(fake.requests.map((request) => `${request.method} ${request.path.split("?")[0]}`)).toContain(`DELETE /activity-api/3.0/bookings/en/${booking.bookingId}`);
    });

    it("confirms a booking Hotelbeds made though its answer was lost, found again by the platform's reference", async () => {
      const agent = await signedIn(server);
      const { slot } = await cruiseSlot(agent);
      const checked = activityAvailabilityResponseSchema.parse(((await agent.post("/api/activities/availability", slot)).body as { data: unknown }).data);
      const before = await creditUsed(server);
      fake.activities.loseNextBookingAnswer(500, "SYSTEM_ERROR", "Gateway timeout");
      const order = orderOf(await book(agent, slot, { amount: checked.price.total, currency: "KWD" }));
      expect(order).toMatchObject({ status: "confirm", supplierId: SUPPLIER });
      expect(order.items[0]!.activity).toMatchObject({ bookingId: expect.stringMatching(/^102-\d+$/), clientReference: `AGG-${order.id}`, time: "20:00" });
      expect(await creditUsed(server)).toBe(before + order.total);
      const listed = (await agent.get("/api/orders?product=activity")).body as { data: PlatformOrder[] };
      expect(listed.data.map((entry) => entry.id)).toContain(order.id);
    });

    it("is open to the organisation that entered the credentials and those below it, not to a sibling agency", async () => {
      const admin = await signedIn(server, "admin", "Admin#2026!");
      const rows = (await admin.get("/api/get-activity-suppliers")).body as { data: { id: number; code: string }[] };
      const row = rows.data.find((entry) => entry.code === SUPPLIER)!;
      // As if Gulf Horizon's own administrator had entered its account: the row belongs to organisation 3.
      await server.db.updateTable("suppliers" as never).set({ organisation_id: 3 } as never).where("id" as never, "=", row.id as never).execute();
      expect((await admin.request("PUT", `/api/suppliers/${row.id}`, { name: "Hotelbeds Activities (Gulf Horizon)" })).status).toBe(200);
      expect((await search(await signedIn(server))).activities.some((summary) => summary.activity.supplierId === SUPPLIER)).toBe(true);
      const sibling = await search(admin, { "x-booking-for": "4" });
      expect(sibling.warnings).toEqual([]);
      expect(sibling.activities.some((summary) => summary.activity.supplierId === SUPPLIER)).toBe(false);
      expect(sibling.activities.length).toBeGreaterThan(20);
    });

    it("pauses a failing Hotelbeds while the sandbox still answers", async () => {
      const agent = await signedIn(server);
      for (let failure = 0; failure < 2; failure += 1) fake.failNext("/activity-api/3.0/activities/availability", 503, "SYSTEM_ERROR", "Backend unavailable");
      const failed = await search(agent);
      expect(failed.warnings).toContainEqual({ supplierId: SUPPLIER, message: expect.stringContaining("Backend unavailable") });
      await search(agent);
      const asked = fake.requests.length;
      const paused = await search(agent);
      expect(paused.warnings).toContainEqual({ supplierId: SUPPLIER, message: expect.stringContaining("left out for up to") });
      expect(fake.requests.length).toBe(asked);
      expect(paused.activities.length).toBeGreaterThan(20);
    });
  },
  { env: { SUPPLIER_BREAKER_FAILURES: "2", SUPPLIER_BREAKER_PAUSE_SECONDS: "30" } },
);
