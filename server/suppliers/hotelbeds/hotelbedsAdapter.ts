import { createHash } from "node:crypto";
import { z } from "zod";
import type { Hotel, HotelBooking, HotelSearchRequest } from "../../../src/contract/hotels";
import type { Clock } from "../../clock";
import type { HotelAdapter, HotelBookRequest, HotelCancelQuote, HotelRecheckAnswer, HotelSearchAnswer } from "../../products/hotel/types";
import { cityDirectory, nearestCity, type CityDirectory } from "../../reference/cities";
import { providerAnswer, supplierHttp, type SupplierHttpAnswer } from "../http/supplierHttp";
import { SupplierError } from "../supplierError";
import type { SupplierCallOptions, SupplierPayment } from "../types";
import {
  bookingOf,
  bookingRooms,
  childAgesOf,
  hotelbedsCodeOf,
  hotelbedsMoney,
  hotelbedsOccupancies,
  hotelOf,
  occupancyGroups,
  parsePlatformRateKey,
  ratesOf,
  type OccupancyGroup,
} from "./hotelbedsMapping";
import {
  hotelbedsAvailabilitySchema,
  hotelbedsBookingAnswerSchema,
  hotelbedsBookingListSchema,
  hotelbedsCheckRateSchema,
  hotelbedsErrorSchema,
  type HotelbedsBooking,
  type HotelbedsHotel,
} from "./hotelbedsSchemas";

/** The connection an administrator enters in the supplier wizard. */
export interface HotelbedsConnection {
  readonly supplierId: string;
  readonly supplierName: string;
  /** https://api.test.hotelbeds.com for the test environment, https://api.hotelbeds.com live. */
  readonly endpointUrl: string;
  readonly apiKey: string;
  readonly secret: string;
  /** The account's currency: Hotelbeds prices and charges in it. */
  readonly currency: string;
}

/** A city is searched within this radius of its centre. */
const SEARCH_RADIUS_KM = 30;
/** Hotelbeds does not say how long a rate key lives; the platform checks it again after half an hour. */
const RATE_KEY_LIFETIME_MS = 30 * 60_000;
const PROVIDER = "Hotelbeds";
const STATUS_SCHEMA = z.object({ status: z.string() });

/** X-Signature: SHA-256 (hex) of the API key, the secret and the Unix time in seconds. */
export function hotelbedsSignature(apiKey: string, secret: string, now: Date): string {
  return createHash("sha256").update(`${apiKey}${secret}${Math.floor(now.getTime() / 1000)}`).digest("hex");
}

/** Hotelbeds' refusal in the platform's codes: the provider's own words are kept in the message. */
function refusal(answer: SupplierHttpAnswer): SupplierError {
  const parsed = hotelbedsErrorSchema.safeParse(answer.body);
  const error = parsed.success ? parsed.data.error : undefined;
  const words = typeof error === "string" ? error : [error?.code, error?.message].filter(Boolean).join(": ");
  const said = words === "" ? `HTTP ${answer.status}` : words;
  if (answer.status === 401 || answer.status === 403) return new SupplierError("NOT_PERMITTED", `${PROVIDER} refused the credentials (${said}). Check the API key and secret.`);
  if (answer.status === 404) return new SupplierError("ORDER_NOT_FOUND", `${PROVIDER} does not know it (${said}).`);
  if (answer.status >= 500) return new SupplierError("SUPPLIER_FAILURE", `${PROVIDER} failed (${said}).`);
  if (/rate ?key|expired|not available|no longer/i.test(said)) return new SupplierError("OFFER_EXPIRED", `${PROVIDER} no longer has this rate (${said}). Search again.`);
  return new SupplierError("INVALID_REQUEST", `${PROVIDER} refused the request (${said}).`);
}

/**
 * One signed call to an APItude API (hotel-api, activity-api, activity-content-api): a refusal is
 * a SupplierError in Hotelbeds' words, an answer of another shape the supplier's failure.
 */
export async function hotelbedsCall<Schema extends z.ZodType>(
  connection: { readonly endpointUrl: string; readonly apiKey: string; readonly secret: string },
  request: { method: "GET" | "POST" | "PUT" | "DELETE"; path: string; schema: Schema; signal: AbortSignal; body?: unknown },
): Promise<z.infer<Schema>> {
  const answer = await supplierHttp(PROVIDER, {
    method: request.method,
    url: `${connection.endpointUrl.replace(/\/+$/, "")}${request.path}`,
    headers: () => ({ "api-key": connection.apiKey, "x-signature": hotelbedsSignature(connection.apiKey, connection.secret, new Date()) }),
    body: request.body,
    signal: request.signal,
  });
  return providerAnswer(PROVIDER, answer, request.schema, refusal);
}

/**
 * Hotels from Hotelbeds' APItude Booking API (hotel-api 1.0): availability by the city's
 * coordinates or by hotel codes, CheckRate before every booking, bookings charged to the agency's
 * Hotelbeds account, retrieval, and cancellation simulated first (the penalty) then confirmed.
 */
