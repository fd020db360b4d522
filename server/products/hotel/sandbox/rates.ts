import { BOARD_BASES, type BoardBasis, type CancellationPolicy, type HotelRate, type RoomOccupancy } from "../../../../src/contract/hotels";
import type { Money } from "../../../../src/contract/money";
import { currencyDecimals } from "../../../../src/lib/currencyDecimals";
import { instantOfLocalTime, localDateTime } from "../../../suppliers/sandbox/localTime";
import { hashText, seededRandom } from "../../../suppliers/sandbox/prng";
import { SupplierError } from "../../../suppliers/supplierError";
import type { CatalogueHotel, RoomType } from "./catalogue";

/** How a sandbox wholesaler sells: its currency, reach, price level and terms. */
export interface HotelSupplierProfile {
  readonly supplierId: string;
  readonly supplierName: string;
  readonly currency: "USD" | "AED";
  /** Share of a city's hotels it has contracts with (Gulf cities and elsewhere). */
  readonly coverage: { readonly gulf: number; readonly elsewhere: number };
  /** Its price relative to the hotel's, per hotel between these (so the cheaper supplier differs hotel by hotel). */
  readonly priceLevel: readonly [number, number];
  /** Whether it keeps refundable rooms unpaid until their free-cancellation deadline. */
  readonly holds: boolean;
  /** Boards it sells, by the hotel's stars. */
  readonly boards: (stars: number) => readonly BoardBasis[];
}

/** US dollar cents per AED fils: the dirham is pegged at 3.6725 to the dollar. */
const AED_PER_USD = 3.6725;
/** Rate keys live this long; book or recheck before. */
export const RATE_KEY_LIFETIME_MS = 30 * 60_000;
/** Prices move a little every six hours (the supplier's yield management). */
const PRICE_EPOCH_MS = 6 * 60 * 60_000;
const GULF = new Set(["AE", "SA", "KW", "QA", "BH", "OM"]);
const BOARD_PER_PERSON_CENTS: Record<BoardBasis, number> = { RO: 0, BB: 1_200, HB: 3_000, FB: 4_500, AI: 7_000 };
/** Non-refundable rates are this much cheaper. */
const NON_REFUNDABLE_FACTOR = 0.88;
/** Value added tax included in the price, as a share of it (10% on top of the net). */
const TAX_SHARE = 1 / 11;

export const coversHotel = (profile: HotelSupplierProfile, hotel: CatalogueHotel) =>
  seededRandom("coverage", profile.supplierId, hotel.hotel.hotelCode).next() < (GULF.has(hotel.hotel.countryCode) ? profile.coverage.gulf : profile.coverage.elsewhere);

/** What a rate key stands for: the room, board and terms of one stay, and when the key was given. */
export interface RateSpec {
  readonly supplierId: string;
  readonly hotelCode: string;
  readonly roomIndex: number;
  readonly roomTypeCode: string;
  readonly boardBasis: BoardBasis;
  readonly refundable: boolean;
  readonly checkIn: string;
  readonly checkOut: string;
  readonly occupancy: RoomOccupancy;
  readonly nationality: string;
  readonly issuedAt: number;
}

export function encodeRateKey(spec: RateSpec): string {
  const parts = [spec.supplierId, spec.hotelCode, spec.roomIndex, spec.roomTypeCode, spec.boardBasis, spec.refundable ? 1 : 0, spec.checkIn, spec.checkOut, spec.occupancy.adults, spec.occupancy.childAges.join("."), spec.nationality, spec.issuedAt];
  return parts.join("~");
}

