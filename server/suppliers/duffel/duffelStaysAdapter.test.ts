import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hotelBookingSchema, hotelRateSchema, type HotelGuest } from "../../../src/contract/hotels";
import { startFakeDuffel, type FakeDuffel } from "../../../tests/fakes/duffel/fakeDuffel";
import { memoryCodeBook } from "../supplierCodes";
import { SupplierError } from "../supplierError";
import { DuffelStaysAdapter } from "./duffelStaysAdapter";

const TOKEN = "duffel_test_fake-token";
const STAY = { cityId: "AE-dubai", checkIn: "2027-02-10", checkOut: "2027-02-13", rooms: [{ adults: 2, childAges: [] }, { adults: 1, childAges: [7] }], nationality: "KW" };
const NOW = new Date("2027-01-05T08:00:00Z");
const CONTACT = { email: "desk@gulf-horizon.example", phone: "+96522001234" };
const GUESTS: HotelGuest[][] = [
  [{ title: "Mr.", firstName: "Sam", lastName: "Saleh" }, { title: "Mrs.", firstName: "Dana", lastName: "Saleh" }],
  [{ title: "Ms.", firstName: "Huda", lastName: "Saleh" }, { title: "Master", firstName: "Ali", lastName: "Saleh", age: 7 }],
];
const call = () => ({ signal: AbortSignal.timeout(10_000) });

