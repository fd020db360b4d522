import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { PlatformOrder } from "../../src/contract/orders";
import { startFakeHotelbeds, type FakeHotelbeds } from "../fakes/hotelbeds/fakeHotelbeds";
import { describeEachDatabase } from "./harness";
import { bookRooms, cancelInFull, DUBAI_STAY, hotelOf, pickRooms, ratesOf, searchHotels } from "./hotelFixtures";
import { creditUsed, DEPOSIT, newKey, orderOf, signedIn } from "./orderFixtures";

const CREDENTIALS = { apiKey: "hb-test-key-0042", secret: "hb-test-secret-0042" };

let fake: FakeHotelbeds;
let endpointUrl: string;
let closeFake: () => Promise<void>;
beforeAll(async () => {
  ({ fake, url: endpointUrl, close: closeFake } = await startFakeHotelbeds(CREDENTIALS));
});
afterAll(() => closeFake());

const hotelbedsSupplier = (overrides: object = {}) => ({
  code: "hotelbeds-gulf",
  name: "Hotelbeds (test account)",
  kind: "hotel",
  category: "hotel",
  source: "Hotelbeds",
  connection: "hotelbeds",
  endpointUrl,
  apiKey: CREDENTIALS.apiKey,
  apiSecret: CREDENTIALS.secret,
  commercialModel: "net",
  settlement: "Prepaid deposit",
  currency: "EUR",
  ...overrides,
});

