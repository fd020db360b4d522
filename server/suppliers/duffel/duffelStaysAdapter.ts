import type { Duffel } from "@duffel/api";
import type { Hotel, HotelBooking, HotelSearchRequest } from "../../../src/contract/hotels";
import type { Clock } from "../../clock";
import type { HotelAdapter, HotelBookRequest, HotelCancelQuote, HotelRecheckAnswer, HotelSearchAnswer } from "../../products/hotel/types";
import { cityDirectory, nearestCity, type CityDirectory } from "../../reference/cities";
import type { CodeBook } from "../supplierCodes";
import { SupplierError } from "../supplierError";
import type { SupplierCallOptions, SupplierPayment } from "../types";
import { balancePayment, callDuffel, CLIENT_REFERENCE_KEY, duffelClientOf, findByClientReference, LIST_PAGE_SIZE, parsed, PROVIDER, type DuffelConnection } from "./duffelClient";
import { duffelMoney } from "./duffelMapping";
import { bookedRateOf, parseStaysRateKey, staysBookingOf, staysCancelQuoteOf, staysGuestsOf, staysHotelOf, staysRatesOf, stayOfKeys, type StaysBookingContext } from "./duffelStaysMapping";
import {
  duffelAccommodationSchema,
  duffelStaysBookingListSchema,
  duffelStaysBookingSchema,
  duffelStaysQuoteSchema,
  duffelStaysSearchSchema,
  duffelStaysSuggestionsSchema,
  type DuffelAccommodation,
  type DuffelStaysBooking,
} from "./duffelStaysSchemas";

/** A city is searched within this radius of its centre, in kilometres. */
const SEARCH_RADIUS_KM = 30;

export interface DuffelStaysConnection extends DuffelConnection {
  /** The Duffel balance's currency: stays are paid from it. */
  readonly currency: string;
}

/**
 * Hotels from Duffel Stays (API v2) through its official client: search by the city's
 * coordinates or by properties, properties by name, a quote before every booking (the price checked again), bookings
 * paid from the Duffel balance, retrieval (also by the platform's reference), and cancellation,
 * whose refund is read from the rate's cancellation timeline. Duffel's property ids get the
 * platform's hotel codes from the stored code book.
 */
export class DuffelStaysAdapter implements HotelAdapter {
  readonly isSandbox = false;
  readonly supplierId: string;
  readonly supplierName: string;
  readonly currency: string;
  readonly #client: Duffel;

  constructor(
    connection: DuffelStaysConnection,
    private readonly clock: Clock,
    private readonly hotelCodes: CodeBook,
    private readonly directory: () => CityDirectory = cityDirectory,
  ) {
    this.supplierId = connection.supplierId;
    this.supplierName = connection.supplierName;
    this.currency = connection.currency;
    this.#client = duffelClientOf(connection);
  }

  #call<T>(signal: AbortSignal, request: (client: Duffel) => Promise<T>): Promise<T> {
    return callDuffel(this.#client, signal, request);
  }

  /** The cheapest authenticated call, for the wizard's Test connection: one booking listed. */
  async status(options: SupplierCallOptions): Promise<string> {
    await this.#call(options.signal, (client) => client.stays.bookings.list({ limit: 1 }));
    return "reachable";
  }