export class HotelbedsAdapter implements HotelAdapter {
  readonly isSandbox = false;
  readonly supplierId: string;
  readonly supplierName: string;
  readonly currency: string;

  constructor(
    private readonly connection: HotelbedsConnection,
    private readonly clock: Clock,
    private readonly directory: () => CityDirectory = cityDirectory,
  ) {
    this.supplierId = connection.supplierId;
    this.supplierName = connection.supplierName;
    this.currency = connection.currency;
  }

  #call<Schema extends z.ZodType>(method: "GET" | "POST" | "DELETE", path: string, schema: Schema, signal: AbortSignal, body?: unknown): Promise<z.infer<Schema>> {
    return hotelbedsCall(this.connection, { method, path: `/hotel-api/1.0${path}`, schema, signal, body });
  }

  /** The cheapest authenticated call, for the wizard's Test connection. */
  async status(options: SupplierCallOptions): Promise<string> {
    const answer = await this.#call("GET", "/status", STATUS_SCHEMA, options.signal);
    return answer.status;
  }

  #hotel(hotel: HotelbedsHotel, city?: Hotel["cityId"]): Hotel {
    const directory = this.directory();
    const placed = (city && directory.byId(city)) || nearestCity(directory.cities, hotel.latitude, hotel.longitude);
    if (!placed) throw new SupplierError("SUPPLIER_FAILURE", `${PROVIDER} hotel ${hotel.code} could not be placed in a city.`);
    return hotelOf(hotel, placed);
  }

  #rateContext(hotel: Hotel, checkIn: string, checkOut: string) {
    const now = this.clock().getTime();
    return { supplierId: this.supplierId, currency: this.currency, hotel, checkIn, checkOut, now, expiresAt: new Date(now + RATE_KEY_LIFETIME_MS).toISOString() };
  }

  async search(request: HotelSearchRequest, options: SupplierCallOptions): Promise<HotelSearchAnswer> {
    const groups = occupancyGroups(request.rooms);
    const stay = { checkIn: request.checkIn, checkOut: request.checkOut };
    let where: Record<string, unknown>;
    if (request.cityId) {
      const city = this.directory().byId(request.cityId);
      if (!city) return { hotels: [] };
      where = { geolocation: { latitude: city.latitude, longitude: city.longitude, radius: SEARCH_RADIUS_KM, unit: "km" } };
    } else {
      const codes = (request.hotelCodes ?? []).map(hotelbedsCodeOf).filter((code): code is number => code !== undefined);
      if (codes.length === 0) return { hotels: [] };
      where = { hotels: { hotel: codes } };
    }
    const answer = await this.#call("POST", "/hotels", hotelbedsAvailabilitySchema, options.signal, { stay, occupancies: hotelbedsOccupancies(groups), ...where, filter: { paymentType: "AT_WEB" }, sourceMarket: request.nationality });
    return {
      hotels: answer.hotels.hotels.map((found) => {
        const hotel = this.#hotel(found, request.cityId);
        return { hotel, rates: ratesOf(found, groups, this.#rateContext(hotel, request.checkIn, request.checkOut)) };
      }),
    };
  }

  /** Hotelbeds' availability has no name search (its Content API lists hotels by destination): destinations find its hotels. */
  async findHotels(): Promise<readonly Hotel[]> {
    return [];
  }

  async recheck(rateKeys: readonly string[], options: SupplierCallOptions): Promise<HotelRecheckAnswer> {
    const requested = rateKeys.map(parsePlatformRateKey);
    const distinct = [...new Set(requested.map((key) => key.hotelbedsKey))];
    const answer = await this.#call("POST", "/checkrates", hotelbedsCheckRateSchema, options.signal, { rooms: distinct.map((rateKey) => ({ rateKey })) });
    const checked = answer.hotel;
    // CheckRate answers the rates in the order asked, possibly under new keys: each asked key maps to the one at its place.
    const answeredRates = checked.rooms.flatMap((room) => room.rates.map((rate) => ({ room, rate })));
    if (answeredRates.length !== distinct.length) throw new SupplierError("OFFER_NOT_FOUND", `${PROVIDER} has only ${answeredRates.length} of the ${distinct.length} rates asked for; search again.`);
    const groups: OccupancyGroup[] = distinct.map((hotelbedsKey, index) => {
      const { rate } = answeredRates[index]!;
      const roomIndexes = requested.filter((key) => key.hotelbedsKey === hotelbedsKey).map((key) => key.roomIndex);
      const childAges = childAgesOf(rate);
      return { adults: rate.adults, childAges: childAges.length === rate.children ? childAges : Array.from({ length: rate.children }, () => 0), roomIndexes };
    });
    const hotel = this.#hotel(checked);
    const context = this.#rateContext(hotel, checked.checkIn, checked.checkOut);
    const rates = distinct.flatMap((_, index) => {
      const { room, rate } = answeredRates[index]!;
      return ratesOf({ ...checked, rooms: [{ ...room, rates: [{ ...rate, rateKey: rate.rateKey ?? distinct[index] }] }] }, [groups[index]!], context);
    });
    const ordered = requested.map((key) => rates.find((rate) => rate.roomIndex === key.roomIndex));
    if (ordered.some((rate) => rate === undefined)) throw new SupplierError("OFFER_NOT_FOUND", `${PROVIDER} answered rates for other guests than asked; search again.`);
    return { hotel, checkIn: checked.checkIn, checkOut: checked.checkOut, rates: ordered.map((rate) => rate!) };
  }

  #booking(booking: HotelbedsBooking, extra: { contact?: HotelBooking["contact"]; specialRequests?: readonly string[] } = {}): HotelBooking {
    return bookingOf(booking, {
      supplierId: this.supplierId,
      supplierName: this.supplierName,
      hotel: this.#hotel(booking.hotel),
      contact: extra.contact ?? { email: "", phone: "" },
      specialRequests: extra.specialRequests ?? [],
      now: this.clock().getTime(),
    });
  }

  async book(request: HotelBookRequest, options: SupplierCallOptions): Promise<HotelBooking> {
    if (request.payment === null) throw new SupplierError("NOT_PERMITTED", `${PROVIDER} does not hold rooms unpaid; book and pay.`);
    const lead = request.rooms[0]?.guests[0];
    if (!lead) throw new SupplierError("INVALID_REQUEST", "Name the lead guest.");
    const ordered = [...request.rooms].sort((left, right) => parsePlatformRateKey(left.rateKey).roomIndex - parsePlatformRateKey(right.rateKey).roomIndex);
    const remark = ordered.map((room, index) => (room.specialRequests.trim() === "" ? "" : `Room ${index + 1}: ${room.specialRequests.trim()}`)).filter((line) => line !== "").join(" / ");
    const answer = await this.#call("POST", "/bookings", hotelbedsBookingAnswerSchema, options.signal, {
      holder: { name: lead.firstName, surname: lead.lastName },
      rooms: bookingRooms(ordered),
      clientReference: request.clientReference,
      remark,
      tolerance: 0,
    });
    const booked = this.#booking(answer.booking, { contact: request.contact, specialRequests: ordered.map((room) => room.specialRequests) });
    // The platform's own rate keys and guests' titles stay on the booking, as the agent entered them.
    return {
      ...booked,
      createdAt: this.clock().toISOString(),
      rooms: booked.rooms.map((room, index) => ({ ...room, rate: { ...room.rate, rateKey: ordered[index]?.rateKey ?? room.rate.rateKey }, guests: ordered[index]?.guests.map((guest) => ({ ...guest })) ?? room.guests })),
    };
  }

  async retrieve(bookingId: string, options: SupplierCallOptions): Promise<HotelBooking> {
    const answer = await this.#call("GET", `/bookings/${encodeURIComponent(bookingId)}`, hotelbedsBookingAnswerSchema, options.signal);
    return this.#booking(answer.booking);
  }

  /** Hotelbeds lists bookings by creation date: the platform's reference is looked for among the last days'. */
  async retrieveByClientReference(clientReference: string, options: SupplierCallOptions): Promise<HotelBooking | null> {
    const today = this.clock();
    const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    const query = new URLSearchParams({ start: day(-2), end: day(1), filterType: "CREATION", from: "1", to: "100" });
    const answer = await this.#call("GET", `/bookings?${query}`, hotelbedsBookingListSchema, options.signal);
    const found = answer.bookings.bookings.find((booking) => booking.clientReference === clientReference);
    return found ? this.#booking(found) : null;
  }

  async confirmHold(bookingId: string, _payment: SupplierPayment): Promise<HotelBooking> {
    throw new SupplierError("NOT_PERMITTED", `${PROVIDER} booking ${bookingId} was paid when it was made; there is no hold to confirm.`);
  }

  #quote(booking: HotelbedsBooking): HotelCancelQuote {
    const penalty = hotelbedsMoney(booking.hotel.cancellationAmount ?? "0", booking.currency);
    const paid = hotelbedsMoney(booking.totalNet, booking.currency);
    return { penalty, refund: { amount: Math.max(0, paid.amount - penalty.amount), currency: paid.currency } };
  }

  async cancelQuote(bookingId: string, options: SupplierCallOptions): Promise<HotelCancelQuote> {
    const answer = await this.#call("DELETE", `/bookings/${encodeURIComponent(bookingId)}?cancellationFlag=SIMULATION`, hotelbedsBookingAnswerSchema, options.signal);
    return this.#quote(answer.booking);
  }

  async cancel(bookingId: string, options: SupplierCallOptions): Promise<{ booking: HotelBooking; quote: HotelCancelQuote }> {
    const answer = await this.#call("DELETE", `/bookings/${encodeURIComponent(bookingId)}?cancellationFlag=CANCELLATION`, hotelbedsBookingAnswerSchema, options.signal);
    return { booking: this.#booking(answer.booking), quote: this.#quote(answer.booking) };
  }
}
