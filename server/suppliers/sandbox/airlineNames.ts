import { loadAirlines } from "../../reference/airlines";

let namesByCode: ReadonlyMap<string, string> | undefined;

/** The airline's name from the real airlines data (OpenFlights), loaded once. */
export function airlineName(code: string): string {
  namesByCode ??= new Map(loadAirlines().map((airline) => [airline.code, airline.name]));
  return namesByCode.get(code) ?? code;
}