  /** The properties as platform hotels, each under its stored code; one Duffel cannot place is left out. */
  async #hotels(accommodations: readonly DuffelAccommodation[], cityId?: Hotel["cityId"]): Promise<Map<string, Hotel>> {
    const codes = await this.hotelCodes.codesOf(this.supplierId, accommodations.map((accommodation) => accommodation.id));
    const directory = this.directory();
    const searched = cityId ? directory.byId(cityId) : undefined;
    const hotels = new Map<string, Hotel>();
    for (const accommodation of accommodations) {
      const point = accommodation.location.geographic_coordinates;
      const city = searched ?? (point ? nearestCity(directory.cities, point.latitude, point.longitude) : undefined);
      const code = codes.get(accommodation.id);
      if (city && code) hotels.set(accommodation.id, staysHotelOf(accommodation, code, city));
    }
    return hotels;
  }

  async #hotel(accommodation: DuffelAccommodation): Promise<Hotel> {
    const hotel = (await this.#hotels([accommodation])).get(accommodation.id);
    if (!hotel) throw new SupplierError("SUPPLIER_FAILURE", `${PROVIDER} property ${accommodation.name} could not be placed in a city.`);
    return hotel;
  }

  async search(request: HotelSearchRequest, options: SupplierCallOptions): Promise<HotelSearchAnswer> {
    const stay = { check_in_date: request.checkIn, check_out_date: request.checkOut, rooms: request.rooms.length, guests: staysGuestsOf(request.rooms) };
    let where: Parameters<Duffel["stays"]["search"]>[0];
    if (request.cityId) {
      const city = this.directory().byId(request.cityId);
      if (!city) return { hotels: [] };
      where = { ...stay, location: { radius: SEARCH_RADIUS_KM, geographic_coordinates: { latitude: city.latitude, longitude: city.longitude } } };
    } else {
      const ids = [...(await this.hotelCodes.idsOf(this.supplierId, request.hotelCodes ?? [])).values()];
      if (ids.length === 0) return { hotels: [] };
      // A property's page prices every room and rate it has, not only the cheapest.
      where = { ...stay, accommodation: { ids, fetch_rates: true } };
    }
    const answer = parsed(duffelStaysSearchSchema, (await this.#call(options.signal, (client) => client.stays.search(where))).data);
    const hotels = await this.#hotels(answer.results.map((result) => result.accommodation), request.cityId);
    const now = this.clock().getTime();
    return {
      hotels: answer.results.flatMap((result) => {
        const hotel = hotels.get(result.accommodation.id);
        return hotel ? [{ hotel, rates: staysRatesOf(result.accommodation, { supplierId: this.supplierId, hotel, rooms: request.rooms, checkIn: request.checkIn, checkOut: request.checkOut, now }) }] : [];
      }),
    };
  }

  /**
   * Properties whose name matches what the agent typed: Duffel's suggestions give ids and names,
   * each property's details (stars, place) are read with it, at most `limit` of them.
   */
  async findHotels(query: string, limit: number, options: SupplierCallOptions): Promise<readonly Hotel[]> {
    const suggested = parsed(duffelStaysSuggestionsSchema, (await this.#call(options.signal, (client) => client.stays.accommodation.suggestions(query))).data).slice(0, limit);
    const accommodations = await Promise.all(
      suggested.map(async (suggestion) => parsed(duffelAccommodationSchema, (await this.#call(options.signal, (client) => client.stays.accommodation.get(suggestion.accommodation_id))).data)),
    );
    const hotels = await this.#hotels(accommodations);
    return accommodations.flatMap((accommodation) => hotels.get(accommodation.id) ?? []);
  }

  /** A quote for the stay's one rate: Duffel prices it again, or says the rate is gone. */
  async #quote(rateKeys: readonly string[], signal: AbortSignal) {
    const stay = stayOfKeys(rateKeys);
    const quote = parsed(duffelStaysQuoteSchema, (await this.#call(signal, (client) => client.stays.quotes.create(stay.rateId))).data);
    if (quote.rooms !== stay.rooms.length) throw new SupplierError("OFFER_NOT_FOUND", `${PROVIDER} quoted ${quote.rooms} rooms for a stay of ${stay.rooms.length}; search again.`);
    return { stay, quote };
  }

  async recheck(rateKeys: readonly string[], options: SupplierCallOptions): Promise<HotelRecheckAnswer> {
    const { stay, quote } = await this.#quote(rateKeys, options.signal);
    const hotel = await this.#hotel(quote.accommodation);
    const { roomName, rate } = bookedRateOf(quote.accommodation);
    // The quote's total is the price now; the rest of the rate (board, timeline) is as quoted.
    const rates = staysRatesOf(
      { ...quote.accommodation, rooms: [{ name: roomName, rates: [{ ...rate, id: stay.rateId, total_amount: quote.total_amount, total_currency: quote.total_currency }] }] },
      { supplierId: this.supplierId, hotel, rooms: stay.rooms.map((room) => room.occupancy), checkIn: quote.check_in_date, checkOut: quote.check_out_date, now: this.clock().getTime() },
    );
    if (rates.length !== stay.rooms.length) throw new SupplierError("OFFER_NOT_FOUND", `${PROVIDER} quoted a rate the platform does not sell; search again.`);
    return { hotel, checkIn: quote.check_in_date, checkOut: quote.check_out_date, rates };
  }

  async #booking(booking: DuffelStaysBooking, known?: StaysBookingContext["known"]): Promise<HotelBooking> {
    return staysBookingOf(booking, { supplierId: this.supplierId, supplierName: this.supplierName, hotel: await this.#hotel(booking.accommodation), now: this.clock().getTime(), ...(known ? { known } : {}) });
  }

  /** The payment must be exactly the quote: Duffel takes the quote's total from the balance. */
  #checkPayment(payment: SupplierPayment | null, total: { amount: number; currency: string }): void {
    if (payment === null) throw new SupplierError("NOT_PERMITTED", `${PROVIDER} does not hold rooms unpaid; book and pay.`);
    balancePayment(payment);
    if (payment.amount.amount !== total.amount || payment.amount.currency !== total.currency) {
      throw new SupplierError("PAYMENT_MISMATCH", `${PROVIDER} now asks ${total.amount} minor units of ${total.currency} for this stay, not ${payment.amount.amount} of ${payment.amount.currency}; check the price again.`);
    }
  }

  async book(request: HotelBookRequest, options: SupplierCallOptions): Promise<HotelBooking> {
    const { quote } = await this.#quote(request.rooms.map((room) => room.rateKey), options.signal);
    this.#checkPayment(request.payment, duffelMoney(quote.total_amount, quote.total_currency));
    const ordered = [...request.rooms].sort((left, right) => parseStaysRateKey(left.rateKey).roomIndex - parseStaysRateKey(right.rateKey).roomIndex);
    const guests = ordered.flatMap((room) => room.guests.map((guest) => ({ given_name: guest.firstName, family_name: guest.lastName })));
    if (guests.length === 0) throw new SupplierError("INVALID_REQUEST", "Name the lead guest.");
    const requests = ordered.map((room, index) => (room.specialRequests.trim() === "" ? "" : `Room ${index + 1}: ${room.specialRequests.trim()}`)).filter((line) => line !== "").join(" / ");
    const answer = await this.#call(options.signal, (client) =>
      client.stays.bookings.create({
        quote_id: quote.id,
        guests,
        email: request.contact.email,
        phone_number: request.contact.phone,
        ...(requests === "" ? {} : { accommodation_special_requests: requests }),
        metadata: { [CLIENT_REFERENCE_KEY]: request.clientReference },
      }),
    );
    return this.#booking(parsed(duffelStaysBookingSchema, answer.data), { rooms: ordered, contact: request.contact });
  }

  async #retrieve(bookingId: string, signal: AbortSignal): Promise<DuffelStaysBooking> {
    return parsed(duffelStaysBookingSchema, (await this.#call(signal, (client) => client.stays.bookings.get(bookingId))).data);
  }

  async retrieve(bookingId: string, options: SupplierCallOptions): Promise<HotelBooking> {
    return this.#booking(await this.#retrieve(bookingId, options.signal));
  }

  /** A booking whose answer was lost, found by the platform's reference among the account's bookings. */
  async retrieveByClientReference(clientReference: string, options: SupplierCallOptions): Promise<HotelBooking | null> {
    const found = await findByClientReference(
      async (after) => {
        const answer = await this.#call(options.signal, (client) => client.stays.bookings.list({ limit: LIST_PAGE_SIZE, ...(after ? { after } : {}) }));
        return { items: parsed(duffelStaysBookingListSchema, answer.data), after: answer.meta?.after };
      },
      clientReference,
      "bookings",
    );
    return found && this.#booking(found);
  }

  async confirmHold(bookingId: string): Promise<HotelBooking> {
    throw new SupplierError("NOT_PERMITTED", `${PROVIDER} booking ${bookingId} was paid when it was made; there is no hold to confirm.`);
  }

  async cancelQuote(bookingId: string, options: SupplierCallOptions): Promise<HotelCancelQuote> {
    const booking = await this.#retrieve(bookingId, options.signal);
    if (booking.status !== "confirmed") throw new SupplierError("NOT_PERMITTED", `${PROVIDER} booking ${bookingId} is ${booking.status}; it cannot be cancelled.`);
    return staysCancelQuoteOf(booking, this.clock().getTime());
  }

  /** Duffel cancels at once and refunds per the timeline: the quote is taken just before. */
  async cancel(bookingId: string, options: SupplierCallOptions): Promise<{ booking: HotelBooking; quote: HotelCancelQuote }> {
    const quote = await this.cancelQuote(bookingId, options);
    const answer = await this.#call(options.signal, (client) => client.stays.bookings.cancel(bookingId));
    return { booking: await this.#booking(parsed(duffelStaysBookingSchema, answer.data)), quote };
  }
}
