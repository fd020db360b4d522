import { sql } from "kysely";
import { expect, it } from "vitest";
import type { PlatformOrder } from "../../src/contract/orders";
import type { ApiTestClient } from "./apiClient";
import { describeEachDatabase } from "./harness";
import { expectOneFact } from "./surfaces";
import { creditUsed, DEPOSIT, newKey, orderOf, signedIn } from "./orderFixtures";

interface Offer {
  id: number;
  code: string;
  name: string;
  departureCity: string;
  packageType: string;
  departureDate: string;
  hotels: { city: string; stars: number; distanceM: number }[];
  prices: Record<"quad" | "triple" | "double" | "single" | "child" | "infant", { amount: number; currency: string }>;
  placesLeft: number;
}

const pilgrim = (firstName: string, dateOfBirth = "1980-01-01") => ({ title: "Ms.", firstName, lastName: "Haddad", dateOfBirth, nationality: "KW", passportNumber: `K${firstName.toUpperCase().padEnd(7, "X").slice(0, 7)}`, passportExpiry: "2032-01-01" });
const CONTACT = { email: "omar@example.com", phone: "+96522001234" };

async function offered(client: ApiTestClient, query = ""): Promise<Offer[]> {
  const response = await client.get(`/api/packages/offered${query}`);
  expect(response.status, response.text).toBe(200);
  return (response.body as { data: Offer[] }).data;
}

const book = (client: ApiTestClient, packageId: number, rooms: object[], expectedTotal: { amount: number; currency: string }) =>
  client.post("/api/packages/book", { packageId, rooms, contact: CONTACT, payment: { ...DEPOSIT, card: null }, expectedTotal }, { headers: { "idempotency-key": newKey() } });

