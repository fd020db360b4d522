import { describe, expect, it } from "vitest";
import type { City } from "../../../src/contract/hotels";
import { bookingRooms, cancellationPolicyOf, hotelbedsCodeOf, hotelbedsMoney, hotelOf, occupancyGroups, parsePlatformRateKey, platformHotelCode, ratesOf, starsOf } from "./hotelbedsMapping";
import { splitMinor } from "../../../src/contract/money";
import type { HotelbedsHotel, HotelbedsRate } from "./hotelbedsSchemas";

const DUBAI: City = { id: "AE-dubai", name: "Dubai", countryCode: "AE", countryName: "United Arab Emirates", province: "Dubai", latitude: 25.2048, longitude: 55.2708, timeZone: "Asia/Dubai", population: 1 };
const NOW = Date.parse("2027-01-05T08:00:00Z");

const rate = (overrides: Partial<HotelbedsRate> = {}): HotelbedsRate => ({
  rateKey: "20270210|20270213|W|87412|DBL.ST|RO|NOR|2~2~0||36900",
  rateClass: "NOR",
  net: "369.01",
  boardCode: "RO",
  cancellationPolicies: [{ amount: "123.01", from: "2027-02-07T23:59:00+04:00" }],
  taxes: { taxes: [{ included: true, amount: "36.90", currency: "EUR" }, { included: false, amount: "42.00", currency: "AED" }] },
  rooms: 2,
  adults: 2,
  children: 0,
  ...overrides,
});

const hotel = (rates: HotelbedsRate[]): HotelbedsHotel => ({ code: 87412, name: "Creek Pearl Hotel", categoryCode: "4EST", destinationName: "Dubai", zoneName: "Deira", latitude: 25.2631, longitude: 55.3102, rooms: [{ code: "DBL.ST", name: "DOUBLE STANDARD", rates }] });

