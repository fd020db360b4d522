import type { BookedHotelGuest, BoardBasis, CancellationPolicy, City, Hotel, HotelAmenity, HotelBooking, HotelGuest, HotelRate, RoomOccupancy } from "../../../src/contract/hotels";
import { splitMinor, type Money } from "../../../src/contract/money";
import { currencyOfCountry, greatCircleKm } from "../../reference/cities";
import { localDateTime } from "../sandbox/localTime";
import { SupplierError } from "../supplierError";
import { PROVIDER } from "./duffelClient";
import { duffelMoney } from "./duffelMapping";
import type { DuffelAccommodation, DuffelStaysBooking, DuffelStaysRate } from "./duffelStaysSchemas";

/**
 * Duffel Stays' answers in the platform's terms, and back: pure, so each rule is tested on its
 * own. Duffel prices a stay as a whole (every room on one rate, for all the guests); the platform
 * has one rate per requested room, so a stay's rate is split room by room in whole minor units,
 * and a booking takes every room on the same Duffel rate.
 */

/** Duffel asks for the stay's guests all together: adults, and children with their ages. */
export const staysGuestsOf = (rooms: readonly RoomOccupancy[]) =>
  rooms.flatMap((room) => [...Array.from({ length: room.adults }, () => ({ type: "adult" as const })), ...room.childAges.map((age) => ({ type: "child" as const, age }))]);

/**
 * The platform's rate key: the requested room, who stays in it, then Duffel's rate id
 * ("1.2c5.rat_…": room 2, two adults and a child of 5). The room's guests travel in the key
 * because Duffel's quote names only the stay's guests all together.
 */
export const staysRateKey = (roomIndex: number, occupancy: RoomOccupancy, rateId: string) => `${roomIndex}.${occupancy.adults}${occupancy.childAges.map((age) => `c${age}`).join("")}.${rateId}`;

export function parseStaysRateKey(rateKey: string): { roomIndex: number; occupancy: RoomOccupancy; rateId: string } {
  const match = /^(\d+)\.(\d+)((?:c\d+)*)\.(rat_.+)$/s.exec(rateKey);
  if (!match) throw new SupplierError("OFFER_NOT_FOUND", `This rate is not a ${PROVIDER} rate; search again.`);
  const childAges = (match[3] ?? "").split("c").filter((age) => age !== "").map(Number);
  return { roomIndex: Number(match[1]), occupancy: { adults: Number(match[2]), childAges }, rateId: match[4]! };
}

/**
 * The one Duffel rate behind a stay's rate keys, and the rooms in order. Duffel books every room
 * of a stay on one rate: keys of two rates, or rooms missing, are refused in words.
 */
export function stayOfKeys(rateKeys: readonly string[]): { rateId: string; rooms: { roomIndex: number; occupancy: RoomOccupancy }[] } {
  const parsed = rateKeys.map(parseStaysRateKey);
  const rateIds = new Set(parsed.map((key) => key.rateId));
  if (rateIds.size !== 1) throw new SupplierError("INVALID_REQUEST", `${PROVIDER} books every room of a stay on one rate: choose the same room and rate for each room.`);
  const rooms = [...parsed].sort((left, right) => left.roomIndex - right.roomIndex);
  if (rooms.some((room, index) => room.roomIndex !== index)) throw new SupplierError("INVALID_REQUEST", `${PROVIDER} prices the stay's rooms together: book every room searched.`);
  return { rateId: [...rateIds][0]!, rooms: rooms.map(({ roomIndex, occupancy }) => ({ roomIndex, occupancy })) };
}

const BOARDS: Record<string, BoardBasis> = { room_only: "RO", breakfast: "BB", half_board: "HB", full_board: "FB", all_inclusive: "AI" };

/** The platform's board for Duffel's board type; undefined for one it does not sell. */
export const staysBoardOf = (boardType: string): BoardBasis | undefined => BOARDS[boardType];

const AMENITIES: Record<string, HotelAmenity> = { wifi: "wifi", pool: "pool", spa: "spa", gym: "gym", parking: "parking", restaurant: "restaurant", childcare_service: "familyRooms" };

