import type { CabinCode, PaxJourney, PaxSegment } from "../../../src/contract/shopping";
import { cabinLayouts } from "./aircraft";
import { airlineName } from "./airlineNames";
import { bookingClassFor, CABIN_NAMES, demandPercent, type FareBrandCode } from "./fares";
import { isoDuration } from "./flightTime";
import { localDate, localDateTime } from "./localTime";
import { hashHex, seededRandom } from "./prng";
import type { SandboxSupplierProfile } from "./profiles";
import type { Itinerary, ScheduledFlight } from "./network";

const CABINS_BEST_FIRST: readonly CabinCode[] = ["F", "C", "W", "Y"];

/** The requested cabin, or the best one below it that the aircraft has. */
function cabinOnFlight(flight: ScheduledFlight, requested: CabinCode): CabinCode | undefined {
  const available = new Set(cabinLayouts(flight.aircraft, flight.carrier.lowCost).map((layout) => layout.cabinCode));
  return CABINS_BEST_FIRST.slice(CABINS_BEST_FIRST.indexOf(requested)).find((cabin) => available.has(cabin));
}

/** An itinerary sells in a cabin when its longest flight has that cabin. */
export function servesCabin(itinerary: Itinerary, cabin: CabinCode): boolean {
  const longest = itinerary.reduce((best, flight) => (flight.distanceKm > best.distanceKm ? flight : best));
  return cabinOnFlight(longest, cabin) === cabin && itinerary.every((flight) => cabinOnFlight(flight, cabin) !== undefined);
}

function terminal(flight: ScheduledFlight, airportCode: string): string | null {
  return flight.carrier.hubTerminals[airportCode] ?? seededRandom("terminal", airportCode, flight.carrier.code).pick(["1", "2", null]);
}

/** The marketing flight: the codeshare partner's own number range for flights it sells but does not operate. */
function marketingFlight(flight: ScheduledFlight, profile: SandboxSupplierProfile): { code: string; flightNumber: string } {
  const marketingCode = profile.codeshareMarketingCarrier ?? flight.carrier.code;
  if (marketingCode === flight.carrier.code) return { code: marketingCode, flightNumber: flight.flightNumber };
  const codeshareNumber = seededRandom("codeshare", flight.carrier.code, flight.flightNumber, flight.origin.iata).integer(1_000, 6_999);
  return { code: marketingCode, flightNumber: String(codeshareNumber) };
}

function toPaxSegment(
  flight: ScheduledFlight,
  requestedCabin: CabinCode,
  brand: FareBrandCode,
  profile: SandboxSupplierProfile,
): PaxSegment {
  const cabinCode = cabinOnFlight(flight, requestedCabin);
  if (!cabinCode) throw new RangeError(`Flight ${flight.carrier.code}${flight.flightNumber} has no cabin at or below ${requestedCabin}.`);
  const marketing = marketingFlight(flight, profile);
  const departureDate = localDate(flight.departureInstant, flight.origin.tz).replaceAll("-", "");
  const paxSegmentID = `${marketing.code}${marketing.flightNumber}-${departureDate}-${flight.origin.iata}${flight.destination.iata}`;
  const rbdCode = bookingClassFor(cabinCode, brand, demandPercent(paxSegmentID));
  const carrier = (code: string, flightNumber: string) => ({
    designatorCode: code,
    name: airlineName(code),
    flightNumber,
    rbdCode,
    rbdName: CABIN_NAMES[cabinCode],
  });
  return {
    paxSegmentID,
    departure: {
      iataCode: flight.origin.iata,
      stationName: flight.origin.name,
      terminal: terminal(flight, flight.origin.iata),
      dateTime: localDateTime(flight.departureInstant, flight.origin.tz),
    },
    arrival: {
      iataCode: flight.destination.iata,
      stationName: flight.destination.name,
      terminal: terminal(flight, flight.destination.iata),
      dateTime: localDateTime(flight.arrivalInstant, flight.destination.tz),
    },
    duration: isoDuration(flight.blockMinutes),
    aircraftCode: flight.aircraft.code,
    aircraftName: flight.aircraft.name,
    cabinCode,
    marketingCarrier: carrier(marketing.code, marketing.flightNumber),
    operatingCarrier: carrier(flight.carrier.code, flight.flightNumber),
  };
}

export function toPaxJourney(
  itinerary: Itinerary,
  legIndex: number,
  requestedCabin: CabinCode,
  brand: FareBrandCode,
  profile: SandboxSupplierProfile,
): PaxJourney {
  const segments = itinerary.map((flight) => toPaxSegment(flight, requestedCabin, brand, profile));
  const elapsedMinutes = (itinerary.at(-1)!.arrivalInstant - itinerary[0]!.departureInstant) / 60_000;
  return {
    paxJourneyID: `J${legIndex + 1}-${hashHex(segments.map((segment) => segment.paxSegmentID).join("+"))}`,
    duration: isoDuration(elapsedMinutes),
    segments,
  };
}

/** The airline that owns (sells and tickets) an itinerary. */
export function ownerOf(itinerary: Itinerary, profile: SandboxSupplierProfile): string {
  return profile.codeshareMarketingCarrier ?? itinerary[0]!.carrier.code;
}
