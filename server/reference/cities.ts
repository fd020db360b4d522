import { createRequire } from "node:module";
import { countries } from "countries-list";
import { z } from "zod";
import type { City } from "../../src/contract/hotels";

/** One record of city-timezones (world cities with coordinates, population and IANA zone); the fields we use. */
const cityRecordSchema = z.object({
  city: z.string(),
  city_ascii: z.string(),
  lat: z.number(),
  lng: z.number(),
  pop: z.number(),
  country: z.string(),
  /** Kosovo has no ISO code in the data (-99); such cities are left out. */
  iso2: z.union([z.string(), z.number()]).transform(String),
  province: z.string().nullable().optional(),
  timezone: z.string().nullable().optional(),
});
type CityRecord = z.infer<typeof cityRecordSchema>;

const slug = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/**
 * Cities with a stable id ("AE-dubai"), sorted by id; where a country has two cities of one name
 * the more populous keeps the plain id and the other gets its province ("US-portland-maine").
 */
export function toCityList(records: readonly CityRecord[]): City[] {
  const byId = new Map<string, City>();
  const ordered = [...records].filter((record) => /^[A-Z]{2}$/.test(record.iso2) && record.timezone && slug(record.city_ascii) !== "").sort((left, right) => right.pop - left.pop);
  for (const record of ordered) {
    const plain = `${record.iso2}-${slug(record.city_ascii)}`;
    const id = byId.has(plain) ? `${plain}-${slug(record.province ?? "") || "2"}` : plain;
    if (byId.has(id)) continue;
    byId.set(id, {
      id,
      name: record.city,
      countryCode: record.iso2,
      countryName: countries[record.iso2 as keyof typeof countries]?.name ?? record.country,
      province: record.province ?? "",
      latitude: record.lat,
      longitude: record.lng,
      timeZone: record.timezone!,
      population: Math.round(record.pop),
    });
  }
  return [...byId.values()].sort((left, right) => (left.id < right.id ? -1 : 1));
}

/** A country's own currency (ISO 4217), as its hotels charge fees at the property; dollars where the dataset has none. */
export function currencyOfCountry(countryCode: string): string {
  const currency = countries[countryCode as keyof typeof countries]?.currency[0];
  return currency && /^[A-Z]{3}$/.test(currency) ? currency : "USD";
}

/** The countries whose own currency is this one (the euro's twenty, the dirham's one). */
export function countriesPayingIn(currency: string): string[] {
  return Object.entries(countries)
    .filter(([, country]) => country.currency[0] === currency)
    .map(([code]) => code)
    .sort();
}

/** Kilometres between two points along the earth's surface. */
export function greatCircleKm(fromLatitude: number, fromLongitude: number, toLatitude: number, toLongitude: number): number {
  const radians = Math.PI / 180;
  const dLat = (toLatitude - fromLatitude) * radians;
  const dLon = (toLongitude - fromLongitude) * radians;
  const haversine = Math.sin(dLat / 2) ** 2 + Math.cos(fromLatitude * radians) * Math.cos(toLatitude * radians) * Math.sin(dLon / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(haversine));
}

/** The city nearest to a point (a hotel a supplier places by its coordinates). */
export function nearestCity(cities: readonly City[], latitude: number, longitude: number): City | undefined {
  let nearest: City | undefined;
  let best = Number.POSITIVE_INFINITY;
  for (const city of cities) {
    const distance = greatCircleKm(latitude, longitude, city.latitude, city.longitude);
    if (distance < best) {
      best = distance;
      nearest = city;
    }
  }
  return nearest;
}

export interface CityDirectory {
  readonly cities: readonly City[];
  byId(id: string): City | undefined;
  /** The city's position in the list: part of its hotels' codes. */
  indexOf(id: string): number;
  /** Cities whose name (or country) starts with the words typed, the most populous first. */
  find(query: string, options?: { country?: string; limit?: number }): City[];
}

const fold = (text: string) => text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();

export function createCityDirectory(cities: readonly City[]): CityDirectory {
  const index = new Map(cities.map((city, position) => [city.id, position]));
  const names = cities.map((city) => ({ city, name: fold(city.name), country: fold(city.countryName) }));
  const byPopulation = [...names].sort((left, right) => right.city.population - left.city.population);
  return {
    cities,
    byId: (id) => {
      const position = index.get(id);
      return position === undefined ? undefined : cities[position];
    },
    indexOf: (id) => index.get(id) ?? -1,
    find(query, { country, limit = 20 } = {}) {
      const typed = fold(query.trim());
      const matches: City[] = [];
      for (const entry of byPopulation) {
        if (country && entry.city.countryCode !== country) continue;
        if (typed !== "" && !entry.name.startsWith(typed) && !entry.name.includes(` ${typed}`) && !entry.country.startsWith(typed)) continue;
        matches.push(entry.city);
        if (matches.length >= limit) break;
      }
      return matches;
    },
  };
}

let directory: CityDirectory | undefined;

/** The world cities of the city-timezones package, read once. */
export function cityDirectory(): CityDirectory {
  if (!directory) {
    const records = z.array(cityRecordSchema).parse(createRequire(import.meta.url)("city-timezones/data/cityMap.json"));
    directory = createCityDirectory(toCityList(records));
  }
  return directory;
}
