import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import { greatCircleKm } from "../../../server/reference/cities";
import { cursorPage } from "./cursorPage";

/**
 * The fake Duffel's Stays API (v2), written from its public documentation: search by
 * coordinates or by properties (the cheapest rate each, or every rate with fetch_rates), name
 * suggestions and a property's details, quotes,
 * bookings paid from the balance with metadata, listing with cursors, and cancellation refunded
 * per the rate's cancellation timeline. Its properties are our own fixtures. Its knobs raise a
 * price at the next quote and lose a booking's answer.
 */

interface FakeProperty {
  readonly id: string;
  readonly name: string;
  readonly rating: number;
  readonly lineOne: string;
  readonly cityName: string;
  readonly countryCode: string;
  readonly latitude: number;
  readonly longitude: number;
  /** Per adult and night, in cents of the balance's currency; a child pays half. */
  readonly nightlyCentsPerAdult: number;
  /** A city fee due at the property per room and night, in its own currency (none when absent). */
  readonly cityFee?: { readonly cents: number; readonly currency: string };
  readonly amenities: readonly string[];
  readonly rooms: readonly { readonly name: string; readonly factor: number }[];
}

export const FAKE_STAYS_PROPERTIES: readonly FakeProperty[] = [
  {
    id: "acc_0000AaCreekHarbourSuites",
    name: "Creek Harbour Suites",
    rating: 4,
    lineOne: "12 Dubai Creek Harbour",
    cityName: "Dubai",
    countryCode: "AE",
    latitude: 25.2011,
    longitude: 55.3452,
    nightlyCentsPerAdult: 7400,
    cityFee: { cents: 1500, currency: "AED" },
    amenities: ["wifi", "pool", "gym", "parking"],
    rooms: [
      { name: "Deluxe King Room", factor: 1 },
      { name: "Creek View Suite", factor: 1.6 },
    ],
  },
  {
    id: "acc_0000AaPalmGardenHotel",
    name: "Palm Garden Hotel",
    rating: 3.5,
    lineOne: "4 Al Sufouh Road",
    cityName: "Dubai",
    countryCode: "AE",
    latitude: 25.1124,
    longitude: 55.1390,
    nightlyCentsPerAdult: 5150,
    cityFee: { cents: 1000, currency: "AED" },
    amenities: ["wifi", "restaurant", "spa"],
    rooms: [{ name: "Double Room", factor: 1 }],
  },
  {
    id: "acc_0000AaHaramGateTowers",
    name: "Haram Gate Towers",
    rating: 5,
    lineOne: "Ibrahim Al Khalil Street",
    cityName: "Makkah",
    countryCode: "SA",
    latitude: 21.4196,
    longitude: 39.8253,
    nightlyCentsPerAdult: 9800,
    amenities: ["wifi", "restaurant"],
    rooms: [
      { name: "Twin Room", factor: 1 },
      { name: "Kaaba View Room", factor: 1.8 },
    ],
  },
];

const BOARDS = [
  { type: "room_only", factor: 1, refundable: true },
  { type: "breakfast", factor: 1.15, refundable: false },
] as const;

const RATE_LIFETIME_MS = 30 * 60_000;
const DAY_MS = 86_400_000;

interface Guest {
  type: "adult" | "child";
  age?: number;
}

interface Stay {
  checkIn: string;
  checkOut: string;
  rooms: number;
  guests: Guest[];
}

interface StoredRate {
  id: string;
  property: FakeProperty;
  roomName: string;
  board: (typeof BOARDS)[number];
  stay: Stay;
  cents: number;
  expiresAt: Date;
}

interface StoredQuote {
  id: string;
  rate: StoredRate;
  cents: number;
  usedBy: string | null;
}

interface StoredBooking {
  id: string;
  reference: string;
  quote: StoredQuote;
  guests: { given_name: string; family_name: string }[];
  email: string;
  phoneNumber: string;
  metadata: Record<string, string>;
  confirmedAt: Date;
  cancelledAt: Date | null;
}

type ErrorWriter = (reply: FastifyReply, status: number, type: string, code: string, message: string) => FastifyReply;

const cents = (amount: number) => `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, "0")}`;
const identifier = (prefix: string) => `${prefix}_0000${randomBytes(9).toString("base64url")}`;

export class FakeDuffelStays {
  #priceRisePercent = 0;
  #loseNextBookingAnswer = false;
  readonly #rates = new Map<string, StoredRate>();
  readonly #quotes = new Map<string, StoredQuote>();
  readonly #bookings = new Map<string, StoredBooking>();