export function decodeRateKey(rateKey: string): RateSpec {
  const parts = rateKey.split("~");
  const [supplierId, hotelCode, roomIndex, roomTypeCode, boardBasis, refundable, checkIn, checkOut, adults, childAges, nationality, issuedAt] = parts;
  const board = BOARD_BASES.find((candidate) => candidate === boardBasis);
  if (parts.length !== 12 || !board || !/^\d{4}-\d{2}-\d{2}$/.test(checkIn ?? "") || !/^\d{4}-\d{2}-\d{2}$/.test(checkOut ?? "")) {
    throw new SupplierError("OFFER_NOT_FOUND", "This rate key is not one of ours.");
  }
  return {
    supplierId: supplierId!,
    hotelCode: hotelCode!,
    roomIndex: Number(roomIndex),
    roomTypeCode: roomTypeCode!,
    boardBasis: board,
    refundable: refundable === "1",
    checkIn: checkIn!,
    checkOut: checkOut!,
    occupancy: { adults: Number(adults), childAges: childAges === "" ? [] : childAges!.split(".").map(Number) },
    nationality: nationality!,
    issuedAt: Number(issuedAt),
  };
}

const DAY_MS = 86_400_000;

/** A calendar date moved by whole days (UTC arithmetic: calendar dates have no zone). */
const addDays = (date: string, days: number) => new Date(Date.parse(date) + days * DAY_MS).toISOString().slice(0, 10);

/** Time-zone arithmetic is slow and a search repeats the same few instants thousands of times: remember them. */
const zoned = new Map<string, { from: string; fromUtc: string }>();
const ZONED_CACHE_SIZE = 50_000;
function zonedInstant(key: string, instant: () => number, timeZone: string): { from: string; fromUtc: string } {
  let found = zoned.get(key);
  if (!found) {
    const at = instant();
    found = { from: localDateTime(at, timeZone).slice(0, 16), fromUtc: new Date(at).toISOString() };
    if (zoned.size >= ZONED_CACHE_SIZE) zoned.clear();
    zoned.set(key, found);
  }
  return found;
}

export const nightsBetween = (checkIn: string, checkOut: string) => Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000);

/** High season: the Gulf's winter, the rest of the north's summer, the south's summer. */
function seasonFactor(date: string, latitude: number, countryCode: string): number {
  const month = Number(date.slice(5, 7));
  if (GULF.has(countryCode)) return month >= 11 || month <= 3 ? 1.3 : month >= 6 && month <= 8 ? 0.75 : 1;
  const northSummer = month >= 6 && month <= 8;
  const southSummer = month === 12 || month <= 2;
  return (latitude >= 0 ? northSummer : southSummer) ? 1.25 : month === 4 || month === 10 ? 1.05 : 0.95;
}

/** Gulf weekends are Friday and Saturday nights' neighbours Thursday and Friday; elsewhere Friday and Saturday. */
function weekendFactor(date: string, countryCode: string): number {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  const weekend = GULF.has(countryCode) ? weekday === 4 || weekday === 5 : weekday === 5 || weekday === 6;
  return weekend ? 1.12 : 1;
}

const guestsOf = (occupancy: RoomOccupancy) => occupancy.adults + occupancy.childAges.length;

/** Adults beyond two cost a quarter more each, children over five a sixth, infants nothing. */
const occupancyFactor = (occupancy: RoomOccupancy) =>
  1 + Math.max(0, occupancy.adults - 2) * 0.25 + occupancy.childAges.filter((age) => age > 5).length / 6;

function toSupplierMinor(usdCents: number, currency: HotelSupplierProfile["currency"]): number {
  // Whole units: wholesalers quote round amounts.
  const units = currency === "USD" ? usdCents / 100 : (usdCents / 100) * AED_PER_USD;
  return Math.max(1, Math.round(units)) * 100;
}

/** What prices every room of a hotel at one supplier for one stay, worked out once per hotel. */
interface HotelTerms {
  /** The supplier's price relative to the hotel's. */
  readonly level: number;
  /** This price epoch's move. */
  readonly drift: number;
  /** Days before arrival the free cancellation ends (longer in high season). */
  readonly freeDays: number;
  /** Season and weekend factor of each night. */
  readonly nightFactors: readonly number[];
}

