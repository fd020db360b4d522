import { hotelSearchRequestSchema, type HotelSearchRequest } from "../../contract/hotels";

export const MAX_RECENT_HOTEL_SEARCHES = 6;

/** A search as the agent made it, with the names it chose (so the list reads "Dubai", not a code). */
export interface RecentHotelSearch {
  readonly request: HotelSearchRequest;
  readonly destinationName: string;
}

/** Each user's own recent hotel searches (the spec's hotel recent searches), by user id. */
export type RecentHotelSearches = Readonly<Record<string, readonly RecentHotelSearch[]>>;

export function isRecentHotelSearches(value: unknown): value is RecentHotelSearches {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return Object.values(value).every(
    (entries) => Array.isArray(entries) && entries.every((entry) => typeof entry?.destinationName === "string" && hotelSearchRequestSchema.safeParse(entry.request).success),
  );
}

const sameStay = (left: HotelSearchRequest, right: HotelSearchRequest) =>
  JSON.stringify([left.cityId, left.hotelCodes, left.checkIn, left.checkOut, left.rooms, left.nationality]) ===
  JSON.stringify([right.cityId, right.hotelCodes, right.checkIn, right.checkOut, right.rooms, right.nationality]);

/** The user's list with this search first, no repeats, at most MAX_RECENT_HOTEL_SEARCHES; other users' lists untouched. */
export function rememberHotelSearch(all: RecentHotelSearches, userId: number, search: RecentHotelSearch): RecentHotelSearches {
  const mine = all[String(userId)] ?? [];
  return { ...all, [String(userId)]: [search, ...mine.filter((earlier) => !sameStay(earlier.request, search.request))].slice(0, MAX_RECENT_HOTEL_SEARCHES) };
}

/** The user's searches whose check-in has not passed. */
export const upcomingHotelSearches = (all: RecentHotelSearches, userId: number | undefined, today: string): readonly RecentHotelSearch[] =>
  userId === undefined ? [] : (all[String(userId)] ?? []).filter((entry) => entry.request.checkIn >= today);
