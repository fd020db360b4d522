import { describe, expect, it } from "vitest";
import { insuranceQuery, tripFromParams, type InsuranceTrip } from "./insuranceSearchParams";

const TRIP: InsuranceTrip = {
  destination: "FR",
  departureDate: "2027-03-01",
  returnDate: "2027-03-10",
  travellers: [{ dateOfBirth: "1986-01-01" }, { dateOfBirth: "2016-06-01" }],
  product: "020108",
  benefit: "TEROSM",
  plan: "SCHNGN",
};

describe("insurance search in the address", () => {
  it("round-trips a trip", () => {
    expect(tripFromParams(new URLSearchParams(insuranceQuery(TRIP)))).toEqual(TRIP);
    expect(tripFromParams(new URLSearchParams(insuranceQuery({ ...TRIP, plan: "All" })))?.plan).toBe("All");
  });

  it("refuses an address with a part missing or malformed", () => {
    const without = (name: string) => {
      const params = new URLSearchParams(insuranceQuery(TRIP));
      params.delete(name);
      return tripFromParams(params);
    };
    for (const name of ["to", "from", "until", "born", "product", "benefit", "plan"]) expect(without(name)).toBeNull();
    const params = new URLSearchParams(insuranceQuery(TRIP));
    params.set("plan", "GOLD");
    expect(tripFromParams(params)).toBeNull();
    params.set("plan", "All");
    params.set("born", "1986-01-01,yesterday");
    expect(tripFromParams(params)).toBeNull();
  });
});