describe("Hotelbeds mapping", () => {
  it("maps hotel codes into their own space and back, and no other supplier's code", () => {
    expect(platformHotelCode(87412)).toBe("HF0015574");
    expect(hotelbedsCodeOf("HF0015574")).toBe(87412);
    expect(hotelbedsCodeOf("H00120034")).toBeUndefined();
    expect(() => platformHotelCode(0x1000_0000)).toThrow(/outside/);
  });

  it("reads decimal strings exactly in the currency's minor units and refuses what it cannot read", () => {
    expect(hotelbedsMoney("369.01", "EUR")).toEqual({ amount: 36901, currency: "EUR" });
    expect(hotelbedsMoney("12.345", "KWD")).toEqual({ amount: 12345, currency: "KWD" });
    expect(() => hotelbedsMoney("1.005", "EUR")).toThrow(/cannot be read/);
    expect(() => hotelbedsMoney("NaN", "EUR")).toThrow(/cannot be read/);
  });

  it("splits an amount into whole parts that add up to it", () => {
    expect(splitMinor(36901, 2)).toEqual([18451, 18450]);
    expect(splitMinor(10, 3)).toEqual([4, 3, 3]);
    expect(splitMinor(0, 2)).toEqual([0, 0]);
  });

  it("groups identical rooms (children's ages in any order) and keeps each room's place", () => {
    const groups = occupancyGroups([{ adults: 2, childAges: [] }, { adults: 1, childAges: [7, 3] }, { adults: 2, childAges: [] }, { adults: 1, childAges: [3, 7] }]);
    expect(groups).toEqual([
      { adults: 2, childAges: [], roomIndexes: [0, 2] },
      { adults: 1, childAges: [3, 7], roomIndexes: [1, 3] },
    ]);
  });

  it("reads stars from the category code", () => {
    expect(starsOf("4EST")).toBe(4);
    expect(starsOf("5LUX")).toBe(5);
    expect(starsOf("HS")).toBe(1);
  });

  it("splits a rate for two rooms into one rate per room, with its share of price, taxes and penalty", () => {
    const place = hotelOf(hotel([]), DUBAI);
    expect(place).toMatchObject({ hotelCode: "HF0015574", stars: 4, cityId: "AE-dubai", timeZone: "Asia/Dubai", localCurrency: "AED", address: "Deira, Dubai" });
    expect(place.distanceKm).toBeGreaterThan(5);
    const groups = occupancyGroups([{ adults: 2, childAges: [] }, { adults: 2, childAges: [] }]);
    const rates = ratesOf(hotel([rate()]), groups, { supplierId: "hb", currency: "EUR", hotel: place, checkIn: "2027-02-10", checkOut: "2027-02-13", now: NOW, expiresAt: "2027-01-05T08:30:00.000Z" });
    expect(rates.map((one) => [one.roomIndex, one.net.amount, one.taxesIncluded.amount, one.payAtProperty])).toEqual([
      [0, 18451, 1845, { amount: 2100, currency: "AED" }],
      [1, 18450, 1845, { amount: 2100, currency: "AED" }],
    ]);
    expect(rates[0]!.rateKey).toBe("0.20270210|20270213|W|87412|DBL.ST|RO|NOR|2~2~0||36900");
    expect(parsePlatformRateKey(rates[1]!.rateKey)).toEqual({ roomIndex: 1, hotelbedsKey: "20270210|20270213|W|87412|DBL.ST|RO|NOR|2~2~0||36900" });
    expect(rates[0]!.cancellationPolicy).toEqual({ refundable: true, timeZone: "Asia/Dubai", penalties: [{ from: "2027-02-07T23:59", fromUtc: "2027-02-07T19:59:00.000Z", amount: { amount: 6151, currency: "EUR" } }] });
    expect(rates[0]!.holdable).toBe(false);
  });

  it("leaves out rates for guests not asked for and boards it does not sell", () => {
    const place = hotelOf(hotel([]), DUBAI);
    const groups = occupancyGroups([{ adults: 2, childAges: [] }]);
    const context = { supplierId: "hb", currency: "EUR", hotel: place, checkIn: "2027-02-10", checkOut: "2027-02-13", now: NOW, expiresAt: "2027-01-05T08:30:00.000Z" };
    expect(ratesOf(hotel([rate()]), groups, context)).toEqual([]);
    expect(ratesOf(hotel([rate({ rooms: 1, boardCode: "XX" })]), groups, context)).toEqual([]);
    expect(ratesOf(hotel([rate({ rooms: 1 })]), groups, context)).toHaveLength(1);
  });

  it("reads policies: a passed deadline, a non-refundable class, a deadline without offset, and none at all", () => {
    const stay = { amount: 30000, currency: "EUR" };
    const whole = (amount: number) => amount;
    expect(cancellationPolicyOf(rate({ cancellationPolicies: [{ amount: "10.00", from: "2027-01-01T00:00:00+04:00" }] }), whole, stay, "Asia/Dubai", NOW).refundable).toBe(false);
    expect(cancellationPolicyOf(rate({ rateClass: "NRF" }), whole, stay, "Asia/Dubai", NOW).refundable).toBe(false);
    expect(cancellationPolicyOf(rate({ cancellationPolicies: [{ amount: "10.00", from: "2027-02-07 12:00" }] }), whole, stay, "Asia/Dubai", NOW).penalties[0]).toMatchObject({ from: "2027-02-07T12:00", fromUtc: "2027-02-07T08:00:00.000Z" });
    expect(cancellationPolicyOf(rate({ cancellationPolicies: [] }), whole, stay, "Asia/Dubai", NOW)).toMatchObject({ refundable: false, penalties: [{ amount: stay }] });
  });

  it("groups the booked rooms under each Hotelbeds key again, guests numbered by room", () => {
    const adult = (firstName: string) => ({ title: "Mr." as const, firstName, lastName: "Saleh" });
    const rooms = bookingRooms([
      { rateKey: "1.KEY-A", guests: [adult("Omar"), adult("Huda")] },
      { rateKey: "0.KEY-A", guests: [adult("Sam"), adult("Dana")] },
      { rateKey: "2.KEY-B", guests: [adult("Ali"), { title: "Master", firstName: "Zaid", lastName: "Saleh", age: 7 }] },
    ]);
    expect(rooms).toEqual([
      {
        rateKey: "KEY-A",
        paxes: [
          { roomId: 1, type: "AD", name: "Sam", surname: "Saleh" },
          { roomId: 1, type: "AD", name: "Dana", surname: "Saleh" },
          { roomId: 2, type: "AD", name: "Omar", surname: "Saleh" },
          { roomId: 2, type: "AD", name: "Huda", surname: "Saleh" },
        ],
      },
      { rateKey: "KEY-B", paxes: [{ roomId: 1, type: "AD", name: "Ali", surname: "Saleh" }, { roomId: 1, type: "CH", age: 7, name: "Zaid", surname: "Saleh" }] },
    ]);
  });
});
