import type { BoardBasis, CancellationPolicy, City, Hotel, HotelBooking, HotelGuest, HotelRate, RoomOccupancy } from "../../../src/contract/hotels";
import { splitMinor, type Money } from "../../../src/contract/money";
import { currencyOfCountry, greatCircleKm } from "../../reference/cities";
import { instantOfLocalTime, localDateTime } from "../sandbox/localTime";
import { providerMoney } from "../providerMoney";
import { SupplierError } from "../supplierError";
import type { HotelbedsBooking, HotelbedsHotel, HotelbedsRate } from "./hotelbedsSchemas";

/**
 * Hotelbeds' answers in the platform's terms, and back: pure, so each rule is tested on its own.
 * Hotelbeds prices a group of identical rooms as one rate ("2 rooms, 2 adults each"); the
 * platform has one rate per requested room, so a group's rate is split room by room, in whole
 * minor units, and the rooms are grouped again when booking.
 */

/**
 * Hotelbeds' numeric hotel codes live at the top of the platform's code space (HF0000000 on),
 * where the sandbox catalogue's codes (city index first) never reach; the same property at two
 * suppliers would need a mapping table to share one code.
 */
const HOTELBEDS_CODE_BASE = 0xf000_0000;
const HOTELBEDS_CODE_LIMIT = 0x1000_0000;

export function platformHotelCode(hotelbedsCode: number): string {
  if (!Number.isInteger(hotelbedsCode) || hotelbedsCode < 0 || hotelbedsCode >= HOTELBEDS_CODE_LIMIT) {
    throw new SupplierError("SUPPLIER_FAILURE", `Hotelbeds hotel code ${hotelbedsCode} is outside the codes the platform maps.`);
  }
  return `H${(HOTELBEDS_CODE_BASE + hotelbedsCode).toString(16).toUpperCase()}`;
}

/** The Hotelbeds code behind a platform hotel code, or undefined for another supplier's hotel. */
export function hotelbedsCodeOf(hotelCode: string): number | undefined {
  const match = /^HF([0-9A-F]{7})$/.exec(hotelCode);
  return match ? parseInt(match[1]!, 16) : undefined;
}

/** Requested rooms with the same guests, asked for (and priced by Hotelbeds) together. */
export interface OccupancyGroup {
  readonly adults: number;
  readonly childAges: readonly number[];
  /** The requested rooms (0-based) of this group, in order. */
  readonly roomIndexes: readonly number[];
}

export function occupancyGroups(rooms: readonly RoomOccupancy[]): OccupancyGroup[] {
  const groups = new Map<string, { adults: number; childAges: number[]; roomIndexes: number[] }>();
  rooms.forEach((room, roomIndex) => {
    const childAges = [...room.childAges].sort((left, right) => left - right);
    const key = `${room.adults}|${childAges.join(",")}`;
    const group = groups.get(key);
    if (group) group.roomIndexes.push(roomIndex);
    else groups.set(key, { adults: room.adults, childAges, roomIndexes: [roomIndex] });
  });
  return [...groups.values()];
}

/** The availability request's occupancies: one per group, children with their ages. */
export const hotelbedsOccupancies = (groups: readonly OccupancyGroup[]) =>
  groups.map((group) => ({
    rooms: group.roomIndexes.length,
    adults: group.adults,
    children: group.childAges.length,
    ...(group.childAges.length > 0 ? { paxes: group.childAges.map((age) => ({ type: "CH", age })) } : {}),
  }));

/** The children's ages a rate is for, youngest first ("7,5" or "5;7"). */
export const childAgesOf = (rate: HotelbedsRate): number[] =>
  (rate.childrenAges ?? "")
    .split(/[,;]/)
    .filter((age) => age.trim() !== "")
    .map(Number)
    .sort((left, right) => left - right);

function groupOf(groups: readonly OccupancyGroup[], rate: HotelbedsRate): OccupancyGroup | undefined {
  const ages = childAgesOf(rate);
  return groups.find(
    (group) =>
      group.roomIndexes.length === rate.rooms &&
      group.adults === rate.adults &&
      group.childAges.length === rate.children &&
      (ages.length === 0 || ages.join(",") === group.childAges.join(",")),
  );
}

