import { continents, countries } from "countries-list";
import { loadAirports } from "../reference/airports";
import type { Airport } from "../../src/contract/reference";
import { ZONE_COUNTRIES } from "../../src/contract/geography";

/** Where an airport is, in the terms markup rules use (names upper-cased for matching). */
export interface AirportLocation {
  readonly airportCode: string;
  /** ISO 3166 alpha-2, or "" when the airport's country is not known. */
  readonly countryCode: string;
  readonly regions: readonly string[];
  readonly zones: readonly string[];
  readonly longitude: number;
}

export type LocateAirport = (airportCode: string) => AirportLocation | undefined;

/** OpenFlights country names that differ from countries-list's. */
const COUNTRY_NAME_ALIASES: Readonly<Record<string, string>> = {
  "Cote d'Ivoire": "CI",
  "Congo (Brazzaville)": "CG",
  "Congo (Kinshasa)": "CD",
  Swaziland: "SZ",
  "Cape Verde": "CV",
  "Czech Republic": "CZ",
  Turkey: "TR",
  Macedonia: "MK",
  "Virgin Islands": "VI",
  "Netherlands Antilles": "CW",
  Macau: "MO",
  Burma: "MM",
};

const MIDDLE_EAST = ["AE", "BH", "IL", "IQ", "IR", "JO", "KW", "LB", "OM", "PS", "QA", "SA", "SY", "YE"];

/** The world regions (continent, MIDDLE EAST, EMEA) a country lies in. */
export function regionsOf(countryCode: string): string[] {
  const country = countries[countryCode as keyof typeof countries];
  if (!country) return [];
  const continent = continents[country.continent].toUpperCase();
  const regions = [continent];
  if (MIDDLE_EAST.includes(countryCode)) regions.push("MIDDLE EAST");
  if (continent === "EUROPE" || continent === "AFRICA" || MIDDLE_EAST.includes(countryCode)) regions.push("EMEA");
  return regions;
}

/** The sub-zones (GCC, LEVANT...) a country lies in. */
export function zonesOf(countryCode: string): string[] {
  return Object.entries(ZONE_COUNTRIES)
    .filter(([, members]) => members.includes(countryCode))
    .map(([zone]) => zone);
}

/** Builds the airport locator once from the airports list (server/reference loadAirports). */
export function createAirportLocator(airports: readonly Airport[]): LocateAirport {
  const codeByCountryName = new Map<string, string>(Object.entries(countries).map(([code, country]) => [country.name, code]));
  for (const [name, code] of Object.entries(COUNTRY_NAME_ALIASES)) codeByCountryName.set(name, code);
  const locations = new Map<string, AirportLocation>(
    airports.map((airport) => {
      const countryCode = codeByCountryName.get(airport.country) ?? "";
      return [
        airport.iata,
        { airportCode: airport.iata, countryCode, regions: regionsOf(countryCode), zones: zonesOf(countryCode), longitude: airport.longitude },
      ];
    }),
  );
  return (airportCode) => locations.get(airportCode);
}

/** The locator over the real airports list, built on the first price rather than at start. */
export function lazyAirportLocator(): LocateAirport {
  let locate: LocateAirport | undefined;
  return (airportCode) => {
    locate ??= createAirportLocator(loadAirports());
    return locate(airportCode);
  };
}