/** Duffel's rating (stars, sometimes with a half) as whole stars; a hotel without one counts as one star. */
export const staysStarsOf = (rating: number | null | undefined) => Math.min(5, Math.max(1, Math.floor(rating ?? 1)));

/** Where Duffel places a property: its coordinates, or else the city's centre. */
export function coordinatesOf(accommodation: DuffelAccommodation, city: City): { latitude: number; longitude: number } {
  return accommodation.location.geographic_coordinates ?? { latitude: city.latitude, longitude: city.longitude };
}

/** A Duffel property in the platform's terms, under its stored code, placed in `city`. */
export function staysHotelOf(accommodation: DuffelAccommodation, hotelCode: string, city: City): Hotel {
  const { latitude, longitude } = coordinatesOf(accommodation, city);
  const address = accommodation.location.address;
  return {
    hotelCode,
    name: accommodation.name,
    stars: staysStarsOf(accommodation.rating),
    address: [address.line_one, address.city_name].filter((part): part is string => part !== undefined && part !== "").join(", "),
    cityId: city.id,
    cityName: city.name,
    countryCode: city.countryCode,
    latitude,
    longitude,
    distanceKm: Math.round(greatCircleKm(city.latitude, city.longitude, latitude, longitude) * 10) / 10,
    amenities: [...new Set((accommodation.amenities ?? []).flatMap((amenity) => AMENITIES[amenity.type] ?? []))],
    timeZone: city.timeZone,
    localCurrency: currencyOfCountry(city.countryCode),
  };
}

function instantOf(text: string): number {
  const instant = Date.parse(text);
  if (Number.isNaN(instant)) throw new SupplierError("SUPPLIER_FAILURE", `${PROVIDER} sent the cancellation deadline "${text}", which cannot be read.`);
  return instant;
}

/**
 * One room's share of a rate's cancellation policy. Duffel gives the refund if cancelled before
 * each moment; the platform writes the penalty from each moment on (what is kept: the price less
 * the refund). No timeline at all is non-refundable.
 */
export function staysCancellationPolicyOf(rate: DuffelStaysRate, share: (amount: number) => number, timeZone: string, now: number): CancellationPolicy {
  const total = duffelMoney(rate.total_amount, rate.total_currency);
  const refundOf = (entry: DuffelStaysRate["cancellation_timeline"][number] | undefined) => (entry ? Math.min(total.amount, duffelMoney(entry.refund_amount, entry.currency).amount) : 0);
  const ahead = rate.cancellation_timeline
    .map((entry) => ({ entry, before: instantOf(entry.before) }))
    .filter((entry) => entry.before > now)
    .sort((left, right) => left.before - right.before);
  const penalty = (refund: number) => share(total.amount) - share(refund);
  const step = (at: number, amount: number) => ({ from: localDateTime(at, timeZone).slice(0, 16), fromUtc: new Date(at).toISOString(), amount: { amount, currency: total.currency } });
  const steps = penalty(refundOf(ahead[0]?.entry)) > 0 ? [step(now, penalty(refundOf(ahead[0]?.entry)))] : [];
  ahead.forEach((current, index) => {
    const amount = penalty(refundOf(ahead[index + 1]?.entry));
    if (amount !== steps[steps.length - 1]?.amount.amount) steps.push(step(current.before, amount));
  });
  if (steps.length === 0) steps.push(step(now, share(total.amount)));
  return { refundable: Date.parse(steps[0]!.fromUtc) > now, timeZone, penalties: steps };
}

const nightsBetween = (checkIn: string, checkOut: string) => Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000);

