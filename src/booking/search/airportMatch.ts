import type { z } from "zod";
import type { airportSchema } from "../../contract/reference";

export type Airport = z.infer<typeof airportSchema>;

/**
 * Airports for what the agent typed, best first: the exact IATA code, then codes, cities and
 * airport names starting with it, then names containing it. Case and accents do not matter.
 */
export function matchAirports(airports: readonly Airport[], query: string, limit = 20): Airport[] {
  const needle = fold(query.trim());
  if (needle.length === 0) return [];
  const scored: { airport: Airport; score: number }[] = [];
  for (const airport of airports) {
    const score = matchScore(airport, needle);
    if (score > 0) scored.push({ airport, score });
  }
  return scored
    .sort((left, right) => right.score - left.score || left.airport.iata.localeCompare(right.airport.iata))
    .slice(0, limit)
    .map((entry) => entry.airport);
}

function matchScore(airport: Airport, needle: string): number {
  const code = airport.iata.toLowerCase();
  if (code === needle) return 5;
  if (code.startsWith(needle)) return 4;
  const city = fold(airport.city);
  if (city.startsWith(needle)) return 3;
  const name = fold(airport.name);
  if (name.startsWith(needle)) return 2;
  return city.includes(needle) || name.includes(needle) ? 1 : 0;
}

function fold(text: string): string {
  return text.normalize("NFD").replace(/\p{Diacritic}/gu, "").toLowerCase();
}
