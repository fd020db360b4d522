import type { Hotel, HotelBooking, HotelRate, HotelSearchRequest, SupplierHotelResult } from "../../../../src/contract/hotels";
import type { KeySeal } from "../../../auth/keySeal";
import { totalPenaltyAt } from "../../../../src/contract/hotelCancellation";
import { systemClock, type Clock } from "../../../clock";
import { cityDirectory, type CityDirectory } from "../../../reference/cities";
import { applyFaults, NO_FAULTS, validateSwitches, type SandboxSwitches } from "../../../suppliers/sandbox/faults";
import { hashHex, seededRandom } from "../../../suppliers/sandbox/prng";
import { SupplierError } from "../../../suppliers/supplierError";
import type { SupplierCallOptions, SupplierPayment } from "../../../suppliers/types";
import type { HotelAdapter, HotelBookRequest, HotelCancelQuote, HotelRecheckAnswer, HotelSearchAnswer } from "../types";
import { memoryBookingStore, type SandboxBookingStore } from "../../sandboxBookingStore";
import { cityHotels, parseHotelCode, type CatalogueHotel } from "./catalogue";
import { buildRate, coversHotel, decodeRateKey, nightsBetween, RATE_KEY_LIFETIME_MS, roomRates, type HotelSupplierProfile } from "./rates";

/** Two wholesalers of the kind Gulf agencies book through: a bedbank in dollars that holds rooms, and a dirham wholesaler strong at home. */
export const SANDBOX_HOTEL_PROFILES: readonly HotelSupplierProfile[] = [
  {
    supplierId: "gulf-bedbank",
    supplierName: "Gulf Bedbank (sandbox)",
    currency: "USD",
    coverage: { gulf: 0.85, elsewhere: 0.85 },
    priceLevel: [0.95, 1.08],
    holds: true,
    boards: (stars) => (stars >= 4 ? ["RO", "BB", "HB", "FB", "AI"] : ["RO", "BB", "HB"]),
  },
  {
    supplierId: "arabian-wholesale-hotels",
    supplierName: "Arabian Wholesale Hotels (sandbox)",
    currency: "AED",
    coverage: { gulf: 0.95, elsewhere: 0.6 },
    priceLevel: [0.93, 1.1],
    holds: false,
    boards: (stars) => (stars >= 3 ? ["RO", "BB", "HB", "FB"] : ["RO", "BB"]),
  },
];

/** How a hotel booking is found in the sandbox booking store. */
export const hotelBookingId = (booking: HotelBooking) => booking.bookingId;

/** Hotel names are found in this many of the most populous cities. */
const NAME_INDEX_CITIES = 120;
const GULF_COUNTRIES = new Set(["AE", "SA", "KW", "QA", "BH", "OM"]);
/** Catalogues of the cities searched lately, so a busy city is built once. */
const CATALOGUE_CACHE_SIZE = 64;

/**
 * A sandbox hotel wholesaler over the world cities dataset: a city's hotels, rooms and seasonal
 * prices are generated the same every time, its bookings kept in the database; switches for
 * latency, failures and time-outs as the flight sandboxes have.
 */
export class SandboxHotelSupplier implements HotelAdapter {
  readonly isSandbox = true;
  readonly supplierId: string;
  readonly supplierName: string;
  readonly currency: string;
  #switches: SandboxSwitches = NO_FAULTS;
  readonly #catalogues = new Map<string, CatalogueHotel[]>();

  constructor(
    private readonly profile: HotelSupplierProfile,
    /** Its rate keys are sealed: one changed in the console (other dates, a later issue time) is not one of ours. */
    private readonly keys: KeySeal,
    private readonly clock: Clock = systemClock,
    private readonly store: SandboxBookingStore<HotelBooking> = memoryBookingStore(hotelBookingId),
    private readonly random: () => number = Math.random,
    /** Read on first use, so a server that never sells hotels never loads the cities. */
    private readonly directory: () => CityDirectory = cityDirectory,
  ) {
    this.supplierId = profile.supplierId;
    this.supplierName = profile.supplierName;
    this.currency = profile.currency;
  }

