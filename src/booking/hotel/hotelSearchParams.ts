import { MAX_ROOMS, type HotelSearchRequest, type RoomOccupancy } from "../../contract/hotels";

/**
 * A hotel search lives in the address (so a reload, a bookmark or a shared link shows the same
 * stay): city, dates, rooms as "2,1-7" (adults, then each child's age), nationality.
 */

export const roomsToParam = (rooms: readonly RoomOccupancy[]) => rooms.map((room) => [room.adults, ...room.childAges].join("-")).join(",");

export function roomsFromParam(text: string | null): RoomOccupancy[] | null {
  if (!text) return null;
  const rooms = text.split(",").map((room) => room.split("-").map(Number));
  if (rooms.length === 0 || rooms.length > MAX_ROOMS) return null;
  if (rooms.some((numbers) => numbers.some((value) => !Number.isInteger(value)) || numbers[0]! < 1 || numbers[0]! > 6 || numbers.length > 5 || numbers.slice(1).some((age) => age < 0 || age > 17))) return null;
  return rooms.map(([adults, ...childAges]) => ({ adults: adults!, childAges }));
}

type StayParams = Pick<HotelSearchRequest, "checkIn" | "checkOut" | "rooms" | "nationality">;

export function stayQuery(stay: StayParams & { cityId?: string }): string {
  const params = new URLSearchParams();
  if (stay.cityId) params.set("city", stay.cityId);
  params.set("in", stay.checkIn);
  params.set("out", stay.checkOut);
  params.set("rooms", roomsToParam(stay.rooms));
  params.set("nat", stay.nationality);
  return params.toString();
}

export const hotelResultsPath = (request: StayParams & { cityId: string }) => `/search/hotels?${stayQuery(request)}`;
export const hotelPagePath = (hotelCode: string, stay: StayParams & { cityId?: string }) => `/search/hotels/${encodeURIComponent(hotelCode)}?${stayQuery(stay)}`;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The stay of the address, or null when a part is missing or malformed. */
export function stayFromParams(params: URLSearchParams): (StayParams & { cityId: string | null }) | null {
  const checkIn = params.get("in");
  const checkOut = params.get("out");
  const nationality = params.get("nat");
  const rooms = roomsFromParam(params.get("rooms"));
  if (!checkIn || !ISO_DATE.test(checkIn) || !checkOut || !ISO_DATE.test(checkOut) || !rooms || !nationality || !/^[A-Z]{2}$/.test(nationality)) return null;
  return { cityId: params.get("city"), checkIn, checkOut, rooms, nationality };
}

export const nightsOf = (checkIn: string, checkOut: string) => Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000);
