import type { AirShoppingRequest } from "../../src/contract/shopping";

/** Airlines open their schedules about 361 days ahead: later dates have nothing to sell. */
export const MAX_DAYS_AHEAD = 361;

export interface FieldProblem {
  readonly field: string;
  readonly message: string;
}

const addDays = (isoDate: string, days: number) => new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * What makes a search impossible before any supplier is asked: a departure in the past or beyond
 * the schedules, an airport the platform does not know. `today` is the UTC date; a departure on
 * it is still allowed (some of the day's flights are still to come).
 */
export function searchProblems(request: AirShoppingRequest, today: string, isKnownAirport: (code: string) => boolean): FieldProblem[] {
  const latest = addDays(today, MAX_DAYS_AHEAD);
  return request.originDestinations.flatMap((leg, index) => {
    const at = (name: string) => `originDestinations.${index}.${name}`;
    const problems: FieldProblem[] = [];
    if (!isKnownAirport(leg.origin)) problems.push({ field: at("origin"), message: `${leg.origin} is not an airport in the airport list.` });
    if (!isKnownAirport(leg.destination)) problems.push({ field: at("destination"), message: `${leg.destination} is not an airport in the airport list.` });
    if (leg.departureDate < today) problems.push({ field: at("departureDate"), message: "The departure date is in the past." });
    else if (leg.departureDate > latest) problems.push({ field: at("departureDate"), message: `Flights can be searched up to ${MAX_DAYS_AHEAD} days ahead (until ${latest}).` });
    return problems;
  });
}
