import { describe, expect, it, vi } from "vitest";
import { keySeal } from "../../../auth/keySeal";
import type { HotelGuest, HotelSearchRequest } from "../../../../src/contract/hotels";
import { SupplierError } from "../../../suppliers/supplierError";
import { memoryBookingStore } from "../../sandboxBookingStore";
import { cityDirectory } from "../../../reference/cities";
import { prepareDestinationLookUp } from "../hotelService";
import type { HotelAdapter } from "../types";
import { hotelBookingId, SandboxHotelSupplier, SANDBOX_HOTEL_PROFILES } from "./sandboxHotelSupplier";

const signal = new AbortController().signal;
const STAY: HotelSearchRequest = { cityId: "AE-dubai", checkIn: "2027-02-10", checkOut: "2027-02-13", rooms: [{ adults: 2, childAges: [] }, { adults: 1, childAges: [7] }], nationality: "KW" };

function wholesalers(start = "2026-11-24T08:00:00Z") {
  let now = Date.parse(start);
  const clock = () => new Date(now);
  const [bedbank, wholesale] = SANDBOX_HOTEL_PROFILES.map((profile) => new SandboxHotelSupplier(profile, keySeal("test sandbox keys", "sandbox supplier keys"), clock, memoryBookingStore(hotelBookingId), () => 1));
  return { bedbank: bedbank!, wholesale: wholesale!, advance: (ms: number) => (now += ms) };
}

const guests: HotelGuest[][] = [
  [{ title: "Mr.", firstName: "Sam", lastName: "Guest" }, { title: "Mrs.", firstName: "Dana", lastName: "Guest" }],
  [{ title: "Mr.", firstName: "Omar", lastName: "Guest" }, { title: "Master", firstName: "Ali", lastName: "Guest", age: 7 }],
];

