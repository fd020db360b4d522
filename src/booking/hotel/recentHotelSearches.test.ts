import { describe, expect, it } from "vitest";
import { isRecentHotelSearches, MAX_RECENT_HOTEL_SEARCHES, rememberHotelSearch, upcomingHotelSearches } from "./recentHotelSearches";

const search = (checkIn: string, cityId = "AE-dubai") => ({
  request: { cityId, checkIn, checkOut: "2027-12-31", rooms: [{ adults: 2, childAges: [] }], nationality: "KW" },
  destinationName: "Dubai",
});

describe("recent hotel searches", () => {
  it("keeps each user's own searches, newest first, without repeats, up to the maximum", () => {
    let all = rememberHotelSearch({}, 7, search("2027-02-01"));
    all = rememberHotelSearch(all, 8, search("2027-02-02"));
    all = rememberHotelSearch(all, 7, search("2027-02-03"));
    all = rememberHotelSearch(all, 7, search("2027-02-01"));
    expect(all["7"]!.map((entry) => entry.request.checkIn)).toEqual(["2027-02-01", "2027-02-03"]);
    expect(all["8"]!.map((entry) => entry.request.checkIn)).toEqual(["2027-02-02"]);
    for (let day = 10; day < 20; day += 1) all = rememberHotelSearch(all, 7, search(`2027-02-${day}`));
    expect(all["7"]).toHaveLength(MAX_RECENT_HOTEL_SEARCHES);
  });

  it("lists only stays still ahead, and reads back only well-formed storage", () => {
    const all = rememberHotelSearch(rememberHotelSearch({}, 7, search("2026-01-01")), 7, search("2027-02-01"));
    expect(upcomingHotelSearches(all, 7, "2026-11-24").map((entry) => entry.request.checkIn)).toEqual(["2027-02-01"]);
    expect(upcomingHotelSearches(all, undefined, "2026-11-24")).toEqual([]);
    expect(isRecentHotelSearches(all)).toBe(true);
    expect(isRecentHotelSearches([])).toBe(false);
    expect(isRecentHotelSearches({ 7: [{ request: { cityId: "nowhere" }, destinationName: "x" }] })).toBe(false);
  });
});