/** The platform's rate key: the requested room it is for, then Hotelbeds' own key. */
export const platformRateKey = (roomIndex: number, hotelbedsKey: string) => `${roomIndex}.${hotelbedsKey}`;

export function parsePlatformRateKey(rateKey: string): { roomIndex: number; hotelbedsKey: string } {
  const match = /^(\d+)\.(.+)$/s.exec(rateKey);
  if (!match) throw new SupplierError("OFFER_NOT_FOUND", "This rate is not a Hotelbeds rate; search again.");
  return { roomIndex: Number(match[1]), hotelbedsKey: match[2]! };
}

/** A Hotelbeds amount in minor units: decimal strings parsed exactly, never through a float. */
export const hotelbedsMoney = (amount: string, currency: string): Money => providerMoney("Hotelbeds", amount, currency);

const BOARDS: Record<string, BoardBasis> = { RO: "RO", SC: "RO", OB: "RO", BB: "BB", CB: "BB", AB: "BB", DB: "BB", HB: "HB", MB: "HB", FB: "FB", AI: "AI", TI: "AI", TL: "AI" };

/** The platform's board for a Hotelbeds board code; undefined for a board it does not sell. */
export const boardOf = (boardCode: string): BoardBasis | undefined => BOARDS[boardCode];

/** "4EST", "5LUX", "3LL": the first digit is the stars; a category without one counts as one star. */
export function starsOf(categoryCode: string): number {
  const digit = /\d/.exec(categoryCode)?.[0];
  return digit ? Math.min(5, Math.max(1, Number(digit))) : 1;
}

/** A deadline as Hotelbeds writes it: with its offset it is an instant; without, the hotel's wall clock. */
export function instantOf(text: string, timeZone: string): number {
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(text)) {
    const instant = Date.parse(text);
    if (!Number.isNaN(instant)) return instant;
  }
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(text);
  if (!match) throw new SupplierError("SUPPLIER_FAILURE", `Hotelbeds sent the cancellation deadline "${text}", which cannot be read.`);
  return instantOfLocalTime(match[1]!, Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0), timeZone);
}

/**
 * One room's share of a rate's cancellation policy. Hotelbeds gives each penalty from its time
 * on; none at all is read as non-refundable from now (the safe side), and a NRF rate is never refundable.
 */
export function cancellationPolicyOf(rate: HotelbedsRate, share: (amount: number) => number, stay: Money, timeZone: string, now: number): CancellationPolicy {
  const steps = rate.cancellationPolicies
    .map((policy) => {
      const fromUtc = instantOf(policy.from, timeZone);
      return { from: localDateTime(fromUtc, timeZone).slice(0, 16), fromUtc: new Date(fromUtc).toISOString(), amount: { amount: share(hotelbedsMoney(policy.amount, stay.currency).amount), currency: stay.currency } };
    })
    .sort((left, right) => Date.parse(left.fromUtc) - Date.parse(right.fromUtc));
  if (steps.length === 0) return { refundable: false, timeZone, penalties: [{ from: localDateTime(now, timeZone).slice(0, 16), fromUtc: new Date(now).toISOString(), amount: stay }] };
  return { refundable: rate.rateClass !== "NRF" && Date.parse(steps[0]!.fromUtc) > now, timeZone, penalties: steps };
}

/** A hotel of Hotelbeds in the platform's terms, placed in `city` (the one searched, or the nearest). */
export function hotelOf(hotel: HotelbedsHotel, city: City): Hotel {
  return {
    hotelCode: platformHotelCode(hotel.code),
    name: hotel.name,
    stars: starsOf(hotel.categoryCode),
    address: [hotel.zoneName, hotel.destinationName].filter((part) => part !== "").join(", "),
    cityId: city.id,
    cityName: city.name,
    countryCode: city.countryCode,
    latitude: hotel.latitude,
    longitude: hotel.longitude,
    distanceKm: Math.round(greatCircleKm(city.latitude, city.longitude, hotel.latitude, hotel.longitude) * 10) / 10,
    // The availability answer names no facilities; Hotelbeds' Content API does, and is not read yet.
    amenities: [],
    timeZone: city.timeZone,
    localCurrency: currencyOfCountry(city.countryCode),
  };
}

const nightsBetween = (checkIn: string, checkOut: string) => Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000);

