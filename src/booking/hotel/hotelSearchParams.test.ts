import { describe, expect, it } from "vitest";
import { hotelPagePath, hotelResultsPath, nightsOf, roomsFromParam, roomsToParam, stayFromParams } from "./hotelSearchParams";

const stay = { cityId: "AE-dubai", checkIn: "2027-02-10", checkOut: "2027-02-13", rooms: [{ adults: 2, childAges: [] }, { adults: 1, childAges: [7] }], nationality: "KW" };

describe("hotel search in the address", () => {
  it("writes rooms as adults then children's ages and reads them back", () => {
    expect(roomsToParam(stay.rooms)).toBe("2,1-7");
    expect(roomsFromParam("2,1-7")).toEqual(stay.rooms);
  });

  it("refuses rooms a search could not have made", () => {
    for (const text of ["", "0", "7", "2-18", "2-x", "1,1,1,1,1,1,1,1,1,1", "2-1-1-1-1-1"]) expect(roomsFromParam(text), text).toBeNull();
  });

  it("round-trips a stay through the results address and the hotel page address", () => {
    const results = new URL(hotelResultsPath(stay), "http://console");
    expect(results.pathname).toBe("/search/hotels");
    expect(stayFromParams(results.searchParams)).toEqual(stay);
    const page = new URL(hotelPagePath("H01A20003", stay), "http://console");
    expect(page.pathname).toBe("/search/hotels/H01A20003");
    expect(stayFromParams(page.searchParams)).toEqual(stay);
    expect(stayFromParams(new URLSearchParams("in=2027-02-10"))).toBeNull();
    expect(nightsOf(stay.checkIn, stay.checkOut)).toBe(3);
  });
});
