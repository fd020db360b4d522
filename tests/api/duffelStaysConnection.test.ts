import { afterAll, beforeAll, expect, it } from "vitest";
import { startFakeDuffel, type FakeDuffel } from "../fakes/duffel/fakeDuffel";
import { describeEachDatabase } from "./harness";
import { bookRooms, cancelInFull, DUBAI_STAY, hotelOf, pickRooms, ratesOf, searchHotels } from "./hotelFixtures";
import { creditUsed, DEPOSIT, orderOf, signedIn } from "./orderFixtures";

const TOKEN = "duffel_test_gulf-horizon-stays";

const staysSupplier = (endpointUrl: string) => ({
  code: "duffel-stays-gulf",
  name: "Duffel Stays (test account)",
  kind: "hotel",
  category: "hotel",
  source: "Duffel",
  connection: "duffel",
  endpointUrl,
  apiKey: TOKEN,
  commercialModel: "net",
  settlement: "Prepaid deposit",
  currency: "USD",
});

describeEachDatabase("a hotel supplier connected to Duffel Stays by its access token", (server) => {
  let fake: FakeDuffel;
  let endpointUrl: string;
  let closeFake: () => Promise<void>;
  // A fake per database: the platform's references (AGG-<order id>) start again with each.
  beforeAll(async () => {
    ({ fake, url: endpointUrl, close: closeFake } = await startFakeDuffel({ accessToken: TOKEN, currency: "USD" }));
  });
  afterAll(() => closeFake());

  /** The cheapest Creek Harbour stay: every room on the same Duffel rate (Duffel books a stay on one rate). */
  const creekStay = async (agent: Awaited<ReturnType<typeof signedIn>>) => {
    const search = await searchHotels(agent);
    const creek = search.hotels.find((summary) => summary.hotel.name === "Creek Harbour Suites")!;
    const rates = await ratesOf(agent, creek.hotel.hotelCode);
    return { search, creek, picked: pickRooms(rates, (rate) => rate.supplierId === "duffel-stays-gulf" && rate.roomName === "Deluxe King Room" && rate.boardBasis === "RO")! };
  };

  it("tests a stays connection, and books, cancels and refunds through Duffel Stays for the agency that entered it", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const form = { kind: "hotel", connection: "duffel", endpointUrl, currency: "USD" };
    expect((await admin.post("/api/suppliers/test-connection", { ...form, apiKey: TOKEN })).body).toMatchObject({ data: { connected: true, message: "Duffel accepted the credentials; its status is reachable." } });
    expect((await admin.post("/api/suppliers/test-connection", { ...form, kind: "insurance", apiKey: TOKEN })).body).toMatchObject({ status: 422, message: expect.stringContaining("flight or hotel supplier") });

    const agent = await signedIn(server);
    expect((await searchHotels(agent)).suppliers.map((supplier) => supplier.supplierId)).not.toContain("duffel-stays-gulf");
    const owner = await server.userOf(3, ["setup-configuration"]);
    const created = await owner.client.post("/api/suppliers", staysSupplier(endpointUrl));
    expect(created.status, created.text).toBe(200);
    expect(created.text).not.toContain(TOKEN);

    const { search, creek, picked } = await creekStay(agent);
    expect(search.warnings).toEqual([]);
    expect(search.suppliers).toContainEqual({ supplierId: "duffel-stays-gulf", supplierName: "Duffel Stays (test account)" });
    expect(creek).toMatchObject({ supplierIds: ["duffel-stays-gulf"], currency: "KWD", hotel: { cityId: "AE-dubai", stars: 4 } });
    // Duffel's property id has a stored platform code: the same at every search, on every instance.
    const stored = await server.db.selectFrom("supplier_hotel_codes").selectAll().where("supplier_code", "=", "duffel-stays-gulf").execute();
    expect(stored.find((row) => row.hotel_code === creek.hotel.hotelCode)?.supplier_hotel_id).toBe("acc_0000AaCreekHarbourSuites");
    expect(creek.hotel.hotelCode).toMatch(/^HE[0-9A-F]{7}$/);
    expect((await searchHotels(agent)).hotels.find((summary) => summary.hotel.name === "Creek Harbour Suites")!.hotel.hotelCode).toBe(creek.hotel.hotelCode);
    expect(picked.rates.map((rate) => rate.occupancy)).toEqual(DUBAI_STAY.rooms);
    // Typing its name in the destination box finds it too, under the same code.
    const typed = (await agent.get("/api/hotels/destinations?q=Creek%20Harb")).body as { data: { kind: string; hotelCode?: string; name?: string }[] };
    expect(typed.data).toContainEqual(expect.objectContaining({ kind: "hotel", hotelCode: creek.hotel.hotelCode, name: "Creek Harbour Suites" }));
    expect(new Set(picked.rates.map((rate) => rate.rateKey.split(".").pop())).size).toBe(1);

    // Another agency's agents do not book with Gulf Horizon's Duffel account.
    const sibling = await server.userOf(4, ["search"]);
    expect((await searchHotels(sibling.client)).suppliers.map((supplier) => supplier.supplierId)).not.toContain("duffel-stays-gulf");

    const expected = picked.rates.reduce((sum, rate) => sum + rate.price.total, 0);
    const creditBefore = await creditUsed(server);
    const order = orderOf(await bookRooms(agent, picked, DEPOSIT, { lastName: "Saleh" }));
    expect(order).toMatchObject({ status: "confirm", total: expected, currency: "KWD", supplierId: "duffel-stays-gulf" });
    const booking = hotelOf(order);
    expect(booking).toMatchObject({ status: "confirm", clientReference: `AGG-${order.id}`, checkIn: DUBAI_STAY.checkIn, nights: 3, total: { amount: 77_700, currency: "USD" } });
    expect(booking.confirmationNumber).toMatch(/^[0-9A-F]{8}$/);
    expect(booking.rooms.map((room) => room.guests.map((guest) => guest.lastName))).toEqual([["Saleh", "Saleh"], ["Saleh", "Saleh"]]);
    expect(await creditUsed(server)).toBe(creditBefore + expected);
    // The price was quoted again before the booking, as Duffel requires.
    const paths = fake.requests.map((request) => `${request.method} ${request.path}`);
    expect(paths.lastIndexOf("POST /stays/quotes")).toBeLessThan(paths.lastIndexOf("POST /stays/bookings"));
    // What Duffel was asked and answered is in the booking's message log, the token nowhere.
    const messages = (await admin.get(`/api/orders/${order.id}/supplier-messages`)).body as { data: { operation: string; outcome: string }[] };
    expect(messages.data.map((message) => [message.operation, message.outcome])).toContainEqual(["book", "answered"]);
    expect(JSON.stringify(messages.data)).not.toContain(TOKEN);

    await cancelInFull(agent, order);
    expect(await creditUsed(server)).toBe(creditBefore);
  });

  it("refuses rooms on two Duffel rates in words, flags a price moved at the quote, and confirms a booking whose answer was lost", async () => {
    const agent = await signedIn(server);
    const { creek, picked } = await creekStay(agent);
    const rates = await ratesOf(agent, creek.hotel.hotelCode);
    const suite = rates.rooms[1]!.rates.find((rate) => rate.supplierId === "duffel-stays-gulf" && rate.roomName === "Creek View Suite")!;
    const mixed = await agent.post("/api/hotels/recheck", { supplierId: "duffel-stays-gulf", rateKeys: [picked.rates[0]!.rateKey, suite.rateKey] });
    expect(mixed.status).toBeGreaterThanOrEqual(400);
    expect(mixed.body).toMatchObject({ message: expect.stringContaining("Duffel books every room of a stay on one rate") });

    const shown = { amount: picked.rates.reduce((sum, rate) => sum + rate.price.total, 0), currency: "KWD" };
    fake.stays.risePriceAtNextQuote(12);
    const recheck = (await agent.post("/api/hotels/recheck", { supplierId: "duffel-stays-gulf", rateKeys: picked.rates.map((rate) => rate.rateKey), expectedTotal: shown })).body as { data: { priceChanged: boolean; total: { amount: number } } };
    expect(recheck.data).toMatchObject({ priceChanged: true });
    expect(recheck.data.total.amount).toBeGreaterThan(shown.amount);

    const creditBefore = await creditUsed(server);
    const again = (await creekStay(agent)).picked;
    fake.stays.loseNextBookingAnswer();
    const confirmed = orderOf(await bookRooms(agent, again, DEPOSIT));
    expect(confirmed).toMatchObject({ status: "confirm", supplierId: "duffel-stays-gulf" });
    expect(hotelOf(confirmed).clientReference).toBe(`AGG-${confirmed.id}`);
    expect(await creditUsed(server)).toBe(creditBefore + confirmed.total);
  });
});