describe("Duffel Stays adapter against the fake Duffel", () => {
  let fake: FakeDuffel;
  let url: string;
  let close: () => Promise<void>;
  const hotelCodes = memoryCodeBook("H");
  const adapterWith = (accessToken = TOKEN) => new DuffelStaysAdapter({ supplierId: "duffel-stays", supplierName: "Duffel Stays", endpointUrl: url, accessToken, currency: "USD" }, () => NOW, hotelCodes);
  const payment = (amount: number, typeCode: "CA" | "CC" = "CA") => ({ typeCode, amount: { amount, currency: "USD" }, cardToken: null });

  beforeAll(async () => {
    ({ fake, url, close } = await startFakeDuffel({ accessToken: TOKEN, currency: "USD", now: () => NOW }));
  });
  afterAll(() => close());

  it("searches a city, prices a property's every rate, books every room on one rate, finds it by reference and cancels with the timeline's refund", async () => {
    const adapter = adapterWith();
    expect(await adapter.status(call())).toBe("reachable");
    const { hotels } = await adapter.search(STAY, call());
    expect(hotels.map((found) => found.hotel.name).sort()).toEqual(["Creek Harbour Suites", "Palm Garden Hotel"]);
    const creek = hotels.find((found) => found.hotel.name === "Creek Harbour Suites")!;
    expect(creek.hotel).toMatchObject({ cityId: "AE-dubai", stars: 4, timeZone: "Asia/Dubai", amenities: ["wifi", "pool", "gym", "parking"] });
    expect(creek.hotel.hotelCode).toMatch(/^HE[0-9A-F]{7}$/);
    // A city's results carry each property's cheapest rate: one rate, split over the two rooms.
    expect(creek.rates.map((rate) => rate.roomIndex)).toEqual([0, 1]);
    for (const rate of creek.rates) hotelRateSchema.parse(rate);

    // A name typed in the destination box finds the property under the same code.
    expect((await adapter.findHotels("harbour", 5, call())).map((hotel) => [hotel.hotelCode, hotel.name, hotel.stars, hotel.cityId])).toEqual([[creek.hotel.hotelCode, "Creek Harbour Suites", 4, "AE-dubai"]]);
    expect(await adapter.findHotels("nowhere inn", 5, call())).toEqual([]);

    const page = await adapter.search({ ...STAY, cityId: undefined, hotelCodes: [creek.hotel.hotelCode] }, call());
    expect(page.hotels).toHaveLength(1);
    expect(page.hotels[0]!.hotel.hotelCode).toBe(creek.hotel.hotelCode);
    const rates = page.hotels[0]!.rates;
    expect(rates).toHaveLength(8);
    const chosen = [0, 1].map((roomIndex) => rates.find((rate) => rate.roomIndex === roomIndex && rate.roomName === "Deluxe King Room" && rate.boardBasis === "RO")!);
    expect(chosen[1]!.occupancy).toEqual({ adults: 1, childAges: [7] });
    // 74.00 a night per adult, a child half, 3 nights: 3.5 × 74 × 3 = 777.00 for the stay, shared out exactly.
    expect(chosen[0]!.net.amount + chosen[1]!.net.amount).toBe(77_700);
    expect(chosen[0]!.payAtProperty).toEqual({ amount: 4500, currency: "AED" });
    expect(chosen[0]!.cancellationPolicy).toMatchObject({ refundable: true, penalties: [{ from: "2027-02-08T16:00", amount: { amount: chosen[0]!.net.amount / 2 } }, { from: "2027-02-09T16:00", amount: chosen[0]!.net }] });

    const checked = await adapter.recheck(chosen.map((rate) => rate.rateKey), call());
    expect(checked.rates.map((rate) => rate.net)).toEqual(chosen.map((rate) => rate.net));
    expect(checked.rates.map((rate) => rate.occupancy)).toEqual(STAY.rooms);

    const booked = await adapter.book({ rooms: chosen.map((rate, index) => ({ rateKey: rate.rateKey, guests: GUESTS[index]!, specialRequests: index === 1 ? "Cot, please" : "" })), contact: CONTACT, payment: payment(77_700), clientReference: "AGG-STAY-1" }, call());
    hotelBookingSchema.parse(booked);
    expect(booked).toMatchObject({ status: "confirm", clientReference: "AGG-STAY-1", total: { amount: 77_700, currency: "USD" }, contact: CONTACT, checkIn: "2027-02-10", nights: 3 });
    expect(booked.rooms.map((room) => room.guests)).toEqual(GUESTS);
    expect(booked.rooms.map((room) => room.rate.rateKey)).toEqual(chosen.map((rate) => rate.rateKey));
    expect(booked.confirmationNumber).not.toBe("");

    const found = await adapter.retrieveByClientReference("AGG-STAY-1", call());
    expect(found?.bookingId).toBe(booked.bookingId);
    expect(await adapter.retrieveByClientReference("AGG-NEVER", call())).toBeNull();

    expect(await adapter.cancelQuote(booked.bookingId, call())).toEqual({ penalty: { amount: 0, currency: "USD" }, refund: { amount: 77_700, currency: "USD" } });
    const cancelled = await adapter.cancel(booked.bookingId, call());
    expect(cancelled.booking).toMatchObject({ status: "cancel", cancellation: { penalty: { amount: 0, currency: "USD" } } });
    await expect(adapter.cancel(booked.bookingId, call())).rejects.toMatchObject({ code: "NOT_PERMITTED" });
  });

  it("refuses in words: rooms on two rates, a risen price, a card passed through, a refused token; a lost answer is found by reference", async () => {
    const adapter = adapterWith();
    const page = await adapter.search({ ...STAY, cityId: undefined, hotelCodes: [(await adapter.search(STAY, call())).hotels[0]!.hotel.hotelCode] }, call());
    const rates = page.hotels[0]!.rates;
    const [first, second] = [rates.find((rate) => rate.roomIndex === 0 && rate.boardBasis === "RO")!, rates.find((rate) => rate.roomIndex === 1 && rate.boardBasis === "BB")!];
    await expect(adapter.recheck([first.rateKey, second.rateKey], call())).rejects.toThrow("books every room of a stay on one rate");
    const pair = rates.filter((rate) => rate.rateKey.endsWith(first.rateKey.split(".").pop()!));
    const total = pair.reduce((sum, rate) => sum + rate.net.amount, 0);
    const request = (amount: number, typeCode: "CA" | "CC" = "CA", clientReference = "AGG-STAY-2") => ({ rooms: pair.map((rate, index) => ({ rateKey: rate.rateKey, guests: GUESTS[index]!, specialRequests: "" })), contact: CONTACT, payment: payment(amount, typeCode), clientReference });

    await expect(adapter.book(request(total, "CC"), call())).rejects.toThrow("a card cannot be passed through");
    fake.stays.risePriceAtNextQuote(10);
    const risen = await adapter.book(request(total), call()).catch((error: unknown) => error);
    expect(risen).toBeInstanceOf(SupplierError);
    expect(risen).toMatchObject({ code: "PAYMENT_MISMATCH" });
    expect(fake.stays.bookingCount).toBe(1);

    const now = (await adapter.recheck(pair.map((rate) => rate.rateKey), call())).rates.reduce((sum, rate) => sum + rate.net.amount, 0);
    expect(now).toBe(Math.round(total * 1.1));
    fake.stays.loseNextBookingAnswer();
    await expect(adapter.book(request(now, "CA", "AGG-STAY-LOST"), call())).rejects.toMatchObject({ code: "SUPPLIER_FAILURE" });
    expect((await adapter.retrieveByClientReference("AGG-STAY-LOST", call()))?.status).toBe("confirm");

    await expect(adapterWith("duffel_test_wrong").status(call())).rejects.toThrow("Duffel refused the access token");
  });
});