describeEachDatabase("a supplier connected to Hotelbeds by its credentials", (server) => {
  it("tests the connection from the wizard's values: accepted, refused in the provider's words, or incomplete", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const form = { kind: "hotel", connection: "hotelbeds", endpointUrl, currency: "EUR" };
    expect((await admin.post("/api/suppliers/test-connection", { ...form, apiKey: CREDENTIALS.apiKey, apiSecret: CREDENTIALS.secret })).body).toMatchObject({ data: { connected: true, message: expect.stringContaining("status is OK") } });
    const refused = (await admin.post("/api/suppliers/test-connection", { ...form, apiKey: CREDENTIALS.apiKey, apiSecret: "not-the-secret" })).body as { data: { connected: boolean; message: string } };
    expect(refused.data).toMatchObject({ connected: false, message: expect.stringContaining("Invalid API key or signature") });
    expect((await admin.post("/api/suppliers/test-connection", { ...form, apiKey: CREDENTIALS.apiKey })).body).toMatchObject({ status: 422, code: "connection_incomplete", message: expect.stringContaining("the API secret") });
    expect((await admin.post("/api/suppliers/test-connection", { ...form, kind: "flight", apiKey: CREDENTIALS.apiKey, apiSecret: CREDENTIALS.secret })).body).toMatchObject({ status: 422, message: expect.stringContaining("hotel or activity supplier") });
    const agent = await signedIn(server);
    expect((await agent.post("/api/suppliers/test-connection", { ...form, apiKey: CREDENTIALS.apiKey, apiSecret: CREDENTIALS.secret })).status).toBe(403);
  });

  it("refuses to save a connection that lacks what it needs, or one on a sandbox supplier's row", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const incomplete = await admin.post("/api/suppliers", hotelbedsSupplier({ code: "hotelbeds-incomplete", apiSecret: undefined }));
    expect(incomplete.body).toMatchObject({ status: 422, code: "connection_incomplete", message: "A Hotelbeds connection needs the API secret." });
    const sandboxRows = (await admin.get("/api/get-hotel-suppliers")).body as { data: { id: number; code: string }[] };
    const bedbank = sandboxRows.data.find((row) => row.code === "gulf-bedbank")!;
    const onSandbox = await admin.request("PUT", `/api/suppliers/${bedbank.id}`, { connection: "hotelbeds", endpointUrl, apiKey: CREDENTIALS.apiKey, apiSecret: CREDENTIALS.secret });
    expect(onSandbox.body).toMatchObject({ status: 422, code: "connection_incomplete" });
  });

  it("searches, books on deposit, logs the messages and cancels through Hotelbeds as soon as the supplier is saved", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const agent = await signedIn(server);
    const before = await searchHotels(agent);
    expect(before.suppliers.map((supplier) => supplier.supplierId)).not.toContain("hotelbeds-gulf");

    const created = await admin.post("/api/suppliers", hotelbedsSupplier());
    expect(created.status, created.text).toBe(200);
    expect(created.text).not.toContain(CREDENTIALS.secret);
    // The test-connection also reads the stored credentials when the form leaves them empty.
    const supplierId = (created.body as { data: { id: number } }).data.id;
    expect((await admin.post("/api/suppliers/test-connection", { id: supplierId, kind: "hotel", connection: "hotelbeds", endpointUrl })).body).toMatchObject({ data: { connected: true } });
    // Another agency's administrator cannot borrow the stored credentials: the supplier is not in its subtree.
    const sibling = await server.userOf(4, ["setup-configuration"]);
    expect((await sibling.client.post("/api/suppliers/test-connection", { id: supplierId, kind: "hotel", connection: "hotelbeds", endpointUrl })).body).toMatchObject({ status: 404, code: "not_found" });

    const search = await searchHotels(agent);
    expect(search.warnings).toEqual([]);
    expect(search.suppliers).toContainEqual({ supplierId: "hotelbeds-gulf", supplierName: "Hotelbeds (test account)" });
    const creek = search.hotels.find((summary) => summary.hotel.name === "Creek Pearl Hotel");
    expect(creek).toMatchObject({ supplierIds: ["hotelbeds-gulf"], currency: "KWD", hotel: { cityId: "AE-dubai", stars: 4 } });

    const rates = await ratesOf(agent, creek!.hotel.hotelCode);
    const picked = pickRooms(rates, (rate) => rate.supplierId === "hotelbeds-gulf" && rate.refundable && rate.boardBasis === "BB");
    expect(picked).toBeDefined();
    expect(picked!.rates.map((rate) => rate.occupancy)).toEqual(DUBAI_STAY.rooms);
    const expected = picked!.rates.reduce((sum, rate) => sum + rate.price.total, 0);

    const creditBefore = await creditUsed(server);
    const order = orderOf(await bookRooms(agent, picked!, DEPOSIT, { lastName: "Saleh" }));
    expect(order).toMatchObject({ status: "confirm", total: expected, currency: "KWD", supplierId: "hotelbeds-gulf" });
    const booking = hotelOf(order);
    expect(booking).toMatchObject({ supplierId: "hotelbeds-gulf", status: "confirm", clientReference: `AGG-${order.id}`, checkIn: DUBAI_STAY.checkIn, nights: 3 });
    expect(booking.confirmationNumber).toMatch(/^102-\d+$/);
    expect(booking.rooms.map((room) => room.guests.map((guest) => guest.lastName))).toEqual([["Saleh", "Saleh"], ["Saleh", "Saleh"]]);
    expect(await creditUsed(server)).toBe(creditBefore + expected);
    // CheckRate came before the booking, as Hotelbeds requires for RECHECK rates.
    const paths = fake.requests.map((request) => `${request.method} ${request.path}`);
    expect(paths.lastIndexOf("POST /hotel-api/1.0/checkrates")).toBeLessThan(paths.lastIndexOf("POST /hotel-api/1.0/bookings"));

    const messages = (await admin.get(`/api/orders/${order.id}/supplier-messages`)).body as { data: { operation: string; outcome: string; request: unknown }[] };
    expect(messages.data.map((message) => [message.operation, message.outcome])).toContainEqual(["book", "answered"]);
    expect(JSON.stringify(messages.data)).not.toContain(CREDENTIALS.secret);

    await cancelInFull(agent, order);
    expect(await creditUsed(server)).toBe(creditBefore);
  });

  it("reports Hotelbeds' failure as a warning beside the other suppliers' hotels, and a price moved at recheck as a price change", async () => {
    const agent = await signedIn(server);
    fake.failNext("/hotel-api/1.0/hotels", 500, "SYSTEM_ERROR", "Backend unavailable");
    const search = await searchHotels(agent);
    expect(search.warnings).toContainEqual(expect.objectContaining({ supplierId: "hotelbeds-gulf", reason: "error", message: expect.stringContaining("Backend unavailable") }));
    expect(search.hotels.length).toBeGreaterThan(100);

    const again = await searchHotels(agent);
    const creek = again.hotels.find((summary) => summary.hotel.name === "Creek Pearl Hotel")!;
    const picked = pickRooms(await ratesOf(agent, creek.hotel.hotelCode), (rate) => rate.supplierId === "hotelbeds-gulf")!;
    const shown = { amount: picked.rates.reduce((sum, rate) => sum + rate.price.total, 0), currency: "KWD" };
    fake.risePriceAtNextCheck(15);
    const recheck = (await agent.post("/api/hotels/recheck", { supplierId: "hotelbeds-gulf", rateKeys: picked.rates.map((rate) => rate.rateKey), expectedTotal: shown })).body as { data: { priceChanged: boolean; total: { amount: number } } };
    expect(recheck.data.priceChanged).toBe(true);
    expect(recheck.data.total.amount).toBeGreaterThan(shown.amount);
  });

  it("confirms a booking Hotelbeds made though its answer was lost, and leaves one it cannot ask about pending until the reconciler settles it", async () => {
    const agent = await signedIn(server);
    const pick = async () => {
      const search = await searchHotels(agent);
      const karama = search.hotels.find((summary) => summary.hotel.name === "Al Karama Inn")!;
      return pickRooms(await ratesOf(agent, karama.hotel.hotelCode), (rate) => rate.supplierId === "hotelbeds-gulf" && rate.refundable)!;
    };
    const creditBefore = await creditUsed(server);
    const first = await pick();
    fake.loseNextBookingAnswer(500, "SYSTEM_ERROR", "Gateway timeout");
    const confirmed = orderOf(await bookRooms(agent, first, DEPOSIT));
    expect(confirmed).toMatchObject({ status: "confirm", supplierId: "hotelbeds-gulf" });
    expect(hotelOf(confirmed).confirmationNumber).toMatch(/^102-\d+$/);
    expect(await creditUsed(server)).toBe(creditBefore + confirmed.total);

    // The answer is lost and Hotelbeds cannot be asked either (each lookup is tried three times): the order waits, charged.
    const second = await pick();
    fake.loseNextBookingAnswer(500, "SYSTEM_ERROR", "Gateway timeout");
    for (let attempt = 0; attempt < 3; attempt += 1) fake.failNext("/hotel-api/1.0/bookings?", 503, "SYSTEM_ERROR", "Unavailable");
    const key = newKey();
    const unconfirmed = await bookRooms(agent, second, DEPOSIT, { key });
    expect(unconfirmed.body).toMatchObject({ status: 504, code: "booking_unconfirmed" });
    const pending = await server.db.selectFrom("orders").selectAll().where("organisation_id", "=", 3).orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
    expect(pending.status).toBe("pending");
    // Its key stays in progress while the order is unsettled: a retry neither books again nor trips on the order it wrote.
    expect((await bookRooms(agent, second, DEPOSIT, { key })).body).toMatchObject({ status: 409, code: "request_in_progress" });
    await sql`update orders set created_at = now() - interval '2 hours' where id = ${pending.id}`.execute(server.db);
    await sql`update idempotency_keys set created_at = now() - interval '2 hours' where key = ${key}`.execute(server.db);
    expect(await server.app.reconcileOrders()).toMatchObject({ confirmed: 1, failed: 0, keysSettled: 1 });
    const settled = (await agent.get(`/api/orders/${pending.id}`)).body as { data: PlatformOrder };
    expect(settled.data).toMatchObject({ status: "confirm", paid: pending.total });
    expect(hotelOf(settled.data).clientReference).toBe(`AGG-${pending.id}`);
    // Settled, the key answers as the booking ended.
    const replayed = await bookRooms(agent, second, DEPOSIT, { key });
    expect(replayed.headers["idempotent-replayed"]).toBe("true");
    expect(orderOf(replayed)).toMatchObject({ id: pending.id, status: "confirm" });
  });

  it("is open to the organisation that entered the credentials and those below it, not to a sibling agency", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const rows = (await admin.get("/api/get-hotel-suppliers")).body as { data: { id: number; code: string }[] };
    const row = rows.data.find((entry) => entry.code === "hotelbeds-gulf")!;
    // As if Gulf Horizon's own administrator had entered its account: the row belongs to organisation 3.
    await server.db.updateTable("suppliers" as never).set({ organisation_id: 3 } as never).where("id" as never, "=", row.id as never).execute();
    expect((await admin.request("PUT", `/api/suppliers/${row.id}`, { name: "Hotelbeds (Gulf Horizon)" })).status).toBe(200);
    const agent = await signedIn(server);
    expect((await searchHotels(agent)).suppliers.map((supplier) => supplier.supplierId)).toContain("hotelbeds-gulf");
    const sibling = await admin.post("/api/hotels/search", DUBAI_STAY, { headers: { "x-booking-for": "4" } });
    expect(sibling.status, sibling.text).toBe(200);
    expect((sibling.body as { data: { suppliers: { supplierId: string }[] } }).data.suppliers.map((supplier) => supplier.supplierId)).not.toContain("hotelbeds-gulf");
  });
});