/** What a room's share of a rate's price holds: the price, the taxes and fees inside it, and what is due at the property. */
function sharesOf(rate: DuffelStaysRate, parts: number, localCurrency: string) {
  const total = duffelMoney(rate.total_amount, rate.total_currency);
  const inside = [rate.tax_amount && rate.tax_currency === total.currency ? duffelMoney(rate.tax_amount, total.currency).amount : 0, rate.fee_amount && rate.fee_currency === total.currency ? duffelMoney(rate.fee_amount, total.currency).amount : 0];
  const dueCurrency = rate.due_at_accommodation_currency ?? localCurrency;
  const due = rate.due_at_accommodation_amount ? duffelMoney(rate.due_at_accommodation_amount, dueCurrency).amount : 0;
  const nets = splitMinor(total.amount, parts);
  const taxes = splitMinor(inside[0]! + inside[1]!, parts);
  const dues = splitMinor(due, parts);
  return (part: number) => ({
    net: { amount: nets[part]!, currency: total.currency },
    taxesIncluded: { amount: taxes[part]!, currency: total.currency },
    payAtProperty: { amount: dues[part]!, currency: dueCurrency },
    share: (amount: number) => splitMinor(amount, parts)[part]!,
  });
}

export interface StaysRateContext {
  readonly supplierId: string;
  readonly hotel: Hotel;
  readonly rooms: readonly RoomOccupancy[];
  readonly checkIn: string;
  readonly checkOut: string;
  readonly now: number;
}

/**
 * The platform's rates of a property: one per requested room for each Duffel rate, its price
 * split between the rooms. A rate on a board the platform does not sell, or that cannot be paid
 * from the Duffel balance, is left out.
 */
export function staysRatesOf(accommodation: DuffelAccommodation, context: StaysRateContext): HotelRate[] {
  const nights = nightsBetween(context.checkIn, context.checkOut);
  return accommodation.rooms.flatMap((room) =>
    room.rates.flatMap((rate) => {
      const board = staysBoardOf(rate.board_type);
      if (!board || !rate.available_payment_methods.includes("balance")) return [];
      const shareOf = sharesOf(rate, context.rooms.length, context.hotel.localCurrency);
      return context.rooms.map((occupancy, roomIndex): HotelRate => {
        const { net, taxesIncluded, payAtProperty, share } = shareOf(roomIndex);
        const policy = staysCancellationPolicyOf(rate, share, context.hotel.timeZone, context.now);
        return {
          rateKey: staysRateKey(roomIndex, occupancy, rate.id),
          supplierId: context.supplierId,
          roomIndex,
          occupancy: { adults: occupancy.adults, childAges: [...occupancy.childAges] },
          roomTypeCode: rate.code ?? room.name.toUpperCase().replace(/[^A-Z0-9]+/g, "-").replace(/^-|-$/g, ""),
          roomName: room.name,
          boardBasis: board,
          refundable: policy.refundable,
          net,
          taxesIncluded,
          payAtProperty,
          nights,
          cancellationPolicy: policy,
          expiresAt: new Date(rate.expires_at ? instantOf(rate.expires_at) : context.now + 30 * 60_000).toISOString(),
          // Duffel takes the payment when it books: it keeps no room unpaid.
          holdable: false,
          stayRateId: rate.id,
        };
      });
    }),
  );
}

/** The room and rate a booking or quote is for: Duffel's accommodation carries exactly the one booked. */
export function bookedRateOf(accommodation: DuffelAccommodation): { roomName: string; rate: DuffelStaysRate } {
  const room = accommodation.rooms[0];
  const rate = room?.rates[0];
  if (!room || !rate) throw new SupplierError("SUPPLIER_FAILURE", `${PROVIDER} answered without the room and rate booked at ${accommodation.name}.`);
  return { roomName: room.name, rate };
}

/** The guests of each room: as the agent named them when the platform booked, else Duffel's list shared out in order. */
function guestsByRoom(booking: DuffelStaysBooking, known: readonly (readonly HotelGuest[])[] | undefined): BookedHotelGuest[][] {
  if (known && known.length === booking.rooms) return known.map((guests) => guests.map((guest) => ({ ...guest })));
  const rooms: BookedHotelGuest[][] = Array.from({ length: booking.rooms }, () => []);
  booking.guests.forEach((guest, index) => rooms[index % booking.rooms]!.push({ firstName: guest.given_name, lastName: guest.family_name }));
  return rooms;
}