function hotelTerms(profile: HotelSupplierProfile, hotel: CatalogueHotel, checkIn: string, checkOut: string, now: number): HotelTerms {
  const { hotelCode, latitude, countryCode } = hotel.hotel;
  const epoch = Math.floor(now / PRICE_EPOCH_MS);
  const days = seededRandom("deadline", profile.supplierId, hotelCode).pick([1, 2, 3, 7]);
  return {
    level: profile.priceLevel[0] + seededRandom("level", profile.supplierId, hotelCode).next() * (profile.priceLevel[1] - profile.priceLevel[0]),
    drift: 0.97 + seededRandom("epoch", profile.supplierId, hotelCode, epoch).next() * 0.06,
    freeDays: seasonFactor(checkIn, latitude, countryCode) > 1.1 ? days + 3 : days,
    nightFactors: Array.from({ length: nightsBetween(checkIn, checkOut) }, (_, night) => {
      const date = addDays(checkIn, night);
      return seasonFactor(date, latitude, countryCode) * weekendFactor(date, countryCode);
    }),
  };
}

/** The nightly prices of a room for the stay, in supplier minor units. */
function nightlyPrices(hotel: CatalogueHotel, profile: HotelSupplierProfile, room: RoomType, spec: Pick<RateSpec, "boardBasis" | "refundable" | "occupancy">, terms: HotelTerms): number[] {
  const boardCents = BOARD_PER_PERSON_CENTS[spec.boardBasis] * (0.6 + hotel.hotel.stars * 0.2) * guestsOf(spec.occupancy);
  const roomCents = hotel.baseNightlyCents * room.factor * occupancyFactor(spec.occupancy);
  const factor = terms.level * terms.drift * (spec.refundable ? 1 : NON_REFUNDABLE_FACTOR);
  return terms.nightFactors.map((night) => toSupplierMinor((roomCents * night + boardCents) * factor, profile.currency));
}

function penaltyStep(localDate: string, minuteOfDay: number, timeZone: string, amount: Money) {
  return { ...zonedInstant(`${localDate}|${minuteOfDay}|${timeZone}`, () => instantOfLocalTime(localDate, minuteOfDay, timeZone), timeZone), amount };
}

/**
 * Refundable: free until noon (hotel time) some days before arrival, then the first night, and
 * the whole stay from the arrival day's check-in time (a no-show). Non-refundable: the whole
 * stay from the moment of booking. Null when a refundable rate's deadline has already passed.
 */
export function cancellationPolicyOf(profile: HotelSupplierProfile, hotel: CatalogueHotel, refundable: boolean, checkIn: string, freeDays: number, nights: readonly number[], now: number): CancellationPolicy | null {
  const { timeZone } = hotel.hotel;
  const total = { amount: nights.reduce((sum, price) => sum + price, 0), currency: profile.currency };
  if (!refundable) {
    return { refundable: false, timeZone, penalties: [{ ...zonedInstant(`${now}|${timeZone}`, () => now, timeZone), amount: total }] };
  }
  const firstPenalty = penaltyStep(addDays(checkIn, -freeDays), 12 * 60, timeZone, { amount: nights[0]!, currency: profile.currency });
  if (Date.parse(firstPenalty.fromUtc) <= now) return null;
  return { refundable: true, timeZone, penalties: [firstPenalty, penaltyStep(checkIn, 14 * 60, timeZone, total)] };
}

/** Fees due at the hotel (tourism or city tax), per room and night, in its own currency. */
function payAtPropertyOf(hotel: CatalogueHotel, nights: number): Money {
  const { localCurrency, countryCode, stars } = hotel.hotel;
  const perNightUnits = countryCode === "AE" ? [7, 7, 10, 15, 20][stars - 1]! : stars <= 2 ? 0 : stars - 1;
  const unit = currencyDecimals(localCurrency) === 0 ? 100 : 10 ** currencyDecimals(localCurrency);
  return { amount: perNightUnits * nights * unit, currency: localCurrency };
}

