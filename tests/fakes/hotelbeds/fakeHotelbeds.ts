import { createHash } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { greatCircleKm } from "../../../server/reference/cities";
import { FAKE_HOTELS, type FakeHotel } from "./catalogue";
import { FakeHotelbedsActivities } from "./fakeActivities";

/**
 * A local stand-in for Hotelbeds' APItude Booking API (hotel-api 1.0), written from its public
 * documentation: the signed headers (Api-key, X-Signature = SHA-256 of key, secret and Unix
 * seconds), availability by geolocation or hotel codes, CheckRate, bookings (confirm, detail,
 * list, cancellation simulated then confirmed) and its error envelope. Its knobs make it answer
 * slowly, refuse, rate-limit and move a price, as the real one sometimes does. The Activities API
 * answers on the same host and signature (fakeActivities.ts).
 */

const BOARDS = [
  { code: "RO", name: "ROOM ONLY", factor: 1, rateType: "BOOKABLE" },
  { code: "BB", name: "BED AND BREAKFAST", factor: 1.12, rateType: "RECHECK" },
] as const;
const CLASSES = [
  { code: "NOR", factor: 1 },
  { code: "NRF", factor: 0.9 },
] as const;
/** A signature is good for five minutes either side, as the real API allows. */
const SIGNATURE_SKEW_SECONDS = 300;

export interface FakeHotelbedsOptions {
  apiKey: string;
  secret: string;
  currency?: string;
  now?: () => Date;
}

interface Occupancy {
  rooms: number;
  adults: number;
  children: number;
  paxes?: { type: string; age?: number }[];
}

interface StoredBooking {
  reference: string;
  clientReference: string;
  creationDate: string;
  status: "CONFIRMED" | "CANCELLED";
  holder: { name: string; surname: string };
  remark: string;
  hotel: ReturnType<FakeHotelbeds["hotelHead"]> & { checkIn: string; checkOut: string; rooms: unknown[] };
  totalNetCents: number;
  penaltyCents: number;
  cancellationAmountCents: number | null;
}

interface RateKey {
  checkIn: string;
  checkOut: string;
  hotel: FakeHotel;
  room: FakeHotel["rooms"][number];
  board: (typeof BOARDS)[number];
  rateClass: (typeof CLASSES)[number];
  rooms: number;
  adults: number;
  childAges: number[];
  netCents: number;
}

/** Cents as Hotelbeds writes amounts: a decimal string with two places. */
const cents = (amount: number) => `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, "0")}`;

function nightsBetween(checkIn: string, checkOut: string): number {
  return Math.round((Date.parse(checkOut) - Date.parse(checkIn)) / 86_400_000);
}

/** An instant written in the hotel's offset, as Hotelbeds writes deadlines ("2027-02-06T23:59:00+04:00"). */
function inOffset(instant: Date, offset: string): string {
  const sign = offset.startsWith("-") ? -1 : 1;
  const [hours, minutes] = offset.slice(1).split(":").map(Number) as [number, number];
  const local = new Date(instant.getTime() + sign * (hours * 60 + minutes) * 60_000);
  return `${local.toISOString().slice(0, 19)}${offset}`;
}

export class FakeHotelbeds {
  readonly currency: string;
  /** Every request as it came: method, path and whether its signature was right. */
  readonly requests: { method: string; path: string }[] = [];
  latencyMs = 0;
  #failures: { path: string; status: number; body: unknown }[] = [];
  #rateLimits: number[] = [];
  #priceRisePercent = 0;
  #lostBookingAnswer: { status: number; code: string; message: string } | null = null;
  readonly #bookings = new Map<string, StoredBooking>();
  #sequence = 3_418_700;
  readonly #now: () => Date;
  readonly activities: FakeHotelbedsActivities;

