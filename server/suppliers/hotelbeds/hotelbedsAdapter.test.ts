import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeHotelbeds, type FakeHotelbeds } from "../../../tests/fakes/hotelbeds/fakeHotelbeds";
import { SupplierError } from "../supplierError";
import { HotelbedsAdapter } from "./hotelbedsAdapter";

const CREDENTIALS = { apiKey: "fake-key-0001", secret: "fake-secret" };
const STAY = { cityId: "AE-dubai", checkIn: "2027-02-10", checkOut: "2027-02-13", rooms: [{ adults: 2, childAges: [] }, { adults: 1, childAges: [7] }], nationality: "KW" };
const NOW = new Date("2027-01-05T08:00:00Z");
const call = () => ({ signal: AbortSignal.timeout(10_000) });

describe("Hotelbeds adapter against the fake APItude", () => {
  let fake: FakeHotelbeds;
  let url: string;
  let close: () => Promise<void>;
  const adapterWith = (secret = CREDENTIALS.secret) =>
    new HotelbedsAdapter({ supplierId: "hotelbeds-test", supplierName: "Hotelbeds test", endpointUrl: url, apiKey: CREDENTIALS.apiKey, secret, currency: "EUR" }, () => NOW);

  beforeAll(async () => {
    ({ fake, url, close } = await startFakeHotelbeds({ ...CREDENTIALS, now: () => NOW }));
  });
  afterAll(() => close());

  it("searches a city by its coordinates, books after CheckRate, retrieves and cancels with the simulated penalty", async () => {
    const adapter = adapterWith();
    expect(await adapter.status(call())).toBe("OK");
    const { hotels } = await adapter.search(STAY, call());
    expect(hotels.map((found) => found.hotel.name).sort()).toEqual(["Al Karama Inn", "Creek Pearl Hotel", "Marina Lights Resort"]);
    const creek = hotels.find((found) => found.hotel.name === "Creek Pearl Hotel")!;
    expect(creek.hotel).toMatchObject({ cityId: "AE-dubai", stars: 4, timeZone: "Asia/Dubai" });
    const pick = (roomIndex: number) => creek.rates.find((rate) => rate.roomIndex === roomIndex && rate.boardBasis === "BB" && rate.refundable)!;
    const chosen = [pick(0), pick(1)];
    expect(chosen[1]!.occupancy).toEqual({ adults: 1, childAges: [7] });

    const checked = await adapter.recheck(chosen.map((rate) => rate.rateKey), call());
    expect(checked.rates.map((rate) => rate.net)).toEqual(chosen.map((rate) => rate.net));
    expect(checked).toMatchObject({ checkIn: "2027-02-10", checkOut: "2027-02-13", hotel: { hotelCode: creek.hotel.hotelCode } });

    const guests = [
      [{ title: "Mr." as const, firstName: "Sam", lastName: "Saleh" }, { title: "Mrs." as const, firstName: "Dana", lastName: "Saleh" }],
      [{ title: "Ms." as const, firstName: "Huda", lastName: "Saleh" }, { title: "Master" as const, firstName: "Ali", lastName: "Saleh", age: 7 }],
    ];
    const payment = { typeCode: "CA" as const, amount: { amount: 1, currency: "EUR" }, cardToken: null };
    const booking = await adapter.book({ rooms: chosen.map((rate, index) => ({ rateKey: rate.rateKey, guests: guests[index]!, specialRequests: index === 0 ? "High floor" : "" })), contact: { email: "a@b.example", phone: "+96522001234" }, payment, clientReference: "AGG-4242" }, call());
    expect(booking).toMatchObject({ status: "confirm", clientReference: "AGG-4242", checkIn: "2027-02-10", nights: 3, total: { amount: chosen[0]!.net.amount + chosen[1]!.net.amount, currency: "EUR" } });
    expect(booking.rooms.map((room) => room.guests.map((guest) => guest.firstName))).toEqual([["Sam", "Dana"], ["Huda", "Ali"]]);
    expect(booking.rooms[0]!.specialRequests).toBe("High floor");

    expect((await adapter.retrieve(booking.bookingId, call())).status).toBe("confirm");
    expect((await adapter.retrieveByClientReference("AGG-4242", call()))?.bookingId).toBe(booking.bookingId);
    expect(await adapter.retrieveByClientReference("AGG-9999", call())).toBeNull();

    const quote = await adapter.cancelQuote(booking.bookingId, call());
    expect(quote.penalty.amount).toBe(0);
    expect((await adapter.retrieve(booking.bookingId, call())).status).toBe("confirm");
    const cancelled = await adapter.cancel(booking.bookingId, call());
    expect(cancelled.booking.status).toBe("cancel");
    expect(cancelled.quote.refund).toEqual(booking.total);
    await expect(adapter.cancel(booking.bookingId, call())).rejects.toMatchObject({ code: "INVALID_REQUEST" });
  });

  it("finds the hotels asked for by code, and none of another supplier's codes", async () => {
    const adapter = adapterWith();
    const { hotels } = await adapter.search({ ...STAY, cityId: undefined, hotelCodes: ["HF0015574", "H00120034"] }, call());
    expect(hotels.map((found) => [found.hotel.name, found.hotel.cityId])).toEqual([["Creek Pearl Hotel", "AE-dubai"]]);
    const before = fake.requests.length;
    expect((await adapter.search({ ...STAY, cityId: undefined, hotelCodes: ["H00120034"] }, call())).hotels).toEqual([]);
    expect(fake.requests.length).toBe(before);
  });

  it("reports a price that moved at CheckRate", async () => {
    const adapter = adapterWith();
    const { hotels } = await adapter.search({ ...STAY, rooms: [{ adults: 2, childAges: [] }] }, call());
    const rate = hotels[0]!.rates[0]!;
    fake.risePriceAtNextCheck(10);
    const checked = await adapter.recheck([rate.rateKey], call());
    expect(checked.rates[0]!.net.amount).toBe(Math.round((rate.net.amount * 110) / 100));
  });

  it("turns refusals into the platform's errors with the provider's words", async () => {
    await expect(adapterWith("wrong-secret").status(call())).rejects.toMatchObject({ code: "NOT_PERMITTED", message: expect.stringContaining("Invalid API key or signature") });
    fake.failNext("/hotels", 500, "SYSTEM_ERROR", "Internal error");
    await expect(adapterWith().search(STAY, call())).rejects.toMatchObject({ code: "SUPPLIER_FAILURE", message: expect.stringContaining("SYSTEM_ERROR: Internal error") });
    await expect(adapterWith().recheck(["0.not-a-key"], call())).rejects.toMatchObject({ code: "OFFER_EXPIRED" });
    await expect(adapterWith().retrieve("102-1", call())).rejects.toMatchObject({ code: "ORDER_NOT_FOUND" });
    await expect(adapterWith().confirmHold("102-1", { typeCode: "CA", amount: { amount: 1, currency: "EUR" }, cardToken: null })).rejects.toBeInstanceOf(SupplierError);
  });

  it("waits out a short Retry-After and gives up on a long one without asking again", async () => {
    fake.rateLimitNext(1);
    const started = Date.now();
    expect(await adapterWith().status(call())).toBe("OK");
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    fake.rateLimitNext(30);
    const before = fake.requests.length;
    await expect(adapterWith().status(call())).rejects.toMatchObject({ code: "RATE_LIMITED", message: expect.stringContaining("30 seconds") });
    expect(fake.requests.length).toBe(before + 1);
  });
});
