import { describe, expect, it } from "vitest";
import type { AirShoppingRequest } from "../../src/contract/shopping";
import { searchProblems } from "./searchRules";

const KNOWN = new Set(["KWI", "DXB", "LHR"]);
const known = (code: string) => KNOWN.has(code);
const search = (legs: { origin: string; destination: string; departureDate: string }[]): AirShoppingRequest => ({
  originDestinations: legs,
  passengers: { ADT: 1, CHD: 0, INF: 0, YTH: 0 },
  cabin: "Y",
  fareFamilyCodes: ["F01"],
  preferredAirlines: [],
  directOnly: false,
});

describe("searchProblems", () => {
  it("accepts today and 361 days ahead between known airports", () => {
    expect(searchProblems(search([{ origin: "KWI", destination: "DXB", departureDate: "2026-11-23" }, { origin: "DXB", destination: "KWI", departureDate: "2027-11-19" }]), "2026-11-23", known)).toEqual([]);
  });

  it("names a past date, a date beyond 361 days and an unknown airport on their own fields", () => {
    const problems = searchProblems(
      search([
        { origin: "KWI", destination: "XXX", departureDate: "2026-11-22" },
        { origin: "QQQ", destination: "LHR", departureDate: "2027-11-20" },
      ]),
      "2026-11-23",
      known,
    );
    expect(problems.map((problem) => problem.field)).toEqual([
      "originDestinations.0.destination",
      "originDestinations.0.departureDate",
      "originDestinations.1.origin",
      "originDestinations.1.departureDate",
    ]);
    expect(problems[1]?.message).toBe("The departure date is in the past.");
    expect(problems[3]?.message).toContain("2027-11-19");
  });
});
