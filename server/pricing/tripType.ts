import type { PaxJourney, TripTypeCode } from "../../src/contract/shopping";
import type { LocateAirport } from "./geography";

const originOf = (journey: PaxJourney) => journey.segments[0]!.departure.iataCode;
const destinationOf = (journey: PaxJourney) => journey.segments.at(-1)!.arrival.iataCode;

/** Degrees east (positive) or west of the shorter way between two longitudes. */
function eastwardDegrees(fromLongitude: number, toLongitude: number): number {
  return ((((toLongitude - fromLongitude) % 360) + 540) % 360) - 180;
}

/**
 * OW one journey; RT out and back on the same airports; Circle an unbroken chain of journeys
 * back to its origin; RTW such a circle around the globe (its flights add up to a full turn of
 * longitude). An open jaw (a gap between journeys, or no return) is none of the four: null, so
 * only rules that accept any trip type apply to it.
 */
export function classifyTripType(journeys: readonly PaxJourney[], locateAirport: LocateAirport): TripTypeCode | null {
  const [first, second] = journeys;
  if (!first) return null;
  if (journeys.length === 1) return "OW";
  if (journeys.length === 2 && second && originOf(second) === destinationOf(first) && destinationOf(second) === originOf(first)) {
    return "RT";
  }
  const unbroken = journeys.every((journey, index) => index === 0 || originOf(journey) === destinationOf(journeys[index - 1]!));
  if (!unbroken || destinationOf(journeys.at(-1)!) !== originOf(first)) return null;
  let sweep = 0;
  for (const segment of journeys.flatMap((journey) => journey.segments)) {
    const from = locateAirport(segment.departure.iataCode);
    const to = locateAirport(segment.arrival.iataCode);
    if (!from || !to) return "Circle";
    sweep += eastwardDegrees(from.longitude, to.longitude);
  }
  return Math.abs(sweep) > 180 ? "RTW" : "Circle";
}