/** One rate, built from its spec at `now` (the price of now, the policy as of now). */
export function buildRate(
  profile: HotelSupplierProfile,
  hotel: CatalogueHotel,
  spec: RateSpec,
  now: number,
  terms = hotelTerms(profile, hotel, spec.checkIn, spec.checkOut, now),
  expiresAt = new Date(spec.issuedAt + RATE_KEY_LIFETIME_MS).toISOString(),
): HotelRate | null {
  const room = hotel.roomTypes.find((type) => type.code === spec.roomTypeCode);
  if (!room || guestsOf(spec.occupancy) > room.maxOccupancy) return null;
  const prices = nightlyPrices(hotel, profile, room, spec, terms);
  const policy = cancellationPolicyOf(profile, hotel, spec.refundable, spec.checkIn, terms.freeDays, prices, now);
  if (!policy) return null;
  const net = prices.reduce((sum, price) => sum + price, 0);
  const policyFree = policy.refundable ? policy.penalties[0]!.fromUtc : null;
  return {
    rateKey: encodeRateKey(spec),
    supplierId: profile.supplierId,
    roomIndex: spec.roomIndex,
    occupancy: spec.occupancy,
    roomTypeCode: room.code,
    roomName: room.name,
    boardBasis: spec.boardBasis,
    refundable: policy.refundable,
    net: { amount: net, currency: profile.currency },
    taxesIncluded: { amount: Math.round(net * TAX_SHARE), currency: profile.currency },
    payAtProperty: payAtPropertyOf(hotel, prices.length),
    nights: prices.length,
    cancellationPolicy: policy,
    expiresAt,
    holdable: profile.holds && policyFree !== null && Date.parse(policyFree) - now > 24 * 60 * 60_000,
  };
}

/** What a supplier sells of a hotel, room type by room type: not every board for every room (two or three per room type). */
const offeredBoards = new WeakMap<CatalogueHotel, Map<string, { room: RoomType; boards: BoardBasis[] }[]>>();

function boardsByRoom(profile: HotelSupplierProfile, hotel: CatalogueHotel): { room: RoomType; boards: BoardBasis[] }[] {
  let bySupplier = offeredBoards.get(hotel);
  if (!bySupplier) offeredBoards.set(hotel, (bySupplier = new Map()));
  let offered = bySupplier.get(profile.supplierId);
  if (!offered) {
    const boards = profile.boards(hotel.hotel.stars);
    offered = hotel.roomTypes.map((room) => ({
      room,
      boards: boards.filter((board, position) => position === 0 || hashText(`${profile.supplierId}|${hotel.hotel.hotelCode}|${room.code}|${board}`) % 3 !== 0),
    }));
    bySupplier.set(profile.supplierId, offered);
  }
  return offered;
}

/** Every rate of a hotel for one requested room: room types that fit, each board it sells, refundable or not. */
export function roomRates(profile: HotelSupplierProfile, hotel: CatalogueHotel, stay: Omit<RateSpec, "roomTypeCode" | "boardBasis" | "refundable" | "supplierId" | "hotelCode">, now: number): HotelRate[] {
  const rates: HotelRate[] = [];
  const terms = hotelTerms(profile, hotel, stay.checkIn, stay.checkOut, now);
  const expiresAt = new Date(stay.issuedAt + RATE_KEY_LIFETIME_MS).toISOString();
  const guests = stay.occupancy.adults + stay.occupancy.childAges.length;
  for (const { room, boards } of boardsByRoom(profile, hotel)) {
    if (guests > room.maxOccupancy) continue;
    for (const boardBasis of boards) {
      for (const refundable of [true, false]) {
        const rate = buildRate(profile, hotel, { ...stay, supplierId: profile.supplierId, hotelCode: hotel.hotel.hotelCode, roomTypeCode: room.code, boardBasis, refundable }, now, terms, expiresAt);
        if (rate) rates.push(rate);
      }
    }
  }
  return rates;
}
