import { describe, expect, it } from "vitest";
import type { Hotel, HotelRate, PricedHotelRate } from "../../../src/contract/hotels";
import { cheapestRates, mergeHotels, stayOffers } from "./mergeRates";

const hotel = (hotelCode: string): Hotel => ({
  hotelCode,
  name: `Hotel ${hotelCode}`,
  stars: 4,
  address: "1 Corniche Street, Dubai",
  cityId: "AE-dubai",
  cityName: "Dubai",
  countryCode: "AE",
  latitude: 25.2,
  longitude: 55.3,
  distanceKm: 1.2,
  amenities: ["wifi"],
  timeZone: "Asia/Dubai",
  localCurrency: "AED",
});

const rate = (supplierId: string, roomIndex: number, roomTypeCode: string, boardBasis: HotelRate["boardBasis"], refundable: boolean, total: number): PricedHotelRate => ({
  rateKey: `${supplierId}-${roomIndex}-${roomTypeCode}-${boardBasis}-${refundable}-${total}`,
  supplierId,
  supplierName: supplierId,
  roomIndex,
  occupancy: { adults: 2, childAges: [] },
  roomTypeCode,
  roomName: roomTypeCode,
  boardBasis,
  refundable,
  net: { amount: total, currency: "USD" },
  taxesIncluded: { amount: 0, currency: "USD" },
  payAtProperty: { amount: 0, currency: "AED" },
  nights: 2,
  cancellationPolicy: { refundable, timeZone: "Asia/Dubai", penalties: [{ from: "2027-03-01T12:00", fromUtc: "2027-03-01T08:00:00.000Z", amount: { amount: total, currency: "USD" } }] },
  agencyCancellationPolicy: { refundable, timeZone: "Asia/Dubai", penalties: [] },
  expiresAt: "2027-01-01T00:30:00.000Z",
  holdable: false,
  price: { currency: "KWD", supplierPrice: { amount: total, currency: "USD" }, exchangeRate: null, base: total, markups: [], markupTotal: 0, total },
});

describe("merging hotel rates across suppliers", () => {
  it("offers a hotel sold by two suppliers once, with both suppliers' rates", () => {
    const merged = mergeHotels([
      { supplierId: "a", hotels: [{ hotel: hotel("H00010001"), rates: [rate("a", 0, "STD", "RO", true, 100)] }, { hotel: hotel("H00010002"), rates: [] }] },
      { supplierId: "b", hotels: [{ hotel: hotel("H00010001"), rates: [rate("b", 0, "STD", "RO", true, 90)] }] },
    ]);
    expect(merged.map((entry) => [entry.hotel.hotelCode, entry.supplierIds])).toEqual([
      ["H00010001", ["a", "b"]],
      ["H00010002", ["a"]],
    ]);
    expect(merged[0]!.rates.map((entry) => entry.supplierId)).toEqual(["a", "b"]);
  });

  it("keeps each supplier's cheapest rate of a kind, cheapest first per room", () => {
    const rates = [rate("a", 0, "STD", "BB", true, 120), rate("a", 0, "STD", "BB", true, 110), rate("b", 0, "STD", "BB", true, 105), rate("a", 1, "DLX", "RO", false, 80)];
    expect(cheapestRates(rates).map((entry) => [entry.supplierId, entry.roomIndex, entry.price.total])).toEqual([
      ["b", 0, 105],
      ["a", 0, 110],
      ["a", 1, 80],
    ]);
  });

  it("prices a stay per board and refundability from one supplier for every room, the cheapest supplier's", () => {
    const rates = [
      rate("a", 0, "STD", "BB", true, 100),
      rate("a", 1, "STD", "BB", true, 100),
      rate("b", 0, "STD", "BB", true, 60),
      rate("b", 1, "STD", "BB", true, 160),
      // Only room 0 can have half board: no half-board stay.
      rate("b", 0, "STD", "HB", true, 150),
      rate("a", 0, "STD", "RO", false, 70),
      rate("a", 1, "FAM", "RO", false, 90),
      rate("a", 1, "STD", "RO", false, 75),
    ];
    expect(stayOffers(rates, 2)).toEqual([
      { boardBasis: "RO", refundable: false, total: 145 },
      { boardBasis: "BB", refundable: true, total: 200 },
    ]);
  });
});