  constructor(private readonly options: FakeHotelbedsOptions) {
    this.currency = options.currency ?? "EUR";
    this.#now = options.now ?? (() => new Date());
    this.activities = new FakeHotelbedsActivities(this.currency, this.#now, () => this.#audit());
  }

  /** The next request to a path containing `path` is answered with this status and Hotelbeds' error body. */
  failNext(path: string, status: number, code: string, message: string): void {
    this.#failures.push({ path, status, body: { auditData: this.#audit(), error: { code, message } } });
  }

  /** The next request is refused with 429 and Retry-After. */
  rateLimitNext(retryAfterSeconds: number): void {
    this.#rateLimits.push(retryAfterSeconds);
  }

  /** The next booking is made, but its answer is an error: the caller cannot know it booked (a partial failure). */
  loseNextBookingAnswer(status: number, code: string, message: string): void {
    this.#lostBookingAnswer = { status, code, message };
  }

  /** The next CheckRate finds the price risen by this many percent. */
  risePriceAtNextCheck(percent: number): void {
    this.#priceRisePercent = percent;
  }

  hotelHead(hotel: FakeHotel) {
    return {
      code: hotel.code,
      name: hotel.name,
      categoryCode: hotel.categoryCode,
      categoryName: `${hotel.categoryCode[0]} STARS`,
      destinationCode: hotel.destinationCode,
      destinationName: hotel.destinationName,
      zoneName: hotel.zoneName,
      latitude: String(hotel.latitude),
      longitude: String(hotel.longitude),
    };
  }

  #audit() {
    return { processTime: "12", timestamp: this.#now().toISOString().replace("T", " ").slice(0, 23), requestHost: "127.0.0.1", serverId: "fake", environment: "[fake]", release: "1.0" };
  }

  #encodeKey(key: RateKey): string {
    return [key.checkIn, key.checkOut, "W", key.hotel.code, key.room.code, key.board.code, key.rateClass.code, `${key.rooms}~${key.adults}~${key.childAges.length}`, key.childAges.join(";"), key.netCents].join("|");
  }