describeEachDatabase("pilgrimage packages", (server) => {
  it("lists the packages on sale with filters by type, month, departure city, price, stars and distance", async () => {
    const agent = await signedIn(server);
    const all = await offered(agent);
    expect(all.map((offer) => offer.code)).toEqual(expect.arrayContaining(["UMR-RAJAB-27", "UMR-ECON-27", "HAJJ-1448-A", "ZRT-ARBAEEN-27"]));
    expect((await offered(agent, "?type=umrah")).every((offer) => offer.packageType === "umrah")).toBe(true);
    expect((await offered(agent, "?month=2027-01")).map((offer) => offer.code)).toEqual(["UMR-RAJAB-27"]);
    expect((await offered(agent, "?minStars=5")).every((offer) => offer.hotels[0]!.stars === 5)).toBe(true);
    expect((await offered(agent, "?maxDistance=200")).every((offer) => offer.hotels[0]!.distanceM <= 200)).toBe(true);
    expect((await offered(agent, "?maxPrice=200000")).map((offer) => offer.code)).toEqual(["UMR-ECON-27"]);
    expect((await offered(agent, "?departureCity=kuwait%20city")).length).toBe(all.length);
    const ziarat = (await offered(agent, "?type=ziarat"))[0]!;
    expect(ziarat.hotels.map((hotel) => hotel.city)).toEqual(["Najaf", "Karbala", "Mashhad"]);
  });

  it("books an Umrah package for 3 pilgrims in a triple room, prices a child and an infant by age, and refuses rooms that do not add up", async () => {
    const agent = await signedIn(server);
    const umrah = (await offered(agent, "?month=2027-01"))[0]!;
    const before = await creditUsed(server);
    const mismatched = await book(agent, umrah.id, [{ sharing: "triple", pilgrims: [pilgrim("Omar"), pilgrim("Lina")] }], { amount: 1, currency: "KWD" });
    expect(mismatched.body).toMatchObject({ status: 400, errors: [{ field: "rooms.0.pilgrims" }] });
    const expiring = await book(agent, umrah.id, [{ sharing: "single", pilgrims: [{ ...pilgrim("Omar"), passportExpiry: "2027-02-01" }] }], { amount: 1, currency: "KWD" });
    expect(expiring.body).toMatchObject({ status: 400, errors: [{ field: "rooms.0.pilgrims.0.passportExpiry" }] });
    const boyish = await book(agent, umrah.id, [{ sharing: "single", pilgrims: [{ ...pilgrim("Omar"), title: "Master" }] }], { amount: 1, currency: "KWD" });
    expect(boyish.body).toMatchObject({ status: 400, errors: [{ field: "rooms.0.pilgrims.0.title", message: "Master does not fit this traveller's age: use Mr., Mrs., Ms., Dr." }] });

    // Two adults and a child of 8 share the triple room; a baby of one travels with them.
    const rooms = [{ sharing: "triple", pilgrims: [pilgrim("Omar"), pilgrim("Lina", "1984-05-05"), pilgrim("Sami", "2018-06-01"), pilgrim("Nour", "2026-03-01")] }];
    const total = 2 * umrah.prices.triple.amount + umrah.prices.child.amount + umrah.prices.infant.amount;
    expect((await book(agent, umrah.id, rooms, { amount: total - 1, currency: "KWD" })).body).toMatchObject({ status: 409, code: "price_changed" });
    const order = orderOf(await book(agent, umrah.id, rooms, { amount: total, currency: "KWD" }));
    expect(await expectOneFact(agent, order.id)).toEqual({ title: umrah.name, place: { kind: "city", name: umrah.departureCity }, travelDate: umrah.departureDate, status: "confirm", stage: null });
    expect(order).toMatchObject({ status: "confirm", total, passengerNames: "Omar Haddad, Lina Haddad, Sami Haddad, Nour Haddad" });
    expect(order.bookingReference).toBe(`PKG-${order.id}`);
    const booking = order.items[0]!.package!;
    expect(booking.rooms[0]!.pilgrims.map((entry) => entry.priceBand)).toEqual(["adult", "adult", "child", "infant"]);
    expect(await creditUsed(server)).toBe(before + total);
    expect((await offered(agent, "?month=2027-01"))[0]!.placesLeft).toBe(umrah.placesLeft - 4);
    const listed = (await agent.get("/api/orders?product=package")).body as { data: PlatformOrder[] };
    expect(listed.data.map((entry) => entry.id)).toContain(order.id);

    // The head office's manifest lists every pilgrim with the room; an agent may not read it.
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const manifest = (await admin.get(`/api/packages/${umrah.id}/manifest`)).body as { data: { pilgrims: { reference: string; room: number; sharing: string; lastName: string }[] } };
    expect(manifest.data.pilgrims.filter((entry) => entry.reference === order.bookingReference)).toHaveLength(4);
    expect((await agent.get(`/api/packages/${umrah.id}/manifest`)).status).toBe(403);

    // Cancelled before the deadline: everything back, and the places on sale again.
    const quote = await agent.post(`/api/orders/${order.id}/cancel-quote`, {});
    expect(quote.body).toMatchObject({ data: { refundToAgency: { amount: total } } });
    expect(orderOf(await agent.post(`/api/orders/${order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } }))).toMatchObject({ status: "cancel", refunded: total });
    expect(await creditUsed(server)).toBe(before);
    expect((await offered(agent, "?month=2027-01"))[0]!.placesLeft).toBe(umrah.placesLeft);
  });

  it("never sells more places than the quota, however many agents book at once", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const created = await admin.post("/api/packages", {
      code: `QUOTA-${server.kind}`, name: "Ten places", packageType: "umrah", season: "Test", departureCity: "Kuwait City", departureDate: "2027-04-01", returnDate: "2027-04-08", bookingDeadline: "2027-03-20",
      itinerary: ["Day 1: arrive"], hotel1City: "Makkah", hotel1Name: "Test Hotel", hotel1Stars: 3, hotel1DistanceM: 800, hotel1Nights: 7, transport: "bus", meals: "breakfast", currency: "KWD",
      quadPrice: 5_000, triplePrice: 5_000, doublePrice: 5_000, singlePrice: 5_000, childPrice: 2_000, infantPrice: 0, quota: 10,
    });
    expect(created.status, created.text).toBe(200);
    const packageId = (created.body as { data: { id: number } }).data.id;
    const agent = await signedIn(server);
    const attempts = server.kind === "postgres" ? 15 : 12;
    const responses = await Promise.all(Array.from({ length: attempts }, (_, index) => book(agent, packageId, [{ sharing: "single", pilgrims: [pilgrim(`P${String.fromCharCode(97 + index)}x`)] }], { amount: 5_000, currency: "KWD" })));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(responses.filter((response) => response.status !== 200).every((response) => (response.body as { code: string }).code === "sold_out")).toBe(true);
    const booked = (await sql<{ booked: number }>`select booked from packages where id = ${packageId}`.execute(server.db)).rows[0]!.booked;
    expect(booked).toBe(10);
    // A group larger than what is left is refused whole, with what is left.
    expect((await book(agent, packageId, [{ sharing: "single", pilgrims: [pilgrim("Late")] }], { amount: 5_000, currency: "KWD" })).body).toMatchObject({ status: 409, code: "sold_out", message: "Ten places is sold out." });
  });
});

describeEachDatabase("package dates", (server) => {
  const PACKAGE = {
    code: "DATES", name: "Dates", packageType: "umrah", season: "Test", departureCity: "Kuwait City", departureDate: "2027-04-01", returnDate: "2027-04-08", bookingDeadline: "2027-03-20",
    itinerary: ["Day 1: arrive"], hotel1City: "Makkah", hotel1Name: "Test Hotel", hotel1Stars: 3, hotel1DistanceM: 800, hotel1Nights: 7, transport: "bus", meals: "breakfast", currency: "KWD",
    quadPrice: 5_000, triplePrice: 5_000, doublePrice: 5_000, singlePrice: 5_000, childPrice: 2_000, infantPrice: 0, quota: 10,
  };

  it("refuses a return before the departure, bookings closing after it and publishing a departure that has passed, each on its field", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const refused = async (body: object, field: string) => {
      const response = await admin.post("/api/packages", { ...PACKAGE, ...body });
      expect(response.status, response.text).toBe(400);
      expect(response.body).toMatchObject({ code: "validation_failed", errors: [expect.objectContaining({ field })] });
    };
    await refused({ returnDate: "2027-03-25" }, "returnDate");
    await refused({ bookingDeadline: "2027-04-02" }, "bookingDeadline");
    await refused({ departureDate: "2020-01-01", returnDate: "2020-01-08", bookingDeadline: "2019-12-20" }, "departureDate");
    // Saved unpublished, it is refused when published; a stored package is checked with the changes applied.
    const draft = await admin.post("/api/packages", { ...PACKAGE, code: "PAST", departureDate: "2020-01-01", returnDate: "2020-01-08", bookingDeadline: "2019-12-20", status: 0 });
    expect(draft.status, draft.text).toBe(200);
    const id = (draft.body as { data: { id: number } }).data.id;
    expect((await admin.request("PUT", `/api/packages/${id}`, { status: 1 })).body).toMatchObject({ status: 400, errors: [{ field: "departureDate" }] });
    expect((await admin.request("PUT", `/api/packages/${id}`, { returnDate: "2019-12-31" })).body).toMatchObject({ status: 400, errors: [{ field: "returnDate" }] });
    expect((await admin.request("PUT", `/api/packages/${id}`, { name: "Past, corrected" })).status).toBe(200);
  });
});
