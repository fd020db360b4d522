import { describe, expect, it } from "vitest";
import type { BoardBasis, Hotel } from "../../../src/contract/hotels";
import { pricedHotelRate } from "../../../src/booking/testing/pricedHotelRate";
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

const rate = (supplierId: string, roomIndex: number, roomTypeCode: string, boardBasis: BoardBasis, refundable: boolean, total: number) =>
  pricedHotelRate(supplierId, roomIndex, roomTypeCode, total, { boardBasis, refundable });

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