  #decodeKey(text: string): RateKey | undefined {
    const parts = text.split("|");
    if (parts.length !== 10) return undefined;
    const [checkIn, checkOut, , hotelCode, roomCode, boardCode, classCode, counts, ages, net] = parts as [string, string, string, string, string, string, string, string, string, string];
    const hotel = FAKE_HOTELS.find((candidate) => String(candidate.code) === hotelCode);
    const room = hotel?.rooms.find((candidate) => candidate.code === roomCode);
    const board = BOARDS.find((candidate) => candidate.code === boardCode);
    const rateClass = CLASSES.find((candidate) => candidate.code === classCode);
    const [rooms, adults] = counts.split("~").map(Number) as [number, number];
    if (!hotel || !room || !board || !rateClass) return undefined;
    return { checkIn, checkOut, hotel, room, board, rateClass, rooms, adults, childAges: ages === "" ? [] : ages.split(";").map(Number), netCents: Number(net) };
  }

  #priceCents(hotel: FakeHotel, room: FakeHotel["rooms"][number], board: (typeof BOARDS)[number], rateClass: (typeof CLASSES)[number], occupancy: { rooms: number; adults: number; childAges: number[] }, nights: number): number {
    const perRoomNight = hotel.nightlyCentsPerAdult * (occupancy.adults + occupancy.childAges.length * 0.5);
    return Math.round(perRoomNight * room.factor * board.factor * rateClass.factor) * nights * occupancy.rooms;
  }

  #policies(key: RateKey): { amount: string; from: string }[] {
    if (key.rateClass.code === "NRF") return [{ amount: cents(key.netCents), from: inOffset(this.#now(), key.hotel.utcOffset) }];
    const firstNight = Math.round(key.netCents / nightsBetween(key.checkIn, key.checkOut));
    const deadline = new Date(Date.parse(`${key.checkIn}T23:59:00${key.hotel.utcOffset}`) - 3 * 86_400_000);
    return [{ amount: cents(firstNight), from: inOffset(deadline, key.hotel.utcOffset) }];
  }

  #rate(key: RateKey, rateType: string) {
    const taxCents = Math.round(key.netCents * 0.1);
    return {
      rateKey: this.#encodeKey(key),
      rateClass: key.rateClass.code,
      rateType,
      net: cents(key.netCents),
      allotment: 5,
      paymentType: "AT_WEB",
      packaging: false,
      boardCode: key.board.code,
      boardName: key.board.name,
      cancellationPolicies: this.#policies(key),
      taxes: {
        allIncluded: false,
        taxes: [
          { included: true, amount: cents(taxCents), currency: this.currency, type: "TAXESANDFEES" },
          { included: false, amount: `${7 * key.rooms * nightsBetween(key.checkIn, key.checkOut)}.00`, currency: key.hotel.utcOffset === "+04:00" ? "AED" : "SAR", clientAmount: "0.00", clientCurrency: this.currency, type: "TAX" },
        ],
      },
      rooms: key.rooms,
      adults: key.adults,
      children: key.childAges.length,
      ...(key.childAges.length > 0 ? { childrenAges: key.childAges.join(",") } : {}),
    };
  }

  #availability(body: Record<string, unknown>) {
    const stay = body.stay as { checkIn?: string; checkOut?: string } | undefined;
    const occupancies = body.occupancies as Occupancy[] | undefined;
    if (!stay?.checkIn || !stay.checkOut || !Array.isArray(occupancies) || occupancies.length === 0) return { status: 400, body: { auditData: this.#audit(), error: { code: "INVALID_REQUEST", message: "stay and occupancies are mandatory" } } };
    const nights = nightsBetween(stay.checkIn, stay.checkOut);
    if (!(nights >= 1 && nights <= 30)) return { status: 400, body: { auditData: this.#audit(), error: { code: "INVALID_DATA", message: "The stay must be 1 to 30 nights" } } };
    const geolocation = body.geolocation as { latitude: number; longitude: number; radius: number } | undefined;
    const codes = (body.hotels as { hotel?: number[] } | undefined)?.hotel;
    const hotels = FAKE_HOTELS.filter((hotel) =>
      codes ? codes.includes(hotel.code) : geolocation ? greatCircleKm(geolocation.latitude, geolocation.longitude, hotel.latitude, hotel.longitude) <= geolocation.radius : false,
    );
    const answered = hotels.map((hotel) => {
      const rooms = hotel.rooms.map((room) => ({
        code: room.code,
        name: room.name,
        rates: occupancies.flatMap((occupancy) => {
          const childAges = (occupancy.paxes ?? []).filter((pax) => pax.type === "CH").map((pax) => pax.age ?? 0);
          return BOARDS.flatMap((board) =>
            CLASSES.map((rateClass) => {
              const netCents = this.#priceCents(hotel, room, board, rateClass, { rooms: occupancy.rooms, adults: occupancy.adults, childAges }, nights);
              const key: RateKey = { checkIn: stay.checkIn!, checkOut: stay.checkOut!, hotel, room, board, rateClass, rooms: occupancy.rooms, adults: occupancy.adults, childAges, netCents };
              return this.#rate(key, board.rateType);
            }),
          );
        }),
      }));
      const nets = rooms.flatMap((room) => room.rates.map((rate) => Math.round(Number(rate.net) * 100)));
      return { ...this.hotelHead(hotel), rooms, minRate: cents(Math.min(...nets)), maxRate: cents(Math.max(...nets)), currency: this.currency };
    });
    return { status: 200, body: { auditData: this.#audit(), hotels: { hotels: answered, checkIn: stay.checkIn, checkOut: stay.checkOut, total: answered.length } } };
  }

  #checkRates(body: Record<string, unknown>) {
    const requested = (body.rooms as { rateKey?: string }[] | undefined) ?? [];
    const keys = requested.map((room) => (room.rateKey ? this.#decodeKey(room.rateKey) : undefined));
    if (keys.length === 0 || keys.some((key) => key === undefined)) return { status: 400, body: { auditData: this.#audit(), error: { code: "INVALID_REQUEST", message: "Rate key not valid or expired" } } };
    const rise = this.#priceRisePercent;
    this.#priceRisePercent = 0;
    const checked = (keys as RateKey[]).map((key) => ({ ...key, netCents: Math.round((key.netCents * (100 + rise)) / 100) }));
    const first = checked[0]!;
    const rooms = checked.map((key) => ({ code: key.room.code, name: key.room.name, rates: [this.#rate(key, "BOOKABLE")] }));
    const totalNet = checked.reduce((sum, key) => sum + key.netCents, 0);
    return { status: 200, body: { auditData: this.#audit(), hotel: { ...this.hotelHead(first.hotel), checkIn: first.checkIn, checkOut: first.checkOut, rooms, totalNet: cents(totalNet), currency: this.currency } } };
  }

  #book(body: Record<string, unknown>) {
    const holder = body.holder as { name?: string; surname?: string } | undefined;
    const clientReference = typeof body.clientReference === "string" ? body.clientReference : "";
    const requested = (body.rooms as { rateKey?: string; paxes?: { roomId: number; type: string; age?: number; name: string; surname: string }[] }[] | undefined) ?? [];
    const invalid = (message: string) => ({ status: 400, body: { auditData: this.#audit(), error: { code: "INVALID_REQUEST", message } } });
    if (!holder?.name || !holder.surname) return invalid("holder name and surname are mandatory");
    if (clientReference === "" || clientReference.length > 20) return invalid("clientReference is mandatory, at most 20 characters");
    const rooms: unknown[] = [];
    let total = 0;
    let hotel: FakeHotel | undefined;
    let stay: { checkIn: string; checkOut: string } | undefined;
    for (const room of requested) {
      const key = room.rateKey ? this.#decodeKey(room.rateKey) : undefined;
      if (!key) return invalid("Rate key not valid or expired");
      if (hotel && hotel.code !== key.hotel.code) return invalid("All the rooms of a booking must be of one hotel");
      hotel = key.hotel;
      stay = { checkIn: key.checkIn, checkOut: key.checkOut };
      const paxes = room.paxes ?? [];
      for (let roomId = 1; roomId <= key.rooms; roomId += 1) {
        const inRoom = paxes.filter((pax) => pax.roomId === roomId);
        if (inRoom.filter((pax) => pax.type === "AD").length !== key.adults || inRoom.filter((pax) => pax.type === "CH").length !== key.childAges.length) {
          return invalid(`Room ${roomId} of ${key.room.code} needs ${key.adults} adults and ${key.childAges.length} children`);
        }
      }
      total += key.netCents;
      const { rateKey: _key, rateType: _type, allotment: _allotment, ...rate } = this.#rate(key, "BOOKABLE");
      rooms.push({ status: "CONFIRMED", id: rooms.length + 1, code: key.room.code, name: key.room.name, paxes, rates: [rate] });
    }
    if (!hotel || !stay) return invalid("rooms are mandatory");
    this.#sequence += 1;
    const reference = `102-${this.#sequence}`;
    const booking: StoredBooking = {
      reference,
      clientReference,
      creationDate: this.#now().toISOString().slice(0, 10),
      status: "CONFIRMED",
      holder: { name: holder.name, surname: holder.surname },
      remark: typeof body.remark === "string" ? body.remark : "",
      hotel: { ...this.hotelHead(hotel), ...stay, rooms },
      totalNetCents: total,
      penaltyCents: 0,
      cancellationAmountCents: null,
    };
    this.#bookings.set(reference, booking);
    const lost = this.#lostBookingAnswer;
    this.#lostBookingAnswer = null;
    if (lost) return { status: lost.status, body: { auditData: this.#audit(), error: { code: lost.code, message: lost.message } } };
    return { status: 200, body: { auditData: this.#audit(), booking: this.#bookingBody(booking) } };
  }

  /** What cancelling now costs: the penalties whose time has come, room by room. */
  #penaltyNow(booking: StoredBooking): number {
    const now = this.#now().getTime();
    let penalty = 0;
    for (const room of booking.hotel.rooms as { rates: { cancellationPolicies: { amount: string; from: string }[] }[] }[]) {
      for (const rate of room.rates) {
        const due = rate.cancellationPolicies.filter((policy) => Date.parse(policy.from) <= now).map((policy) => Math.round(Number(policy.amount) * 100));
        penalty += due.length > 0 ? Math.max(...due) : 0;
      }
    }
    return penalty;
  }

  /**
   * A booking as Hotelbeds' Booking API answers it (https://developer.hotelbeds.com/documentation/hotels/booking-api/api-reference/,
   * BookingConfirm and BookingDetail examples): the booking's and the hotel's `totalNet`, `pendingAmount` and
   * `cancellationAmount` are JSON numbers, while each rate's `net` and policy `amount` stay decimal strings.
   */
  #bookingBody(booking: StoredBooking, cancellationAmountCents: number | null = booking.cancellationAmountCents) {
    return {
      reference: booking.reference,
      clientReference: booking.clientReference,
      creationDate: booking.creationDate,
      status: booking.status,
      holder: booking.holder,
      remark: booking.remark,
      hotel: { ...booking.hotel, totalNet: booking.totalNetCents / 100, currency: this.currency, ...(cancellationAmountCents === null ? {} : { cancellationAmount: cancellationAmountCents / 100 }) },
      totalNet: booking.totalNetCents / 100,
      pendingAmount: 0,
      currency: this.currency,
    };
  }

  #notFound(reference: string) {
    return { status: 404, body: { auditData: this.#audit(), error: { code: "INVALID_DATA", message: `Booking ${reference} not found` } } };
  }

  async #handle(request: FastifyRequest, reply: FastifyReply, answer: () => { status: number; body: unknown }) {
    this.requests.push({ method: request.method, path: request.url });
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    const apiKey = request.headers["api-key"];
    const signature = request.headers["x-signature"];
    const seconds = Math.floor(Date.now() / 1000);
    const signedNow = (offset: number) => createHash("sha256").update(`${this.options.apiKey}${this.options.secret}${seconds + offset}`).digest("hex");
    const signed = typeof signature === "string" && Array.from({ length: SIGNATURE_SKEW_SECONDS * 2 + 1 }, (_, index) => index - SIGNATURE_SKEW_SECONDS).some((offset) => signedNow(offset) === signature);
    if (apiKey !== this.options.apiKey || !signed) {
      return reply.code(401).send({ auditData: this.#audit(), error: { code: "AUTHENTICATION_FAILED", message: "Invalid API key or signature" } });
    }
    const limited = this.#rateLimits.shift();
    if (limited !== undefined) {
      return reply.code(429).header("retry-after", String(limited)).send({ auditData: this.#audit(), error: { code: "QUOTA_EXCEEDED", message: "Too many requests" } });
    }
    const failure = this.#failures.findIndex((entry) => request.url.includes(entry.path));
    if (failure >= 0) {
      const [entry] = this.#failures.splice(failure, 1);
      return reply.code(entry!.status).send(entry!.body);
    }
    const { status, body } = answer();
    return reply.code(status).send(body);
  }

  /** The Fastify app answering as the Booking API; `listen` on any port. */
  app(): FastifyInstance {
    const app = Fastify();
    const base = "/hotel-api/1.0";
    type Body = Record<string, unknown>;
    app.get(`${base}/status`, (request, reply) => this.#handle(request, reply, () => ({ status: 200, body: { auditData: this.#audit(), status: "OK" } })));
    // As https://developer.hotelbeds.com/documentation/hotels/booking-api/api-reference/ (Availability) shows it.
    app.post(`${base}/hotels`, (request, reply) => this.#handle(request, reply, () => this.#availability((request.body ?? {}) as Body)));
    // As https://developer.hotelbeds.com/documentation/hotels/booking-api/api-reference/ (CheckRate) shows it.
    app.post(`${base}/checkrates`, (request, reply) => this.#handle(request, reply, () => this.#checkRates((request.body ?? {}) as Body)));
    // As https://developer.hotelbeds.com/documentation/hotels/booking-api/api-reference/ (BookingConfirm) shows it.
    app.post(`${base}/bookings`, (request, reply) => this.#handle(request, reply, () => this.#book((request.body ?? {}) as Body)));
    // As https://developer.hotelbeds.com/documentation/hotels/booking-api/api-reference/ (BookingList) shows it.
    app.get(`${base}/bookings`, (request, reply) =>
      this.#handle(request, reply, () => {
        const query = request.query as { start?: string; end?: string; from?: string; to?: string };
        const found = [...this.#bookings.values()].filter((booking) => (!query.start || booking.creationDate >= query.start) && (!query.end || booking.creationDate <= query.end));
        const from = Number(query.from ?? 1);
        const to = Number(query.to ?? 25);
        return { status: 200, body: { auditData: this.#audit(), bookings: { bookings: found.slice(from - 1, to).map((booking) => this.#bookingBody(booking)), from, to, total: found.length } } };
      }),
    );
    // As https://developer.hotelbeds.com/documentation/hotels/booking-api/api-reference/ (BookingDetail) shows it.
    app.get<{ Params: { reference: string } }>(`${base}/bookings/:reference`, (request, reply) =>
      this.#handle(request, reply, () => {
        const booking = this.#bookings.get(request.params.reference);
        return booking ? { status: 200, body: { auditData: this.#audit(), booking: this.#bookingBody(booking) } } : this.#notFound(request.params.reference);
      }),
    );
    // As https://developer.hotelbeds.com/documentation/hotels/booking-api/api-reference/ (BookingCancellation, SIMULATION or CANCELLATION) shows it.
    app.delete<{ Params: { reference: string }; Querystring: { cancellationFlag?: string } }>(`${base}/bookings/:reference`, (request, reply) =>
      this.#handle(request, reply, () => {
        const booking = this.#bookings.get(request.params.reference);
        if (!booking) return this.#notFound(request.params.reference);
        if (booking.status === "CANCELLED") return { status: 400, body: { auditData: this.#audit(), error: { code: "INVALID_DATA", message: `Booking ${booking.reference} is already cancelled` } } };
        const penalty = this.#penaltyNow(booking);
        if (request.query.cancellationFlag === "SIMULATION") return { status: 200, body: { auditData: this.#audit(), booking: { ...this.#bookingBody(booking, penalty), status: "CANCELLED" } } };
        booking.status = "CANCELLED";
        booking.cancellationAmountCents = penalty;
        return { status: 200, body: { auditData: this.#audit(), booking: { ...this.#bookingBody(booking), cancellationReference: `C${booking.reference}` } } };
      }),
    );
    this.#activityRoutes(app);
    return app;
  }

  #activityRoutes(app: FastifyInstance): void {
    const base = "/activity-api/3.0";
    type Body = Record<string, unknown>;
    type Reference = { Params: { language: string; reference: string } };
    app.get(`${base}/status`, (request, reply) => this.#handle(request, reply, () => ({ status: 200, body: { auditData: this.#audit(), status: "OK" } })));
    // As https://developer.hotelbeds.com/documentation/activities/booking-api/api-reference/ (Availability) shows it.
    app.post(`${base}/activities/availability`, (request, reply) => this.#handle(request, reply, () => this.activities.availability((request.body ?? {}) as Body)));
    // As https://developer.hotelbeds.com/documentation/activities/booking-api/api-reference/ (Detail) shows it.
    app.post(`${base}/activities/details/full`, (request, reply) => this.#handle(request, reply, () => this.activities.details((request.body ?? {}) as Body)));
    // As https://developer.hotelbeds.com/documentation/activities/booking-api/api-reference/ (Booking confirm) shows it.
    app.put(`${base}/bookings`, (request, reply) => this.#handle(request, reply, () => this.activities.confirm((request.body ?? {}) as Body)));
    // As https://developer.hotelbeds.com/documentation/activities/booking-api/api-reference/ (Booking list) shows it.
    app.get<{ Params: { language: string }; Querystring: Record<string, string | undefined> }>(`${base}/bookings/:language`, (request, reply) => this.#handle(request, reply, () => this.activities.list(request.query)));
    // As https://developer.hotelbeds.com/documentation/activities/booking-api/api-reference/ (Booking detail) shows it.
    app.get<Reference>(`${base}/bookings/:language/:reference`, (request, reply) => this.#handle(request, reply, () => this.activities.booking(request.params.reference)));
    // As https://developer.hotelbeds.com/documentation/activities/booking-api/api-reference/ (Booking cancel, SIMULATION or CANCELLATION) shows it.
    app.delete<Reference & { Querystring: { cancellationFlag?: string } }>(`${base}/bookings/:language/:reference`, (request, reply) =>
      this.#handle(request, reply, () => this.activities.cancel(request.params.reference, request.query.cancellationFlag)),
    );
    // As https://developer.hotelbeds.com/documentation/activities/content-api/ shows it.
    app.get<{ Params: { language: string; code: string } }>("/activity-content-api/3.0/activities/:language/:code", (request, reply) => this.#handle(request, reply, () => this.activities.content(request.params.code)));
  }
}

/** A fake started on a free port of 127.0.0.1; `url` is what the supplier's endpoint is set to. */
export async function startFakeHotelbeds(options: FakeHotelbedsOptions & { port?: number }): Promise<{ fake: FakeHotelbeds; url: string; close: () => Promise<void> }> {
  const fake = new FakeHotelbeds(options);
  const app = fake.app();
  const address = await app.listen({ host: "127.0.0.1", port: options.port ?? 0 });
  return { fake, url: address, close: () => app.close() };
}
