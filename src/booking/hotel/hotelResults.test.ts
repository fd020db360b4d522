import { describe, expect, it } from "vitest";
import type { HotelSummary } from "../../contract/hotels";
import { filterHotels, NO_HOTEL_FILTERS, priceRange } from "./hotelResults";

const summary = (hotelCode: string, stars: number, distanceKm: number, offers: HotelSummary["stayOffers"], extra: Partial<HotelSummary["hotel"]> = {}, supplierIds = ["a"]): HotelSummary => ({
  hotel: {
    hotelCode,
    name: `Palm ${hotelCode}`,
    stars,
    address: "",
    cityId: "AE-dubai",
    cityName: "Dubai",
    countryCode: "AE",
    latitude: 0,
    longitude: 0,
    distanceKm,
    amenities: ["wifi"],
    timeZone: "Asia/Dubai",
    localCurrency: "AED",
    ...extra,
  },
  supplierIds,
  currency: "KWD",
  stayOffers: offers,
});

const HOTELS = [
  summary("H00000001", 4, 3, [{ boardBasis: "RO", refundable: false, total: 100 }, { boardBasis: "BB", refundable: true, total: 150 }], { amenities: ["wifi", "pool"] }, ["a", "b"]),
  summary("H00000002", 5, 1, [{ boardBasis: "HB", refundable: true, total: 300 }]),
  summary("H00000003", 3, 8, [{ boardBasis: "RO", refundable: false, total: 60 }], { name: "Desert Inn" }),
  summary("H00000004", 4, 0.5, [{ boardBasis: "BB", refundable: true, total: 140 }], {}, ["b"]),
];

const codes = (rows: ReturnType<typeof filterHotels>) => rows.map((row) => row.summary.hotel.hotelCode.slice(-1));

describe("hotel result filters and sorts", () => {
  it("shows each hotel at its cheapest stay, and at the cheapest refundable one when only refundable stays are wanted", () => {
    const all = filterHotels(HOTELS, NO_HOTEL_FILTERS, "price");
    expect(all.map((row) => [row.summary.hotel.hotelCode.slice(-1), row.price])).toEqual([["3", 60], ["1", 100], ["4", 140], ["2", 300]]);
    const refundable = filterHotels(HOTELS, { ...NO_HOTEL_FILTERS, refundableOnly: true }, "price");
    expect(refundable.map((row) => [row.summary.hotel.hotelCode.slice(-1), row.price, row.boardBasis])).toEqual([["4", 140, "BB"], ["1", 150, "BB"], ["2", 300, "HB"]]);
  });

  it("filters by stars, board, supplier, amenities, name and price, all together", () => {
    expect(codes(filterHotels(HOTELS, { ...NO_HOTEL_FILTERS, stars: [4] }, "price"))).toEqual(["1", "4"]);
    expect(codes(filterHotels(HOTELS, { ...NO_HOTEL_FILTERS, stars: [4], refundableOnly: true }, "price"))).toEqual(["4", "1"]);
    expect(codes(filterHotels(HOTELS, { ...NO_HOTEL_FILTERS, boards: ["HB", "BB"] }, "price"))).toEqual(["4", "1", "2"]);
    expect(codes(filterHotels(HOTELS, { ...NO_HOTEL_FILTERS, suppliers: ["b"] }, "price"))).toEqual(["1", "4"]);
    expect(codes(filterHotels(HOTELS, { ...NO_HOTEL_FILTERS, amenities: ["pool"] }, "price"))).toEqual(["1"]);
    expect(codes(filterHotels(HOTELS, { ...NO_HOTEL_FILTERS, name: "desert" }, "price"))).toEqual(["3"]);
    expect(codes(filterHotels(HOTELS, { ...NO_HOTEL_FILTERS, maxPrice: 140 }, "price"))).toEqual(["3", "1", "4"]);
  });

  it("sorts by stars (then price), distance, and recommends value for its stars near the centre first", () => {
    expect(codes(filterHotels(HOTELS, NO_HOTEL_FILTERS, "stars"))).toEqual(["2", "1", "4", "3"]);
    expect(codes(filterHotels(HOTELS, NO_HOTEL_FILTERS, "distance"))).toEqual(["4", "2", "1", "3"]);
    expect(codes(filterHotels(HOTELS, NO_HOTEL_FILTERS, "recommended"))).toEqual(["1", "3", "4", "2"]);
    expect(priceRange(HOTELS)).toEqual({ min: 60, max: 300 });
    expect(priceRange([])).toBeNull();
  });
});