export interface RateContext {
  readonly supplierId: string;
  readonly currency: string;
  readonly hotel: Hotel;
  readonly checkIn: string;
  readonly checkOut: string;
  readonly now: number;
  /** When the rate keys are to be checked again. */
  readonly expiresAt: string;
}

/** Taxes inside the price, in the rate's currency, and fees due at the hotel, in the first such fee's currency. */
function taxesOf(rate: HotelbedsRate, currency: string, localCurrency: string): { included: number; atProperty: Money } {
  const taxes = rate.taxes?.taxes ?? [];
  const included = taxes.filter((tax) => tax.included && tax.amount !== undefined && (tax.currency ?? currency) === currency).reduce((sum, tax) => sum + hotelbedsMoney(tax.amount!, currency).amount, 0);
  const excluded = taxes.filter((tax) => !tax.included && tax.amount !== undefined && tax.currency !== undefined);
  const feeCurrency = excluded[0]?.currency ?? localCurrency;
  const atProperty = excluded.filter((tax) => tax.currency === feeCurrency).reduce((sum, tax) => sum + hotelbedsMoney(tax.amount!, feeCurrency).amount, 0);
  return { included, atProperty: { amount: atProperty, currency: feeCurrency } };
}

/**
 * The platform's rates of one hotel of an answer: one per requested room, a group's rate split
 * between its rooms. A rate for guests not asked for, or on a board the platform does not sell, is left out.
 */
export function ratesOf(hotel: HotelbedsHotel, groups: readonly OccupancyGroup[], context: RateContext): HotelRate[] {
  const nights = nightsBetween(context.checkIn, context.checkOut);
  const rates: HotelRate[] = [];
  for (const room of hotel.rooms) {
    for (const rate of room.rates) {
      const board = boardOf(rate.boardCode);
      const group = groupOf(groups, rate);
      if (!board || !group || !rate.rateKey) continue;
      const parts = group.roomIndexes.length;
      const net = hotelbedsMoney(rate.net, context.currency);
      const taxes = taxesOf(rate, context.currency, context.hotel.localCurrency);
      const nets = splitMinor(net.amount, parts);
      const included = splitMinor(taxes.included, parts);
      const atProperty = splitMinor(taxes.atProperty.amount, parts);
      group.roomIndexes.forEach((roomIndex, part) => {
        const share = (amount: number) => splitMinor(amount, parts)[part]!;
        const roomNet = { amount: nets[part]!, currency: context.currency };
        rates.push({
          rateKey: platformRateKey(roomIndex, rate.rateKey!),
          supplierId: context.supplierId,
          roomIndex,
          occupancy: { adults: group.adults, childAges: [...group.childAges] },
          roomTypeCode: room.code,
          roomName: room.name,
          boardBasis: board,
          refundable: rate.rateClass !== "NRF",
          net: roomNet,
          taxesIncluded: { amount: included[part]!, currency: context.currency },
          payAtProperty: { amount: atProperty[part]!, currency: taxes.atProperty.currency },
          nights,
          cancellationPolicy: cancellationPolicyOf(rate, share, roomNet, context.hotel.timeZone, context.now),
          expiresAt: context.expiresAt,
          // Hotelbeds books and charges the account at once: it keeps no room unpaid.
          holdable: false,
        });
      });
    }
  }
  return rates.map((rate) => ({ ...rate, refundable: rate.cancellationPolicy.refundable }));
}

/** The booking request's rooms: the platform's rooms grouped again under each Hotelbeds rate key, each guest in its room. */
export function bookingRooms(rooms: readonly { readonly rateKey: string; readonly guests: readonly HotelGuest[] }[]) {
  const byKey = new Map<string, { rateKey: string; paxes: { roomId: number; type: "AD" | "CH"; age?: number; name: string; surname: string }[] }>();
  const roomsOfKey = new Map<string, number>();
  for (const room of [...rooms].sort((left, right) => parsePlatformRateKey(left.rateKey).roomIndex - parsePlatformRateKey(right.rateKey).roomIndex)) {
    const { hotelbedsKey } = parsePlatformRateKey(room.rateKey);
    const roomId = (roomsOfKey.get(hotelbedsKey) ?? 0) + 1;
    roomsOfKey.set(hotelbedsKey, roomId);
    const entry = byKey.get(hotelbedsKey) ?? { rateKey: hotelbedsKey, paxes: [] };
    byKey.set(hotelbedsKey, entry);
    for (const guest of room.guests) {
      entry.paxes.push({ roomId, type: guest.age === undefined ? "AD" : "CH", ...(guest.age === undefined ? {} : { age: guest.age }), name: guest.firstName, surname: guest.lastName });
    }
  }
  return [...byKey.values()];
}

