import { describe, expect, it } from "vitest";
import { DEFAULT_SEARCH_VALUES, toSearchFormValues, toSearchRequest, type SearchFormValues } from "./searchForm";

const TODAY = "2026-11-22";
const returnTrip: SearchFormValues = {
  ...DEFAULT_SEARCH_VALUES,
  legs: [{ origin: "KWI", destination: "LHR", departureDate: "2026-12-10" }],
  returnDate: "2026-12-17",
  adults: 2,
};

const errorKeys = (values: SearchFormValues) => {
  const result = toSearchRequest(values, TODAY);
  return result.ok ? [] : result.errors.map((error) => `${error.field.join(".")}:${error.key}`);
};

describe("search form", () => {
  it("turns a return trip into two origin-destinations, the second reversed", () => {
    const result = toSearchRequest(returnTrip, TODAY);
    expect(result.ok && result.request.originDestinations).toEqual([
      { origin: "KWI", destination: "LHR", departureDate: "2026-12-10" },
      { origin: "LHR", destination: "KWI", departureDate: "2026-12-17" },
    ]);
    expect(result.ok && result.request.passengers).toEqual({ ADT: 2, CHD: 0, INF: 0, YTH: 0 });
  });

  it("names every mistake with its field", () => {
    expect(errorKeys({ ...DEFAULT_SEARCH_VALUES, legs: [{ origin: "KWI", destination: "KWI", departureDate: "2026-11-01" }] })).toEqual([
      "legs.0.destination:sameAirports",
      "legs.0.departureDate:dateInPast",
      "returnDate:returnRequired",
    ]);
    expect(errorKeys({ ...returnTrip, returnDate: "2026-12-01" })).toEqual(["returnDate:returnBeforeDeparture"]);
    expect(errorKeys({ ...returnTrip, adults: 1, infants: 2 })).toEqual(["infants:infantsExceedAdults"]);
    expect(errorKeys({ ...returnTrip, adults: 4, children: 6 })).toEqual(["children:tooManyPassengers"]);
    expect(errorKeys({ ...returnTrip, fareFamilyCodes: [] })).toEqual(["fareFamilyCodes:fareFamilyRequired"]);
    expect(errorKeys({ ...DEFAULT_SEARCH_VALUES, tripType: "OW", legs: [{}] })).toEqual([
      "legs.0.origin:originRequired",
      "legs.0.destination:destinationRequired",
      "legs.0.departureDate:dateRequired",
    ]);
  });

  it("checks multi-city legs: at least two, at most six, in date order", () => {
    const leg = (origin: string, destination: string, departureDate: string) => ({ origin, destination, departureDate });
    const multiCity = { ...DEFAULT_SEARCH_VALUES, tripType: "MC" as const };
    expect(errorKeys({ ...multiCity, legs: [leg("KWI", "DXB", "2026-12-01")] })).toEqual(["legs:multiCityLegs"]);
    expect(errorKeys({ ...multiCity, legs: [leg("KWI", "DXB", "2026-12-05"), leg("DXB", "BKK", "2026-12-03")] })).toEqual([
      "legs.1.departureDate:legsOutOfOrder",
    ]);
    const seven = Array.from({ length: 7 }, (_, index) => leg(index % 2 ? "DXB" : "KWI", index % 2 ? "KWI" : "DXB", "2026-12-05"));
    expect(errorKeys({ ...multiCity, legs: seven })).toEqual(["legs:tooManyLegs"]);
  });

  it("gives back the same form from the request it made", () => {
    const result = toSearchRequest(returnTrip, TODAY);
    expect(result.ok && toSearchFormValues(result.request)).toEqual({ ...returnTrip, legs: [{ ...returnTrip.legs[0] }] });
    const oneWay = toSearchRequest({ ...returnTrip, tripType: "OW" }, TODAY);
    expect(oneWay.ok && toSearchFormValues(oneWay.request).tripType).toBe("OW");
  });
});