export interface StaysBookingContext {
  readonly supplierId: string;
  readonly supplierName: string;
  readonly hotel: Hotel;
  readonly now: number;
  /** What the platform booked (absent when a booking is read back from Duffel alone). */
  readonly known?: { readonly rooms: readonly { readonly rateKey: string; readonly guests: readonly HotelGuest[]; readonly specialRequests: string }[]; readonly contact: HotelBooking["contact"] };
}

/** What cancelling a booking at `now` keeps and gives back, per its rate's timeline. */
export function staysCancelQuoteOf(booking: DuffelStaysBooking, now: number): { penalty: Money; refund: Money } {
  const { rate } = bookedRateOf(booking.accommodation);
  const total = duffelMoney(rate.total_amount, rate.total_currency);
  const policy = staysCancellationPolicyOf(rate, (amount) => amount, "UTC", now);
  const applying = [...policy.penalties].reverse().find((step) => Date.parse(step.fromUtc) <= now);
  const penalty = applying?.amount.amount ?? 0;
  return { penalty: { amount: penalty, currency: total.currency }, refund: { amount: total.amount - penalty, currency: total.currency } };
}

const BOOKING_STATUS: Record<string, HotelBooking["status"]> = { confirmed: "confirm", cancelled: "cancel" };

/** A Duffel stays booking as the platform keeps it: each room with its share of the price and policy. */
export function staysBookingOf(booking: DuffelStaysBooking, context: StaysBookingContext): HotelBooking {
  const status = BOOKING_STATUS[booking.status];
  if (!status) throw new SupplierError("SUPPLIER_FAILURE", `${PROVIDER} booking ${booking.id} is ${booking.status}, a state the platform does not know.`);
  const { roomName, rate } = bookedRateOf(booking.accommodation);
  const guests = guestsByRoom(booking, context.known?.rooms.map((room) => room.guests));
  const occupancies = context.known?.rooms.map((room) => parseStaysRateKey(room.rateKey).occupancy) ?? guests.map((roomGuests) => ({ adults: Math.max(1, roomGuests.filter((guest) => guest.age === undefined).length), childAges: roomGuests.flatMap((guest) => (guest.age === undefined ? [] : [guest.age])) }));
  const rates = staysRatesOf({ ...booking.accommodation, rooms: [{ name: roomName, rates: [rate] }] }, { supplierId: context.supplierId, hotel: context.hotel, rooms: occupancies, checkIn: booking.check_in_date, checkOut: booking.check_out_date, now: context.now });
  if (rates.length !== booking.rooms) throw new SupplierError("SUPPLIER_FAILURE", `${PROVIDER} booking ${booking.id} is on a rate the platform does not sell.`);
  const total = duffelMoney(rate.total_amount, rate.total_currency);
  const cancelledAt = booking.cancelled_at ? instantOf(booking.cancelled_at) : context.now;
  return {
    supplierId: context.supplierId,
    supplierName: context.supplierName,
    bookingId: booking.id,
    confirmationNumber: booking.reference ?? "",
    clientReference: booking.metadata?.client_reference ?? "",
    status,
    hotel: context.hotel,
    checkIn: booking.check_in_date,
    checkOut: booking.check_out_date,
    nights: nightsBetween(booking.check_in_date, booking.check_out_date),
    rooms: rates.map((rateOfRoom, index) => ({
      // The platform's own rate keys stay on the booking, as the agent chose them.
      rate: { ...rateOfRoom, rateKey: context.known?.rooms[index]?.rateKey ?? rateOfRoom.rateKey },
      guests: guests[index] ?? [],
      specialRequests: context.known?.rooms[index]?.specialRequests ?? "",
    })),
    contact: context.known?.contact ?? { email: booking.email ?? "", phone: booking.phone_number ?? "" },
    total,
    holdUntil: null,
    cancellation: status === "cancel" ? { penalty: staysCancelQuoteOf(booking, cancelledAt).penalty, cancelledAt: new Date(cancelledAt).toISOString() } : null,
    createdAt: new Date(booking.confirmed_at ? instantOf(booking.confirmed_at) : context.now).toISOString(),
  };
}
