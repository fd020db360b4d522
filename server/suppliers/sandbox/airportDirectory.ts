import type { Airport } from "../../../src/contract/reference";
import { loadAirports } from "../../reference/airports";
import { SupplierError } from "../supplierError";

let airportsByCode: ReadonlyMap<string, Airport> | undefined;

/** The real airports (OpenFlights), loaded once on first use. */
export function findAirport(code: string): Airport {
  airportsByCode ??= new Map(loadAirports().map((airport) => [airport.iata, airport]));
  const airport = airportsByCode.get(code);
  if (!airport) throw new SupplierError("INVALID_REQUEST", `Unknown airport ${code}.`);
  return airport;
}
