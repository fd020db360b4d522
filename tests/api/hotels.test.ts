import { ledgerReason } from "../../src/contract/ledgerReasons";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { debitCredit } from "../../server/ledger/ledger";
import type { HotelBooking } from "../../src/contract/hotels";
import type { LedgerEntry, PlatformOrder } from "../../src/contract/orders";
import { describeEachDatabase } from "./harness";
import { expectOneFact } from "./surfaces";
import { bookRooms, DUBAI_STAY, findRooms, pickRooms, ratesOf, searchHotels } from "./hotelFixtures";
import { book, creditUsed, DEPOSIT, findOffer, newKey, orderOf, signedIn } from "./orderFixtures";


const hotelOf = (order: PlatformOrder): HotelBooking => {
  const booking = order.items[0]?.hotel;
  if (!booking) throw new Error(`Order ${order.id} has no hotel item.`);
  return booking;
};

describeEachDatabase("hotels", (server) => {
  it("answers the geography calls and suggests cities, then hotels by name", async () => {
    const agent = await signedIn(server);
    const cities = (await agent.get("/api/get-city-list?q=dub&limit=5")).body as { data: { id: string; name: string; timeZone: string }[] };
    expect(cities.data[0]).toMatchObject({ id: "AE-dubai", name: "Dubai", timeZone: "Asia/Dubai" });
    const kuwait = (await agent.get("/api/get-country-city/KW")).body as { data: { countryCode: string }[] };
    expect(kuwait.data.length).toBeGreaterThan(0);
    expect(kuwait.data.every((city) => city.countryCode === "KW")).toBe(true);
    expect((await agent.get("/api/get-country-city/999999")).status).toBe(404);
    const withCurrency = (await agent.get("/api/get-all-country-with-currency")).body as { data: { code: string; currency: { code: string } | null }[] };
    expect(withCurrency.data.find((country) => country.code === "KW")?.currency).toMatchObject({ code: "KWD" });
    const airports = (await agent.get("/api/get-airports-db")).body as { data: { iata: string }[] };
    expect(airports.data.some((airport) => airport.iata === "DXB")).toBe(true);

    const search = await searchHotels(agent);
    // The longest name is the one least shared with hotels of other cities.
    const { name } = search.hotels.map((summary) => summary.hotel).sort((left, right) => right.name.length - left.name.length)[0]!;
    const suggestions = (await agent.get(`/api/hotels/destinations?q=${encodeURIComponent(name)}`)).body as { data: { kind: string; name?: string; city: { id: string } }[] };
    expect(suggestions.data).toContainEqual(expect.objectContaining({ kind: "hotel", name, city: expect.objectContaining({ id: "AE-dubai" }) }));
  });

  it("searches a large city at both suppliers, merges the hotels they share and prices each stay in the agency's currency", async () => {
    const agent = await signedIn(server);
    const search = await searchHotels(agent);
    expect(search.warnings).toEqual([]);
    expect(search.nights).toBe(3);
    expect(search.hotels.length).toBeGreaterThan(200);
    const codes = search.hotels.map((summary) => summary.hotel.hotelCode);
    expect(new Set(codes).size).toBe(codes.length);
    expect(search.hotels.filter((summary) => summary.supplierIds.length === 2).length).toBeGreaterThan(100);
    for (const summary of search.hotels.slice(0, 20)) {
      expect(summary.currency).toBe("KWD");
      expect(summary.stayOffers[0]!.total).toBeGreaterThan(0);
      expect(summary.hotel).toMatchObject({ cityId: "AE-dubai", countryCode: "AE", timeZone: "Asia/Dubai", localCurrency: "AED" });
    }
    // The hotel page: each room's rates, every one of them for that room's guests.
    const shared = search.hotels.find((summary) => summary.supplierIds.length === 2)!;
    const rates = await ratesOf(agent, shared.hotel.hotelCode);
    expect(rates.rooms.map((room) => room.occupancy)).toEqual(DUBAI_STAY.rooms);
    for (const room of rates.rooms) {
      expect(room.rates.length).toBeGreaterThan(0);
      expect(room.rates.every((rate) => rate.roomIndex === room.roomIndex && rate.price.currency === "KWD" && rate.price.total >= rate.price.base)).toBe(true);
    }
    // The cheapest stay the list shows is one the page can book.
    const cheapest = shared.stayOffers[0]!;
    const picked = pickRooms(rates, (rate) => rate.boardBasis === cheapest.boardBasis && rate.refundable === cheapest.refundable);
    expect(picked).toBeDefined();
  });

  it("refuses a stay that cannot be searched, field by field, without asking a supplier", async () => {
    const agent = await signedIn(server);
    const past = await agent.post("/api/hotels/search", { ...DUBAI_STAY, checkIn: "2020-01-01", checkOut: "2020-01-03" });
    expect(past.body).toMatchObject({ status: 400, errors: [{ field: "checkIn" }] });
    const backwards = await agent.post("/api/hotels/search", { ...DUBAI_STAY, checkOut: DUBAI_STAY.checkIn });
    expect(backwards.body).toMatchObject({ status: 400, errors: [{ field: "checkOut" }] });
    const nowhere = await agent.post("/api/hotels/search", { ...DUBAI_STAY, cityId: "AE-atlantis" });
    expect(nowhere.body).toMatchObject({ status: 400, errors: [{ field: "cityId" }] });
    const tenRooms = await agent.post("/api/hotels/search", { ...DUBAI_STAY, rooms: Array.from({ length: 10 }, () => ({ adults: 1 })) });
    expect(tenRooms.status).toBe(400);
  });

  it("keeps the other supplier's hotels when one fails, with a warning naming it", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    expect((await admin.request("PUT", "/api/admin/supplier-settings/arabian-wholesale-hotels", { errorRate: 1 })).status).toBe(200);
    try {
      const search = await searchHotels(await signedIn(server));
      expect(search.warnings).toEqual([expect.objectContaining({ supplierId: "arabian-wholesale-hotels", reason: "error" })]);
      expect(search.hotels.length).toBeGreaterThan(100);
      expect(search.hotels.every((summary) => summary.supplierIds.join() === "gulf-bedbank")).toBe(true);
    } finally {
      await admin.request("PUT", "/api/admin/supplier-settings/arabian-wholesale-hotels", { errorRate: 0 });
    }
    const settings = (await admin.get("/api/admin/supplier-settings")).body as { data: { supplierId: string; isSandbox: boolean }[] };
    expect(settings.data.map((entry) => entry.supplierId)).toEqual(expect.arrayContaining(["gulf-bedbank", "arabian-wholesale-hotels"]));
    const hotelSuppliers = (await admin.get("/api/get-hotel-suppliers")).body as { data: { code: string; kind: string }[] };
    expect(hotelSuppliers.data.map((entry) => entry.code).sort()).toEqual(["arabian-wholesale-hotels", "gulf-bedbank"]);
  });

  it("searches only the hotel suppliers switched on, and open to the agent's organisation in the suppliers table", async () => {
    const agent = await signedIn(server);
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const [{ id: wholesalerId }] = (await sql<{ id: number }>`select id from suppliers where code = 'arabian-wholesale-hotels'`.execute(server.db)).rows as [{ id: number }];
    const openTo = async (brandIds: number[]) => expect((await admin.request("PUT", `/api/suppliers/${wholesalerId}`, { brandIds })).status).toBe(200);
    // Open only to the sibling agency (organisation 4): the agent's agency does not get it.
    await openTo([4]);
    try {
      const search = await searchHotels(agent);
      expect(search.suppliers.map((supplier) => supplier.supplierId)).toEqual(["gulf-bedbank"]);
      expect(search.warnings).toEqual([]);
      expect(search.hotels.every((summary) => summary.supplierIds.join() === "gulf-bedbank")).toBe(true);
    } finally {
      await openTo([]);
    }
    expect((await admin.request("PUT", "/api/admin/supplier-settings/gulf-bedbank", { active: false })).status).toBe(200);
    try {
      const search = await searchHotels(agent);
      expect(search.suppliers.map((supplier) => supplier.supplierId)).toEqual(["arabian-wholesale-hotels"]);
    } finally {
      await admin.request("PUT", "/api/admin/supplier-settings/gulf-bedbank", { active: true });
    }
  });

  it("books by deposit after a recheck, once per key; the order holds a hotel item; cancelling before the deadline gives everything back", async () => {
    const agent = await signedIn(server);
    const picked = await findRooms(agent, await searchHotels(agent), (rate) => rate.refundable);
    const expected = picked.rates.reduce((sum, rate) => sum + rate.price.total, 0);
    const recheck = await agent.post("/api/hotels/recheck", { supplierId: picked.supplierId, rateKeys: picked.rates.map((rate) => rate.rateKey), expectedTotal: { amount: expected, currency: "KWD" } });
    expect(recheck.body).toMatchObject({ data: { priceChanged: false, total: { amount: expected, currency: "KWD" } } });

    const before = await creditUsed(server);
    const key = newKey();
    const order = orderOf(await bookRooms(agent, picked, DEPOSIT, { key }));
    expect(order).toMatchObject({ status: "confirm", total: expected, paid: expected, currency: "KWD", supplierId: picked.supplierId, supplierOrder: null });
    expect(order.items).toHaveLength(1);
    const item = order.items[0]!;
    expect(await expectOneFact(agent, order.id)).toEqual({ title: item.hotel!.hotel.name, place: { kind: "city", name: item.hotel!.hotel.cityName }, travelDate: DUBAI_STAY.checkIn, status: "confirm", stage: null });
    expect(item).toMatchObject({ kind: "hotel", status: "confirm", supplierId: picked.supplierId, supplierReference: order.bookingReference, total: { amount: expected, currency: "KWD" } });
    expect(item.cancellationTerms?.refundable).toBe(true);
    expect(item.cancellationTerms?.penalties.at(-1)?.amount).toEqual({ amount: expected, currency: "KWD" });
    const booking = hotelOf(order);
    expect(booking).toMatchObject({ status: "confirm", checkIn: DUBAI_STAY.checkIn, checkOut: DUBAI_STAY.checkOut, nights: 3, clientReference: `AGG-${order.id}` });
    expect(booking.confirmationNumber).not.toBe("");
    expect(booking.rooms.map((room) => room.guests.length)).toEqual([2, 2]);
    expect(await creditUsed(server)).toBe(before + expected);
    const again = orderOf(await bookRooms(agent, picked, DEPOSIT, { key }));
    expect(again.id).toBe(order.id);
    expect(await creditUsed(server)).toBe(before + expected);

    const hotels = (await agent.get("/api/orders?product=hotel&mine=true")).body as { data: PlatformOrder[] };
    expect(hotels.data.map((entry) => entry.id)).toContain(order.id);
    expect(hotels.data.every((entry) => entry.items.every((entryItem) => entryItem.kind === "hotel"))).toBe(true);
    const flights = (await agent.get("/api/orders?product=flight")).body as { data: PlatformOrder[] };
    expect(flights.data.map((entry) => entry.id)).not.toContain(order.id);

    const quote = await agent.post(`/api/orders/${order.id}/cancel-quote`, {});
    expect(quote.body).toMatchObject({ data: { quote: { kind: "refund", penalty: { amount: 0 } }, refundToAgency: { amount: expected, currency: "KWD" }, agencyPaid: { amount: expected, currency: "KWD" }, agencyPenalty: { amount: 0, currency: "KWD" } } });
    const cancelled = orderOf(await agent.post(`/api/orders/${order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } }));
    expect(cancelled).toMatchObject({ status: "cancel", refunded: expected, items: [expect.objectContaining({ status: "cancel" })] });
    expect(hotelOf(cancelled).cancellation).toMatchObject({ penalty: { amount: 0 } });
    expect(await creditUsed(server)).toBe(before);
    const ledger = ((await agent.get(`/api/orders/${order.id}/ledger`)).body as { data: LedgerEntry[] }).data;
    expect(ledger.map((entry) => [entry.kind, entry.amount])).toEqual([["debit", expected], ["credit", expected]]);
  });

  it("keeps a hotel order out of another agency's reach: not listed, not read, not serviced", async () => {
    const agent = await signedIn(server);
    const order = orderOf(await bookRooms(agent, await findRooms(agent, await searchHotels(agent), (rate) => rate.holdable), null));
    const sibling = await server.userOf(4);
    const listed = (await sibling.client.get("/api/orders?product=hotel")).body as { data: PlatformOrder[] };
    expect(listed.data.map((entry) => entry.id)).not.toContain(order.id);
    expect((await sibling.client.get(`/api/orders/${order.id}`)).status).toBe(404);
    expect((await sibling.client.get(`/api/orders/${order.id}/ledger`)).status).toBe(404);
    expect((await sibling.client.post(`/api/orders/${order.id}/cancel-quote`, {})).status).toBe(404);
    const headers = { headers: { "idempotency-key": newKey() } };
    expect((await sibling.client.post(`/api/orders/${order.id}/ticket`, { payment: { paymentMethodId: 1, card: null } }, headers)).status).toBe(404);
    expect((await sibling.client.post(`/api/orders/${order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } })).status).toBe(404);
    expect(((await agent.get(`/api/orders/${order.id}`)).body as { data: PlatformOrder }).data.status).toBe("hold");
  });

  it("charges the policy's penalty when cancelled after the deadline, and the agency gets the rest", async () => {
    const agent = await signedIn(server);
    const picked = await findRooms(agent, await searchHotels(agent), (rate) => rate.refundable);
    const order = orderOf(await bookRooms(agent, picked, DEPOSIT));
    const terms = order.items[0]!.cancellationTerms!;
    const firstPenalty = terms.penalties[0]!;
    const seconds = Math.ceil((Date.parse(firstPenalty.fromUtc) - server.clock.now().getTime()) / 1000) + 60;
    server.clock.advance(seconds);
    try {
      // Days later: a new session.
      const agent = await signedIn(server);
      const quote = await agent.post(`/api/orders/${order.id}/cancel-quote`, {});
      // The agency's side in its own currency: what it paid, and the penalty's share of it.
      expect(quote.body).toMatchObject({ data: { refundToAgency: { amount: order.total - firstPenalty.amount.amount }, agencyPaid: { amount: order.total, currency: order.currency }, agencyPenalty: { amount: firstPenalty.amount.amount, currency: order.currency } } });
      const before = await creditUsed(server);
      const cancelled = orderOf(await agent.post(`/api/orders/${order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } }));
      expect(cancelled.refunded).toBe(order.total - firstPenalty.amount.amount);
      expect(await creditUsed(server)).toBe(before - cancelled.refunded);
    } finally {
      server.clock.advance(-seconds);
    }
  });

  it("holds a holdable rate unpaid until its deadline, then confirms it with payment; a rate that cannot be held is refused", async () => {
    const agent = await signedIn(server);
    const search = await searchHotels(agent);
    const holdable = await findRooms(agent, search, (rate) => rate.holdable);
    const before = await creditUsed(server);
    const held = orderOf(await bookRooms(agent, holdable, null));
    expect(held).toMatchObject({ status: "hold", paid: 0, items: [expect.objectContaining({ status: "hold" })] });
    expect(held.paymentTimeLimit).toBe(hotelOf(held).holdUntil);
    expect(await creditUsed(server)).toBe(before);
    const confirmed = orderOf(await agent.post(`/api/orders/${held.id}/ticket`, { payment: { paymentMethodId: 1, card: null } }, { headers: { "idempotency-key": newKey() } }));
    expect(confirmed).toMatchObject({ status: "confirm", paid: held.total, paymentTimeLimit: null });
    expect(hotelOf(confirmed).confirmationNumber).not.toBe("");
    expect(await creditUsed(server)).toBe(before + held.total);

    const notHoldable = await findRooms(agent, search, (rate) => !rate.refundable);
    expect((await bookRooms(agent, notHoldable, null)).body).toMatchObject({ status: 422, code: "hold_not_allowed" });
  });

  it("pays a hotel by card through the merchant's gateway without touching the credit, refunds the card on cancelling, and books nothing on a declined card", async () => {
    const agent = await signedIn(server);
    const picked = await findRooms(agent, await searchHotels(agent), (rate) => rate.refundable);
    const before = await creditUsed(server);
    const token = async (number: string) => {
      const response = await agent.post("/api/payments/card-token", { number, expiryMonth: 12, expiryYear: 2030, cvv: "123", holderName: "Sam Guest" });
      expect(response.status, response.text).toBe(200);
      return (response.body as { data: { token: string } }).data.token;
    };
    const order = orderOf(await bookRooms(agent, picked, { paymentMethodId: 3, card: { holderName: "Sam Guest", token: await token("4111 1111 1111 1111") } }));
    expect(order).toMatchObject({ status: "confirm", paymentMethodId: 3, paid: order.total });
    const declined = await bookRooms(agent, picked, { paymentMethodId: 3, card: { holderName: "Sam Guest", token: await token("4000000000000002") } });
    expect(declined.body).toMatchObject({ status: 422, code: "card_declined" });
    const cancelled = orderOf(await agent.post(`/api/orders/${order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } }));
    expect(cancelled).toMatchObject({ status: "cancel", refunded: order.total });
    expect(((await agent.get(`/api/orders/${order.id}/ledger`)).body as { data: LedgerEntry[] }).data).toEqual([]);
    expect(await creditUsed(server)).toBe(before);
  });

  it("refuses a booking whose price is not the one the agent accepted, and expired rate keys", async () => {
    const agent = await signedIn(server);
    const picked = await findRooms(agent, await searchHotels(agent), () => true);
    const before = await creditUsed(server);
    const changed = await bookRooms(agent, picked, DEPOSIT, { expectedTotal: { amount: 1, currency: "KWD" } });
    expect(changed.body).toMatchObject({ status: 409, code: "price_changed" });
    server.clock.advance(31 * 60);
    try {
      expect((await bookRooms(await signedIn(server), picked, DEPOSIT)).body).toMatchObject({ status: 409, code: "offer_expired" });
    } finally {
      server.clock.advance(-31 * 60);
    }
    // A rate key changed in the console (a later issue time to outlive its 30 minutes, another night) is not the supplier's.
    const rateKey = picked.rates[0]!.rateKey;
    const [text, signature] = [rateKey.slice(0, rateKey.lastIndexOf(".")), rateKey.slice(rateKey.lastIndexOf(".") + 1)];
    const parts = text.split("~");
    for (const forged of [[...parts.slice(0, -1), String(Number(parts.at(-1)) + 3_600_000)], parts.map((part, index) => (index === 7 ? "2099-01-01" : part))]) {
      const tampered = { ...picked, rates: [{ ...picked.rates[0]!, rateKey: `${forged.join("~")}.${signature}` }, ...picked.rates.slice(1)] };
      expect((await bookRooms(agent, tampered, DEPOSIT)).body).toMatchObject({ status: 404, code: "offer_not_found" });
    }
    expect(await creditUsed(server)).toBe(before);
  });

  it("prices hotels with hotel rules only: a 4-star Dubai rule adds its markup, flight rules leave hotels alone", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const agent = await signedIn(server);
    const baseline = await searchHotels(agent);
    const rule = await admin.post("/api/markup-rules", {
      product: "hotel",
      layer: "agency",
      head: { name: "Dubai 4 star", status: 1, validFrom: "2026-01-01", validTo: null, priority: 1 },
      contentSource: { supplierIds: [] },
      pointOfSale: { organisationIds: [], includeSubtree: false, markets: [], countries: [] },
      criteria: {},
      hotel: { countries: ["AE"], starRatings: [4] },
      rule: { markupBy: "by_amount", amount: 5_000, currency: "KWD", appliesPer: "booking" },
    });
    expect(rule.status, rule.text).toBe(200);
    const ruleId = (rule.body as { data: { id: number } }).data.id;
    // A flight rule open to every flight sale: it must not touch a hotel price.
    const flightRule = await admin.post("/api/markup-rules", {
      layer: "agency",
      head: { name: "Every flight", status: 1, validFrom: "2026-01-01", validTo: null, priority: 1 },
      contentSource: { supplierIds: [] },
      pointOfSale: { organisationIds: [], includeSubtree: false, markets: [], countries: [] },
      criteria: {},
      rule: { markupBy: "by_amount", amount: 7_000, currency: "KWD", appliesPer: "booking" },
    });
    expect(flightRule.status, flightRule.text).toBe(200);
    const flightRuleId = (flightRule.body as { data: { id: number; product: string } }).data.id;
    expect((flightRule.body as { data: { product: string } }).data.product).toBe("flight");
    try {
      const priced = await searchHotels(agent);
      const fourStar = priced.hotels.find((summary) => summary.hotel.stars === 4)!;
      const fourStarBefore = baseline.hotels.find((summary) => summary.hotel.hotelCode === fourStar.hotel.hotelCode)!;
      // Each of the two rooms carries the rule once.
      expect(fourStar.stayOffers[0]!.total).toBe(fourStarBefore.stayOffers[0]!.total + 2 * 5_000);
      const threeStar = priced.hotels.find((summary) => summary.hotel.stars === 3)!;
      expect(threeStar.stayOffers[0]!.total).toBe(baseline.hotels.find((summary) => summary.hotel.hotelCode === threeStar.hotel.hotelCode)!.stayOffers[0]!.total);
      const rates = await ratesOf(agent, fourStar.hotel.hotelCode);
      expect(rates.rooms[0]!.rates[0]!.price.markups).toEqual([expect.objectContaining({ ruleId, layer: "agency", amount: 5_000 })]);
      // The simulator prices a hotel search as the agency would be charged, naming the rule.
      const simulated = await admin.post("/api/markup/simulate", { organisationId: 3, hotelSearch: { ...DUBAI_STAY, rooms: [{ adults: 2, childAges: [] }] } });
      expect(simulated.status, simulated.text).toBe(200);
      const simulation = (simulated.body as { data: { appliedRuleIds: number[]; hotelRates: { stars: number; rate: { price: { markups: { ruleId: number }[] } } }[] } }).data;
      expect(simulation.appliedRuleIds).toContain(ruleId);
      expect(simulation.hotelRates.filter((row) => row.stars === 4).every((row) => row.rate.price.markups.some((markup) => markup.ruleId === ruleId))).toBe(true);
      expect(simulation.hotelRates.filter((row) => row.stars !== 4).every((row) => row.rate.price.markups.length === 0)).toBe(true);
    } finally {
      await admin.request("DELETE", `/api/markup-rules/${ruleId}`, {});
      await admin.request("DELETE", `/api/markup-rules/${flightRuleId}`, {});
    }
  });

  it("settles hotel orders a crash left pending: confirmed when the supplier has the booking, the payment back when it does not", async () => {
    const agent = await signedIn(server);
    const usedBefore = await creditUsed(server);
    const picked = await findRooms(agent, await searchHotels(agent), () => true);
    const booked = orderOf(await bookRooms(agent, picked, DEPOSIT));
    // The server died after the supplier booked, before the answer was written.
    await server.db.updateTable("orders").set({ status: "pending", supplier_order_id: null, booking_reference: null, paid: 0 }).where("id", "=", booked.id).execute();
    await server.db.updateTable("order_items").set({ status: "pending", supplier_reference: null, detail: null }).where("order_id", "=", booked.id).execute();
    // Another died after the debit, before the supplier was asked.
    const agentRow = await server.db.selectFrom("users").select("id").where("username", "=", "agent").executeTakeFirstOrThrow();
    const lost = await server.db.transaction().execute(async (trx) => {
      const order = await trx
        .insertInto("orders")
        .values({ organisation_id: 3, user_id: agentRow.id, supplier_id: "gulf-bedbank", status: "pending", payment_method_id: 1, currency: "KWD", total: 54_321, passenger_names: "Sam Lost", document: JSON.stringify({ supplierOrder: null, priceBreakdown: null, charge: null, cardCharge: null }) })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.insertInto("order_items").values({ order_id: order.id, kind: "hotel", supplier_id: "gulf-bedbank", status: "pending", currency: "KWD", total: 54_321 }).execute();
      await debitCredit(trx, { organisationId: 3, amount: 54_321, currency: "KWD", userId: agentRow.id, orderId: order.id, reason: ledgerReason("booking") }, { unlimited: false });
      return order;
    });
    await sql`update orders set created_at = now() - interval '2 hours' where id in (${booked.id}, ${lost.id})`.execute(server.db);

    const settled = await server.app.reconcileOrders();
    expect(settled).toMatchObject({ confirmed: 1, failed: 1, unreachable: 0 });
    const confirmed = (await agent.get(`/api/orders/${booked.id}`)).body as { data: PlatformOrder };
    expect(confirmed.data).toMatchObject({ status: "confirm", bookingReference: booked.bookingReference, paid: booked.total, items: [expect.objectContaining({ kind: "hotel", status: "confirm" })] });
    expect(hotelOf(confirmed.data).confirmationNumber).toBe(hotelOf(booked).confirmationNumber);
    const failed = (await agent.get(`/api/orders/${lost.id}`)).body as { data: PlatformOrder };
    expect(failed.data).toMatchObject({ status: "failed", items: [expect.objectContaining({ status: "failed" })] });
    expect(await creditUsed(server)).toBe(usedBefore + booked.total);
  });

  it("settles a hotel hold whose confirmation took the credit but never heard back: confirmed at the supplier, or the money back", async () => {
    const agent = await signedIn(server);
    const holdable = await findRooms(agent, await searchHotels(agent), (rate) => rate.holdable);
    const usedBefore = await creditUsed(server);
    const agentRow = await server.db.selectFrom("users").select("id").where("username", "=", "agent").executeTakeFirstOrThrow();
    // 1. The supplier confirmed, but the server died before recording it.
    const confirmedThere = orderOf(await bookRooms(agent, holdable, null));
    const paid = orderOf(await agent.post(`/api/orders/${confirmedThere.id}/ticket`, { payment: { paymentMethodId: 1, card: null } }, { headers: { "idempotency-key": newKey() } }));
    await server.db.updateTable("orders").set({ status: "hold", paid: 0, payment_time_limit: new Date(confirmedThere.paymentTimeLimit!) }).where("id", "=", paid.id).execute();
    await server.db.updateTable("order_items").set({ status: "hold" }).where("order_id", "=", paid.id).execute();
    // 2. The server died after the debit, before the supplier was asked.
    const stillHeld = orderOf(await bookRooms(agent, holdable, null, { lastName: "Second" }));
    await server.db.transaction().execute((trx) =>
      debitCredit(trx, { organisationId: 3, amount: stillHeld.total, currency: "KWD", userId: agentRow.id, orderId: stillHeld.id, reason: ledgerReason("confirmation", { reference: stillHeld.bookingReference ?? "" }) }, { unlimited: false }),
    );
    await sql`update ledger_entries set created_at = now() - interval '2 hours' where order_id in (${paid.id}, ${stillHeld.id})`.execute(server.db);

    expect(await server.app.reconcileOrders()).toMatchObject({ ticketingSettled: 2, unreachable: 0 });
    const settled = ((await agent.get(`/api/orders/${paid.id}`)).body as { data: PlatformOrder }).data;
    expect(settled).toMatchObject({ status: "confirm", paid: paid.total, paymentTimeLimit: null, items: [expect.objectContaining({ status: "confirm" })] });
    expect(hotelOf(settled).confirmationNumber).toBe(hotelOf(paid).confirmationNumber);
    const refunded = ((await agent.get(`/api/orders/${stillHeld.id}`)).body as { data: PlatformOrder }).data;
    expect(refunded).toMatchObject({ status: "hold", paid: 0 });
    expect(await creditUsed(server)).toBe(usedBefore + paid.total);
  });

  it("on PostgreSQL, concurrent flight and hotel bookings never spend more than the credit limit", async () => {
    if (server.kind !== "postgres") return;
    const agency = await server.userOf(3);
    const agent = await signedIn(server);
    const hotel = await findRooms(agent, await searchHotels(agent), () => true);
    const offer = await findOffer(agent, "ba-ndc", "LIGHT");
    const hotelTotal = hotel.rates.reduce((sum, rate) => sum + rate.price.total, 0);
    const flightTotal = offer.priceBreakdown.totals.total;
    const used = await creditUsed(server);
    // Room for exactly three bookings of the dearer kind, and not a fourth of the cheaper.
    const room = 3 * Math.max(hotelTotal, flightTotal);
    await server.db.updateTable("organisations").set({ credit_limit: used + room }).where("id", "=", 3).execute();
    try {
      const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => (index % 2 === 0 ? bookRooms(agency.client, hotel, DEPOSIT, { lastName: `Guest${"ABCDEFGHIJKL"[index]}` }) : book(agency.client, offer, DEPOSIT, newKey(), `Flyer${"ABCDEFGHIJKL"[index]}`))));
      const booked = answers.filter((answer) => answer.status === 200);
      expect(booked.length).toBeGreaterThanOrEqual(3);
      const spent = (await creditUsed(server)) - used;
      expect(spent).toBeLessThanOrEqual(room);
      const orders = booked.map((answer) => (answer.body as { data: PlatformOrder }).data);
      expect(spent).toBe(orders.reduce((sum, order) => sum + order.total, 0));
      expect(answers.filter((answer) => answer.status !== 200).map((answer) => (answer.body as { code: string }).code)).toEqual(Array.from({ length: 12 - booked.length }, () => "credit_limit_exceeded"));
    } finally {
      await server.db.updateTable("organisations").set({ credit_limit: 5_000_000 }).where("id", "=", 3).execute();
    }
  });
});