describe("sandbox hotel wholesalers", () => {
  it("offer several hundred Dubai hotels, the same for the same search, many under the code the other uses too", async () => {
    const { bedbank, wholesale } = wholesalers();
    const first = await bedbank.search(STAY, { signal });
    const again = await bedbank.search(STAY, { signal });
    expect(first.hotels.length).toBeGreaterThan(250);
    expect(again.hotels.map((result) => result.rates.map((rate) => rate.net.amount))).toEqual(first.hotels.map((result) => result.rates.map((rate) => rate.net.amount)));
    const other = new Set((await wholesale.search(STAY, { signal })).hotels.map((result) => result.hotel.hotelCode));
    expect(first.hotels.filter((result) => other.has(result.hotel.hotelCode)).length).toBeGreaterThan(150);
    const rate = first.hotels[0]!.rates[0]!;
    expect(rate.net.currency).toBe("USD");
    expect(rate.payAtProperty.currency).toBe("AED");
    expect(rate.cancellationPolicy.timeZone).toBe("Asia/Dubai");
    // Each room's rates are for its own guests.
    expect(first.hotels[0]!.rates.filter((entry) => entry.roomIndex === 1).every((entry) => entry.occupancy.childAges[0] === 7)).toBe(true);
  });

  it("rechecks a rate at today's price, refuses it once its key has expired, and moves prices with the supplier's yield", async () => {
    const { bedbank, advance } = wholesalers();
    const rates = (await bedbank.search(STAY, { signal })).hotels.slice(0, 30).flatMap((result) => result.rates.filter((rate) => rate.roomIndex === 0).slice(0, 1));
    const rechecked = await bedbank.recheck([rates[0]!.rateKey], { signal });
    expect(rechecked.rates[0]!.net).toEqual(rates[0]!.net);
    advance(31 * 60_000);
    await expect(bedbank.recheck([rates[0]!.rateKey], { signal })).rejects.toMatchObject({ code: "OFFER_EXPIRED" });
    // Six hours on, a new search quotes other prices for some of the same rooms.
    advance(6 * 60 * 60_000);
    const later = (await bedbank.search(STAY, { signal })).hotels.slice(0, 30).flatMap((result) => result.rates.filter((rate) => rate.roomIndex === 0).slice(0, 1));
    expect(later.some((rate, index) => rate.net.amount !== rates[index]!.net.amount)).toBe(true);
  });

  it("holds refundable rooms unpaid until the free-cancellation deadline, confirms them when paid, and cancels free before the deadline", async () => {
    const { bedbank } = wholesalers();
    const result = (await bedbank.search(STAY, { signal })).hotels.find((candidate) => [0, 1].every((room) => candidate.rates.some((rate) => rate.roomIndex === room && rate.holdable)))!;
    const rooms = [0, 1].map((room) => result.rates.find((rate) => rate.roomIndex === room && rate.holdable)!);
    const held = await bedbank.book({ rooms: rooms.map((rate, index) => ({ rateKey: rate.rateKey, guests: guests[index]!, specialRequests: "" })), contact: { email: "a@b.example", phone: "+96522001234" }, payment: null, clientReference: "AGG-1" }, { signal });
    expect(held).toMatchObject({ status: "hold", confirmationNumber: "", clientReference: "AGG-1" });
    expect(held.holdUntil).toBe(rooms.map((rate) => rate.cancellationPolicy.penalties[0]!.fromUtc).sort()[0]);
    expect(await bedbank.retrieveByClientReference("AGG-1", { signal })).toMatchObject({ bookingId: held.bookingId });
    expect(await bedbank.retrieveByClientReference("AGG-2", { signal })).toBeNull();
    await expect(bedbank.confirmHold(held.bookingId, { typeCode: "CA", amount: { amount: 1, currency: "USD" }, cardToken: null }, { signal })).rejects.toMatchObject({ code: "PAYMENT_MISMATCH" });
    const confirmed = await bedbank.confirmHold(held.bookingId, { typeCode: "CA", amount: held.total, cardToken: null }, { signal });
    expect(confirmed.status).toBe("confirm");
    expect(confirmed.confirmationNumber).toMatch(/^\d{6}-/);
    expect(await bedbank.cancelQuote(held.bookingId, { signal })).toEqual({ penalty: { amount: 0, currency: "USD" }, refund: held.total });
    const { booking } = await bedbank.cancel(held.bookingId, { signal });
    expect(booking.status).toBe("cancel");
    await expect(bedbank.cancel(held.bookingId, { signal })).rejects.toBeInstanceOf(SupplierError);
  });

  it("refuses a hold of a rate that cannot be held, guests that do not fill the room, and rooms of two hotels", async () => {
    const { bedbank, wholesale } = wholesalers();
    const hotels = (await wholesale.search(STAY, { signal })).hotels;
    const rate = (index: number, room: number) => hotels[index]!.rates.find((candidate) => candidate.roomIndex === room)!;
    const booking = (rooms: { rateKey: string; guests: HotelGuest[] }[], paid: boolean) => ({
      rooms: rooms.map((room) => ({ ...room, specialRequests: "" })),
      contact: { email: "a@b.example", phone: "+96522001234" },
      payment: paid ? { typeCode: "CA" as const, amount: { amount: 0, currency: "AED" }, cardToken: null } : null,
      clientReference: "AGG-9",
    });
    await expect(wholesale.book(booking([{ rateKey: rate(0, 0).rateKey, guests: guests[0]! }], false), { signal })).rejects.toMatchObject({ code: "NOT_PERMITTED" });
    await expect(wholesale.book(booking([{ rateKey: rate(0, 0).rateKey, guests: [guests[0]![0]!] }], true), { signal })).rejects.toMatchObject({ code: "INVALID_REQUEST" });
    await expect(wholesale.book(booking([{ rateKey: rate(0, 0).rateKey, guests: guests[0]! }, { rateKey: rate(1, 1).rateKey, guests: guests[1]! }], true), { signal })).rejects.toMatchObject({ code: "INVALID_REQUEST" });
    await expect(bedbank.recheck([rate(0, 0).rateKey], { signal })).rejects.toMatchObject({ code: "OFFER_NOT_FOUND" });
  });
});

describe("finding a sandbox hotel by name", () => {
  it("reads the cities for its name index once, when prepared before the first look-up, and finds by the words typed", async () => {
    let directoryReads = 0;
    const directory = () => {
      directoryReads += 1;
      return cityDirectory();
    };
    const bedbank = new SandboxHotelSupplier(SANDBOX_HOTEL_PROFILES[0]!, keySeal("test sandbox keys", "sandbox supplier keys"), () => new Date(), memoryBookingStore(hotelBookingId), () => 1, directory);
    bedbank.prepareHotelNames();
    const prepared = directoryReads;
    expect(prepared).toBeGreaterThan(0);
    const [first] = await bedbank.findHotels("dubai", 5, { signal });
    expect(first!.name.toLowerCase()).toContain("dubai");
    const found = await bedbank.findHotels(first!.name.toUpperCase(), 30, { signal });
    expect(found[0]!.name).toBe(first!.name);
    expect(found.map((hotel) => hotel.hotelCode)).toContain(first!.hotelCode);
    expect(directoryReads).toBe(prepared);
  });
});

describe("preparing the destination look-up", () => {
  it("prepares every hotel supplier's names, the connected ones too, a step per turn of the event loop", async () => {
    const prepared: string[] = [];
    const supplier = (supplierId: string) => ({ supplierId, prepareHotelNames: () => void prepared.push(supplierId) }) as unknown as HotelAdapter;
    prepareDestinationLookUp({ hotelSuppliers: [supplier("sandbox")], supplierConfiguration: { current: () => ({ connectedHotels: [supplier("hotelbeds")] }) } });
    expect(prepared).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(prepared).toEqual([]);
    await vi.waitFor(() => expect(prepared).toEqual(["sandbox", "hotelbeds"]));
  });
});
