import type { AirShoppingRequest } from "../../contract/shopping";

export const MAX_RECENT_SEARCHES = 6;

/** The same journey, dates and party count as one search whatever the filters. */
function sameSearch(left: AirShoppingRequest, right: AirShoppingRequest): boolean {
  return (
    JSON.stringify([left.originDestinations, left.passengers, left.cabin]) ===
    JSON.stringify([right.originDestinations, right.passengers, right.cabin])
  );
}

/** Newest first, no repeats, at most MAX_RECENT_SEARCHES. */
export function rememberSearch(recent: readonly AirShoppingRequest[], search: AirShoppingRequest): AirShoppingRequest[] {
  return [search, ...recent.filter((earlier) => !sameSearch(earlier, search))].slice(0, MAX_RECENT_SEARCHES);
}

/** Searches whose first departure has passed are of no use any more. */
export function upcomingSearches(recent: readonly AirShoppingRequest[], today: string): AirShoppingRequest[] {
  return recent.filter((search) => search.originDestinations[0]!.departureDate >= today);
}
