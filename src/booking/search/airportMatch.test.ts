import { describe, expect, it } from "vitest";
import { matchAirports, type Airport } from "./airportMatch";

const airport = (iata: string, name: string, city: string): Airport => ({ iata, name, city, country: "", latitude: 0, longitude: 0, tz: "" });
const AIRPORTS = [
  airport("LHR", "London Heathrow Airport", "London"),
  airport("LGW", "London Gatwick Airport", "London"),
  airport("KWI", "Kuwait International Airport", "Kuwait"),
  airport("ZRH", "Zürich Airport", "Zurich"),
  airport("LON", "All airports", "Lonsdale"),
];

describe("airport autocomplete", () => {
  it("puts the exact code first, then code, city and name prefixes, then names containing the text", () => {
    expect(matchAirports(AIRPORTS, "lon").map((entry) => entry.iata)).toEqual(["LON", "LGW", "LHR"]);
    expect(matchAirports(AIRPORTS, "kwi").map((entry) => entry.iata)).toEqual(["KWI"]);
    expect(matchAirports(AIRPORTS, "heathrow").map((entry) => entry.iata)).toEqual(["LHR"]);
  });

  it("ignores case and accents and answers nothing to nothing", () => {
    expect(matchAirports(AIRPORTS, "zurich").map((entry) => entry.iata)).toEqual(["ZRH"]);
    expect(matchAirports(AIRPORTS, "  ")).toEqual([]);
  });

  it("stops at the limit", () => {
    expect(matchAirports(AIRPORTS, "a", 2)).toHaveLength(2);
  });
});
