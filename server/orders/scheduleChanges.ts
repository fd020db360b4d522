import type { ScheduleChange } from "../../src/contract/orders";
import type { Order, PaxSegment } from "../../src/contract/shopping";

/**
 * What the airline changed in an order's flights between two readings: a flight retimed (same
 * flight, other times), one added, one taken away. Flights are matched by flight number, origin
 * and destination, so a supplier that gives a retimed flight a new identifier still reads as retimed.
 */

const flightOf = (segment: PaxSegment) => `${segment.marketingCarrier.designatorCode}${segment.marketingCarrier.flightNumber}`;
const keyOf = (segment: PaxSegment) => `${flightOf(segment)} ${segment.departure.iataCode} ${segment.arrival.iataCode}`;
const timesOf = (segment: PaxSegment) => ({ departure: segment.departure.dateTime, arrival: segment.arrival.dateTime });
const sameInstant = (left: string, right: string) => Date.parse(left) === Date.parse(right);

export function scheduleChanges(before: Pick<Order, "journeys">, after: Pick<Order, "journeys">): ScheduleChange[] {
  const segmentsOf = (order: Pick<Order, "journeys">) => order.journeys.flatMap((journey) => journey.segments);
  const earlier = new Map(segmentsOf(before).map((segment) => [keyOf(segment), segment]));
  const later = new Map(segmentsOf(after).map((segment) => [keyOf(segment), segment]));
  const describe = (segment: PaxSegment) => ({ flight: flightOf(segment), origin: segment.departure.iataCode, destination: segment.arrival.iataCode });
  const changes: ScheduleChange[] = [];
  for (const [key, segment] of earlier) {
    const now = later.get(key);
    if (!now) changes.push({ kind: "removed", ...describe(segment), before: timesOf(segment), after: null });
    else if (!sameInstant(segment.departure.dateTime, now.departure.dateTime) || !sameInstant(segment.arrival.dateTime, now.arrival.dateTime)) {
      changes.push({ kind: "retimed", ...describe(segment), before: timesOf(segment), after: timesOf(now) });
    }
  }
  for (const [key, segment] of later) if (!earlier.has(key)) changes.push({ kind: "added", ...describe(segment), before: null, after: timesOf(segment) });
  return changes;
}
