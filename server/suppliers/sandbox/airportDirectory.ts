import type { Airport } from "../../../src/contract/reference";
import { loadAirports } from "../../reference/airports";
import { SupplierError } from "../supplierError";

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

let airportsByCode: ReadonlyMap<string, Airport> | undefined;

/** The real airports (OpenFlights), loaded once on first use. */
export function findAirport(code: string): Airport {
  airportsByCode ??= new Map([...loadAirports(), ...MISSING_HUBS].map((airport) => [airport.iata, airport]));
  const airport = airportsByCode.get(code);
  if (!airport) throw new SupplierError("INVALID_REQUEST", `Unknown airport ${code}.`);
  return airport;
}