const BOOKING_STATUS: Record<string, HotelBooking["status"]> = { CONFIRMED: "confirm", CANCELLED: "cancel" };

export interface BookingContext {
  readonly supplierId: string;
  readonly supplierName: string;
  readonly hotel: Hotel;
  readonly contact: HotelBooking["contact"];
  readonly specialRequests: readonly string[];
  readonly now: number;
}

/**
 * A Hotelbeds booking as the platform keeps it: each booked room (a rate for n rooms is n rooms)
 * with its guests, its share of the price and its policy. Guests are named per room by `roomId`.
 */
export function bookingOf(booking: HotelbedsBooking, context: BookingContext): HotelBooking {
  const status = BOOKING_STATUS[booking.status];
  if (!status) throw new SupplierError("SUPPLIER_FAILURE", `Hotelbeds booking ${booking.reference} is ${booking.status}, a state the platform does not know.`);
  const currency = booking.currency;
  const { checkIn, checkOut } = booking.hotel;
  const nights = nightsBetween(checkIn, checkOut);
  const rooms: HotelBooking["rooms"] = [];
  for (const room of booking.hotel.rooms) {
    for (const rate of room.rates) {
      const net = hotelbedsMoney(rate.net, currency);
      const nets = splitMinor(net.amount, rate.rooms);
      const taxes = taxesOf(rate, currency, context.hotel.localCurrency);
      for (let part = 0; part < rate.rooms; part += 1) {
        const roomIndex = rooms.length;
        const guests = (room.paxes ?? []).filter((pax) => pax.roomId === part + 1);
        const roomNet = { amount: nets[part]!, currency };
        const policy = cancellationPolicyOf(rate, (amount) => splitMinor(amount, rate.rooms)[part]!, roomNet, context.hotel.timeZone, context.now);
        rooms.push({
          rate: {
            rateKey: platformRateKey(roomIndex, `${booking.reference}/${room.code}/${part + 1}`),
            supplierId: context.supplierId,
            roomIndex,
            occupancy: { adults: rate.adults, childAges: guests.filter((guest) => guest.type === "CH").map((guest) => guest.age ?? 0) },
            roomTypeCode: room.code,
            roomName: room.name,
            boardBasis: boardOf(rate.boardCode) ?? "RO",
            refundable: policy.refundable,
            net: roomNet,
            taxesIncluded: { amount: splitMinor(taxes.included, rate.rooms)[part]!, currency },
            payAtProperty: { amount: splitMinor(taxes.atProperty.amount, rate.rooms)[part]!, currency: taxes.atProperty.currency },
            nights,
            cancellationPolicy: policy,
            expiresAt: new Date(context.now).toISOString(),
            holdable: false,
          },
          guests: guests.map((guest, index) => ({
            firstName: guest.name ?? "",
            lastName: guest.surname ?? "",
            ...(guest.type === "CH" ? { age: guest.age ?? 0 } : {}),
          })),
          specialRequests: context.specialRequests[roomIndex] ?? "",
        });
      }
    }
  }
  const cancelled = status === "cancel";
  return {
    supplierId: context.supplierId,
    supplierName: context.supplierName,
    bookingId: booking.reference,
    confirmationNumber: booking.reference,
    clientReference: booking.clientReference,
    status,
    hotel: context.hotel,
    checkIn,
    checkOut,
    nights,
    rooms,
    contact: context.contact,
    total: hotelbedsMoney(booking.totalNet, currency),
    holdUntil: null,
    cancellation: cancelled ? { penalty: hotelbedsMoney(booking.hotel.cancellationAmount ?? "0", currency), cancelledAt: new Date(context.now).toISOString() } : null,
    createdAt: new Date(`${booking.creationDate.slice(0, 10)}T00:00:00Z`).toISOString(),
  };
}