  constructor(
    private readonly currency: string,
    private readonly now: () => Date,
  ) {}

  /** The next quote finds the rate's price risen by this many percent. */
  risePriceAtNextQuote(percent: number): void {
    this.#priceRisePercent = percent;
  }

  /** The next booking is made, but its answer is a 502: the caller cannot know it booked. */
  loseNextBookingAnswer(): void {
    this.#loseNextBookingAnswer = true;
  }

  get bookingCount(): number {
    return this.#bookings.size;
  }

  #nights(stay: Stay): number {
    return Math.round((Date.parse(stay.checkOut) - Date.parse(stay.checkIn)) / DAY_MS);
  }

  /** Every rate of a property for a stay, priced and kept under a new id. */
  #ratesOf(property: FakeProperty, stay: Stay): StoredRate[] {
    const guests = stay.guests.reduce((sum, guest) => sum + (guest.type === "adult" ? 1 : 0.5), 0);
    return property.rooms.flatMap((room) =>
      BOARDS.map((board) => {
        const rate: StoredRate = {
          id: identifier("rat"),
          property,
          roomName: room.name,
          board,
          stay,
          cents: Math.round(property.nightlyCentsPerAdult * guests * this.#nights(stay) * room.factor * board.factor),
          expiresAt: new Date(this.now().getTime() + RATE_LIFETIME_MS),
        };
        this.#rates.set(rate.id, rate);
        return rate;
      }),
    );
  }

  /** Refundable rates give everything back until two days before arrival, half until the day before, nothing after. */
  #refundSteps(rate: StoredRate, total: number): { cents: number; before: Date }[] {
    if (!rate.board.refundable) return [];
    const arrival = Date.parse(`${rate.stay.checkIn}T12:00:00Z`);
    return [
      { cents: total, before: new Date(arrival - 2 * DAY_MS) },
      { cents: Math.floor(total / 2), before: new Date(arrival - DAY_MS) },
    ];
  }

  #timeline(rate: StoredRate, total: number) {
    return this.#refundSteps(rate, total).map((step) => ({ refund_amount: cents(step.cents), currency: this.currency, before: step.before.toISOString().replace(".000Z", "Z") }));
  }

  #rateBody(rate: StoredRate, total = rate.cents) {
    const tax = Math.round(total / 11);
    const fee = rate.property.cityFee;
    return {
      id: rate.id,
      code: null,
      name: null,
      description: null,
      board_type: rate.board.type,
      total_amount: cents(total),
      total_currency: this.currency,
      base_amount: cents(total - tax),
      base_currency: this.currency,
      tax_amount: cents(tax),
      tax_currency: this.currency,
      fee_amount: null,
      fee_currency: this.currency,
      due_at_accommodation_amount: fee ? cents(fee.cents * rate.stay.rooms * this.#nights(rate.stay)) : null,
      due_at_accommodation_currency: fee?.currency ?? this.currency,
      cancellation_timeline: this.#timeline(rate, total),
      conditions: [],
      payment_type: "pay_now",
      available_payment_methods: ["balance"],
      supported_loyalty_programme: null,
      loyalty_programme_required: false,
      source: "duffel",
      expires_at: rate.expiresAt.toISOString(),
      quantity_available: 5,
    };
  }

  #accommodation(property: FakeProperty, rooms: { name: string; rates: unknown[] }[]) {
    return {
      id: property.id,
      name: property.name,
      rating: property.rating,
      ratings: [{ source: "aaa", value: Math.floor(property.rating) }],
      review_score: 8.4,
      review_count: 120,
      amenities: property.amenities.map((type) => ({ type, description: type })),
      chain: null,
      brand: null,
      check_in_information: { check_in_after_time: "15:00", check_out_before_time: "12:00" },
      key_collection: null,
      email: null,
      phone_number: null,
      photos: [],
      location: {
        address: { line_one: property.lineOne, city_name: property.cityName, country_code: property.countryCode, postal_code: "00000" },
        geographic_coordinates: { latitude: property.latitude, longitude: property.longitude },
      },
      supported_loyalty_programme: null,
      rooms,
    };
  }

  /** A search result: the cheapest rate only, or every room's rates when asked. */
  #result(property: FakeProperty, stay: Stay, allRates: boolean) {
    const rates = this.#ratesOf(property, stay);
    const cheapest = rates.reduce((best, rate) => (rate.cents < best.cents ? rate : best));
    const shown = allRates ? rates : [cheapest];
    const rooms = property.rooms.flatMap((room) => {
      const ofRoom = shown.filter((rate) => rate.roomName === room.name);
      return ofRoom.length === 0 ? [] : [{ name: room.name, beds: [{ type: "king", count: 1 }], photos: [], rates: ofRoom.map((rate) => this.#rateBody(rate)) }];
    });
    return {
      id: identifier("ssr"),
      check_in_date: stay.checkIn,
      check_out_date: stay.checkOut,
      rooms: stay.rooms,
      guests: stay.guests,
      accommodation: this.#accommodation(property, rooms),
      cheapest_rate_total_amount: cents(cheapest.cents),
      cheapest_rate_currency: this.currency,
      expires_at: cheapest.expiresAt.toISOString(),
    };
  }

  #quoteBody(quote: StoredQuote) {
    const { rate } = quote;
    return {
      id: quote.id,
      check_in_date: rate.stay.checkIn,
      check_out_date: rate.stay.checkOut,
      rooms: rate.stay.rooms,
      guests: rate.stay.guests,
      total_amount: cents(quote.cents),
      total_currency: this.currency,
      accommodation: this.#accommodation(rate.property, [{ name: rate.roomName, rates: [this.#rateBody(rate, quote.cents)] }]),
    };
  }

  #bookingBody(booking: StoredBooking) {
    const { rate } = booking.quote;
    return {
      id: booking.id,
      reference: booking.reference,
      status: booking.cancelledAt ? "cancelled" : "confirmed",
      check_in_date: rate.stay.checkIn,
      check_out_date: rate.stay.checkOut,
      rooms: rate.stay.rooms,
      guests: booking.guests,
      email: booking.email,
      phone_number: booking.phoneNumber,
      confirmed_at: booking.confirmedAt.toISOString(),
      cancelled_at: booking.cancelledAt?.toISOString() ?? null,
      metadata: booking.metadata,
      key_collection: null,
      accommodation: this.#accommodation(rate.property, [{ name: rate.roomName, rates: [this.#rateBody(rate, booking.quote.cents)] }]),
    };
  }

  /** What cancelling now gives back: the timeline's first refund still ahead, else nothing. */
  #refundNow(booking: StoredBooking): number {
    return this.#refundSteps(booking.quote.rate, booking.quote.cents).find((step) => step.before.getTime() > this.now().getTime())?.cents ?? 0;
  }

  register(app: FastifyInstance, error: ErrorWriter): void {
    // As https://duffel.com/docs/api/v2/search shows it.
    app.post("/stays/search", async (request, reply) => {
      const body = ((request.body as { data?: Record<string, unknown> } | undefined)?.data ?? {}) as {
        check_in_date?: string;
        check_out_date?: string;
        rooms?: number;
        guests?: Guest[];
        location?: { radius: number; geographic_coordinates: { latitude: number; longitude: number } };
        accommodation?: { ids: string[]; fetch_rates?: boolean };
      };
      const guests = body.guests ?? [];
      if (!body.check_in_date || !body.check_out_date || !body.rooms || guests.filter((guest) => guest.type === "adult").length < body.rooms) {
        return error(reply, 422, "validation_error", "validation_required", "Give the dates, the rooms and at least one adult guest per room");
      }
      const stay: Stay = { checkIn: body.check_in_date, checkOut: body.check_out_date, rooms: body.rooms, guests };
      const location = body.location;
      const properties = location
        ? FAKE_STAYS_PROPERTIES.filter((property) => greatCircleKm(location.geographic_coordinates.latitude, location.geographic_coordinates.longitude, property.latitude, property.longitude) <= location.radius)
        : FAKE_STAYS_PROPERTIES.filter((property) => body.accommodation?.ids.includes(property.id));
      const allRates = body.accommodation?.fetch_rates === true;
      return reply.code(201).send({ data: { results: properties.map((property) => this.#result(property, stay, allRates)), created_at: this.now().toISOString() } });
    });

    // As https://duffel.com/docs/api/v2/accommodation shows it.
    app.post("/stays/accommodation/suggestions", async (request) => {
      const query = String(((request.body as { data?: { query?: string } } | undefined)?.data?.query) ?? "").trim().toLowerCase();
      const matching = query.length < 3 ? [] : FAKE_STAYS_PROPERTIES.filter((property) => property.name.toLowerCase().includes(query));
      return {
        data: matching.map((property) => ({
          accommodation_id: property.id,
          accommodation_name: property.name,
          accommodation_location: this.#accommodation(property, []).location,
        })),
      };
    });

    // As https://duffel.com/docs/api/v2/accommodation shows it.
    app.get("/stays/accommodation/:id", async (request, reply) => {
      const property = FAKE_STAYS_PROPERTIES.find((candidate) => candidate.id === (request.params as { id: string }).id);
      if (!property) return error(reply, 404, "invalid_request_error", "not_found", "The accommodation was not found");
      return { data: this.#accommodation(property, []) };
    });

    // As https://duffel.com/docs/api/v2/quotes shows it.
    app.post("/stays/quotes", async (request, reply) => {
      const rate = this.#rates.get(((request.body as { data?: { rate_id?: string } } | undefined)?.data?.rate_id) ?? "");
      if (!rate) return error(reply, 404, "invalid_request_error", "not_found", "The rate was not found");
      if (rate.expiresAt.getTime() < this.now().getTime()) return error(reply, 422, "invalid_request_error", "rate_expired", "The rate has expired; search again");
      if (this.#priceRisePercent > 0) {
        rate.cents = Math.round((rate.cents * (100 + this.#priceRisePercent)) / 100);
        this.#priceRisePercent = 0;
      }
      const quote: StoredQuote = { id: identifier("quo"), rate, cents: rate.cents, usedBy: null };
      this.#quotes.set(quote.id, quote);
      return reply.code(201).send({ data: this.#quoteBody(quote) });
    });

    // As https://duffel.com/docs/api/v2/bookings shows it.
    app.post("/stays/bookings", async (request, reply) => {
      const body = ((request.body as { data?: Record<string, unknown> } | undefined)?.data ?? {}) as { quote_id?: string; guests?: { given_name?: string; family_name?: string }[]; email?: string; phone_number?: string; metadata?: Record<string, string> };
      const quote = this.#quotes.get(body.quote_id ?? "");
      if (!quote) return error(reply, 404, "invalid_request_error", "not_found", "The quote was not found");
      if (quote.usedBy) return error(reply, 422, "invalid_request_error", "quote_already_booked", "The quote has already been booked");
      const guests = body.guests ?? [];
      if (guests.length === 0 || guests.some((guest) => !guest.given_name || !guest.family_name) || !body.email || !body.phone_number) {
        return error(reply, 422, "validation_error", "validation_required", "Name the guests and give an email and phone number");
      }
      const booking: StoredBooking = {
        id: identifier("bok"),
        reference: randomBytes(4).toString("hex").toUpperCase(),
        quote,
        guests: guests.map((guest) => ({ given_name: guest.given_name!, family_name: guest.family_name! })),
        email: body.email,
        phoneNumber: body.phone_number,
        metadata: body.metadata ?? {},
        confirmedAt: this.now(),
        cancelledAt: null,
      };
      quote.usedBy = booking.id;
      this.#bookings.set(booking.id, booking);
      if (this.#loseNextBookingAnswer) {
        this.#loseNextBookingAnswer = false;
        return error(reply, 502, "api_error", "supplier_error", "The property did not answer in time");
      }
      return reply.code(201).send({ data: this.#bookingBody(booking) });
    });

    // As https://duffel.com/docs/api/v2/bookings shows it.
    app.get("/stays/bookings/:id", async (request, reply) => {
      const booking = this.#bookings.get((request.params as { id: string }).id);
      if (!booking) return error(reply, 404, "invalid_request_error", "not_found", "The booking was not found");
      return { data: this.#bookingBody(booking) };
    });

    // As https://duffel.com/docs/api/v2/bookings shows it.
    app.get("/stays/bookings", async (request) => {
      const newestFirst = [...this.#bookings.values()].sort((left, right) => right.confirmedAt.getTime() - left.confirmedAt.getTime());
      return cursorPage(newestFirst, request.query as { limit?: string; after?: string }, (booking) => this.#bookingBody(booking));
    });

    // As https://duffel.com/docs/api/v2/bookings shows it.
    app.post("/stays/bookings/:id/actions/cancel", async (request, reply) => {
      const booking = this.#bookings.get((request.params as { id: string }).id);
      if (!booking) return error(reply, 404, "invalid_request_error", "not_found", "The booking was not found");
      if (booking.cancelledAt) return error(reply, 422, "invalid_request_error", "booking_already_cancelled", "The booking is already cancelled");
      booking.cancelledAt = this.now();
      return { data: { ...this.#bookingBody(booking), refund_amount: cents(this.#refundNow(booking)) } };
    });
  }
}