  get switches(): SandboxSwitches {
    return this.#switches;
  }

  setSwitches(changes: Partial<SandboxSwitches>): SandboxSwitches {
    this.#switches = validateSwitches({ ...this.#switches, ...changes });
    return this.#switches;
  }

  #catalogue(cityIndex: number): CatalogueHotel[] {
    const city = this.directory().cities[cityIndex];
    if (!city) return [];
    let hotels = this.#catalogues.get(city.id);
    if (!hotels) {
      hotels = cityHotels(city, cityIndex).filter((hotel) => coversHotel(this.profile, hotel));
      if (this.#catalogues.size >= CATALOGUE_CACHE_SIZE) this.#catalogues.delete(this.#catalogues.keys().next().value!);
      this.#catalogues.set(city.id, hotels);
    }
    return hotels;
  }

  #hotel(hotelCode: string): CatalogueHotel | undefined {
    const code = parseHotelCode(hotelCode);
    return code && this.#catalogue(code.cityIndex).find((hotel) => hotel.hotel.hotelCode === hotelCode);
  }

  async search(request: HotelSearchRequest, options: SupplierCallOptions): Promise<HotelSearchAnswer> {
    await applyFaults(this.#switches, options.signal, this.random);
    const now = this.clock().getTime();
    const hotels = request.cityId
      ? this.#catalogue(this.directory().indexOf(request.cityId))
      : (request.hotelCodes ?? []).flatMap((code) => this.#hotel(code) ?? []);
    const results: SupplierHotelResult[] = [];
    for (const hotel of hotels) {
      const rates = request.rooms.flatMap((occupancy, roomIndex) =>
        roomRates(this.profile, hotel, { roomIndex, checkIn: request.checkIn, checkOut: request.checkOut, occupancy, nationality: request.nationality, issuedAt: now }, now),
      );
      // A hotel is offered only when every room can be sold.
      if (request.rooms.every((_, roomIndex) => rates.some((rate) => rate.roomIndex === roomIndex))) results.push({ hotel: hotel.hotel, rates: rates.map((rate) => this.#sealed(rate)) });
    }
    return { hotels: results };
  }

  /** Static content by name, over the largest cities (a name index built on first use). */
  async findHotels(query: string, limit: number, options: SupplierCallOptions): Promise<Hotel[]> {
    await applyFaults(this.#switches, options.signal, this.random);
    const names = this.#nameIndex();
    const typed = query.trim().toLowerCase();
    // The name itself first, then names that start with the words typed, then names that contain them.
    const ranked: Hotel[][] = [[], [], []];
    for (const entry of names) {
      if (entry.name === typed) ranked[0]!.push(entry.hotel);
      else if (ranked[0]!.length + ranked[1]!.length < limit && entry.name.startsWith(typed)) ranked[1]!.push(entry.hotel);
      else if (ranked[0]!.length + ranked[1]!.length + ranked[2]!.length < limit && entry.name.includes(typed)) ranked[2]!.push(entry.hotel);
    }
    return ranked.flat().slice(0, limit);
  }

  #names: { name: string; hotel: Hotel }[] | undefined;

  prepareHotelNames(): void {
    this.#nameIndex();
  }

  #nameIndex(): { name: string; hotel: Hotel }[] {
    return (this.#names ??= this.#buildNameIndex());
  }

  #buildNameIndex(): { name: string; hotel: Hotel }[] {
    const byPopulation = this.directory().cities.map((city, index) => ({ city, index })).sort((left, right) => right.city.population - left.city.population);
    // The largest cities of the world, and every sizeable city of the Gulf, where most of our agencies sell.
    const largest = byPopulation.filter(({ city }, rank) => rank < NAME_INDEX_CITIES || (GULF_COUNTRIES.has(city.countryCode) && city.population >= 100_000));
    return largest.flatMap(({ city, index }) =>
      cityHotels(city, index)
        .filter((hotel) => coversHotel(this.profile, hotel))
        .sort((left, right) => right.hotel.stars - left.hotel.stars)
        .map((hotel) => ({ name: hotel.hotel.name.toLowerCase(), hotel: hotel.hotel })),
    );
  }

  #sealed(rate: HotelRate): HotelRate {
    return { ...rate, rateKey: this.keys.seal(rate.rateKey) };
  }

  async recheck(rateKeys: readonly string[], options: SupplierCallOptions): Promise<HotelRecheckAnswer> {
    await applyFaults(this.#switches, options.signal, this.random);
    const now = this.clock().getTime();
    const specs = rateKeys.map((rateKey) => decodeRateKey(this.keys.open(rateKey) ?? ""));
    const first = specs[0]!;
    if (specs.some((spec) => spec.hotelCode !== first.hotelCode || spec.checkIn !== first.checkIn || spec.checkOut !== first.checkOut)) {
      throw new SupplierError("INVALID_REQUEST", "All rooms of a booking must be in one hotel for the same dates.");
    }
    const hotel = this.#hotel(first.hotelCode);
    const rates = specs.map((spec) => {
      if (spec.supplierId !== this.supplierId) throw new SupplierError("OFFER_NOT_FOUND", "This rate key belongs to another supplier.");
      if (now >= spec.issuedAt + RATE_KEY_LIFETIME_MS) throw new SupplierError("OFFER_EXPIRED", "This rate has expired; search again.");
      const rate = hotel && buildRate(this.profile, hotel, { ...spec, issuedAt: now }, now);
      if (!rate) throw new SupplierError("OFFER_NOT_FOUND", "This room is no longer available at these terms.");
      return this.#sealed(rate);
    });
    return { hotel: hotel!.hotel, checkIn: first.checkIn, checkOut: first.checkOut, rates };
  }

  async book(request: HotelBookRequest, options: SupplierCallOptions): Promise<HotelBooking> {
    const { hotel, checkIn, checkOut, rates } = await this.recheck(request.rooms.map((room) => room.rateKey), options);
    rates.forEach((rate, index) => {
      const guests = request.rooms[index]!.guests.length;
      if (guests !== rate.occupancy.adults + rate.occupancy.childAges.length) throw new SupplierError("INVALID_REQUEST", `Room ${index + 1} is for ${rate.occupancy.adults + rate.occupancy.childAges.length} guests; ${guests} were named.`);
    });
    const total = { amount: rates.reduce((sum, rate) => sum + rate.net.amount, 0), currency: this.currency };
    const hold = request.payment === null;
    if (hold && !rates.every((rate) => rate.holdable)) throw new SupplierError("NOT_PERMITTED", "These rates cannot be held unpaid; pay to book them.");
    if (request.payment && (request.payment.amount.amount !== total.amount || request.payment.amount.currency !== total.currency)) {
      throw new SupplierError("PAYMENT_MISMATCH", `The payment (${request.payment.amount.amount} ${request.payment.amount.currency}) is not the booking's price (${total.amount} ${total.currency}).`);
    }
    const holdUntil = hold ? rates.map((rate) => rate.cancellationPolicy.penalties[0]!.fromUtc).sort()[0]! : null;
    for (let attempt = 0; ; attempt += 1) {
      const bookingId = `${this.supplierId === "gulf-bedbank" ? "GB" : "AW"}${hashHex(`${request.clientReference}|${attempt}`)}`;
      const booking: HotelBooking = {
        supplierId: this.supplierId,
        supplierName: this.supplierName,
        bookingId,
        confirmationNumber: hold ? "" : this.#confirmationNumber(bookingId),
        clientReference: request.clientReference,
        status: hold ? "hold" : "confirm",
        hotel,
        checkIn,
        checkOut,
        nights: nightsBetween(checkIn, checkOut),
        rooms: rates.map((rate, index) => ({ rate, guests: [...request.rooms[index]!.guests], specialRequests: request.rooms[index]!.specialRequests })),
        contact: request.contact,
        total,
        holdUntil,
        cancellation: null,
        createdAt: new Date(this.clock().getTime()).toISOString(),
      };
      if (await this.store.insert(this.supplierId, booking)) return booking;
      if (attempt > 5) throw new SupplierError("SUPPLIER_FAILURE", "No booking number was free; retry.");
    }
  }

  #confirmationNumber(bookingId: string): string {
    return `${seededRandom("confirmation", bookingId).integer(100_000, 999_999)}-${bookingId.slice(-4)}`;
  }

  async #load(bookingId: string) {
    const stored = await this.store.load(this.supplierId, bookingId);
    if (!stored) throw new SupplierError("ORDER_NOT_FOUND", `There is no booking ${bookingId}.`);
    return stored;
  }

  /** A hold past its time is released (as the supplier would have done on its own). */
  #current(booking: HotelBooking): HotelBooking {
    if (booking.status === "hold" && booking.holdUntil && Date.parse(booking.holdUntil) <= this.clock().getTime()) {
      return { ...booking, status: "cancel", cancellation: { penalty: { amount: 0, currency: this.currency }, cancelledAt: booking.holdUntil } };
    }
    return booking;
  }

  async retrieve(bookingId: string, options: SupplierCallOptions): Promise<HotelBooking> {
    await applyFaults(this.#switches, options.signal, this.random);
    return this.#current((await this.#load(bookingId)).booking);
  }

  async retrieveByClientReference(clientReference: string, options: SupplierCallOptions): Promise<HotelBooking | null> {
    await applyFaults(this.#switches, options.signal, this.random);
    const booking = await this.store.byClientReference(this.supplierId, clientReference);
    return booking ? this.#current(booking) : null;
  }

  async confirmHold(bookingId: string, payment: SupplierPayment, options: SupplierCallOptions): Promise<HotelBooking> {
    await applyFaults(this.#switches, options.signal, this.random);
    const stored = await this.#load(bookingId);
    const booking = this.#current(stored.booking);
    if (booking.status !== "hold") throw new SupplierError("NOT_PERMITTED", `Booking ${bookingId} is not held (it is ${booking.status}).`);
    if (payment.amount.amount !== booking.total.amount || payment.amount.currency !== booking.total.currency) {
      throw new SupplierError("PAYMENT_MISMATCH", "The payment is not the booking's price.");
    }
    const confirmed: HotelBooking = { ...booking, status: "confirm", confirmationNumber: this.#confirmationNumber(bookingId), holdUntil: null };
    await this.store.update(this.supplierId, confirmed, stored.version);
    return confirmed;
  }

  #quote(booking: HotelBooking): HotelCancelQuote {
    const zero = { amount: 0, currency: this.currency };
    if (booking.status === "hold") return { penalty: zero, refund: zero };
    const penalty = totalPenaltyAt(booking.rooms.map((room) => room.rate.cancellationPolicy), this.clock());
    return { penalty, refund: { amount: booking.total.amount - penalty.amount, currency: this.currency } };
  }

  async cancelQuote(bookingId: string, options: SupplierCallOptions): Promise<HotelCancelQuote> {
    await applyFaults(this.#switches, options.signal, this.random);
    const booking = this.#current((await this.#load(bookingId)).booking);
    if (booking.status === "cancel") throw new SupplierError("NOT_PERMITTED", `Booking ${bookingId} is already cancelled.`);
    return this.#quote(booking);
  }

  async cancel(bookingId: string, options: SupplierCallOptions): Promise<{ booking: HotelBooking; quote: HotelCancelQuote }> {
    await applyFaults(this.#switches, options.signal, this.random);
    const stored = await this.#load(bookingId);
    const booking = this.#current(stored.booking);
    if (booking.status === "cancel") throw new SupplierError("NOT_PERMITTED", `Booking ${bookingId} is already cancelled.`);
    const quote = this.#quote(booking);
    const cancelled: HotelBooking = { ...booking, status: "cancel", cancellation: { penalty: quote.penalty, cancelledAt: this.clock().toISOString() } };
    await this.store.update(this.supplierId, cancelled, stored.version);
    return { booking: cancelled, quote };
  }
}

export function createSandboxHotelSuppliers(keys: KeySeal, clock: Clock, store: SandboxBookingStore<HotelBooking>): SandboxHotelSupplier[] {
  return SANDBOX_HOTEL_PROFILES.map((profile) => new SandboxHotelSupplier(profile, keys, clock, store));
}
