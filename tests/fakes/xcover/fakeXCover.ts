import { createHmac } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";

/**
 * A local stand-in for Cover Genius XCover's partner API (https://api.xcover.com/x), written from
 * its public reference (https://docs.covergenius.com/xcover/): the signed headers (X-Api-Key, Date,
 * Authorization: Signature … hmac-sha512 over "date: …"), offers for a trip with quotes, their
 * product disclosure statements and benefits, confirmation into a booking with the partner's
 * transaction id and an idempotency key, booking detail and search, and cancellation previewed
 * then made, refunding in full within a 14-day cooling-off period before the trip, and a booking's
 * dates and insured changed before the trip: priced by `quote_for_update`, made by
 * `confirm_update` (https://docs.covergenius.com/xcover/modification). Its knobs fail a path,
 * rate-limit, and lose a confirmation's or an update's answer.
 */

export interface FakeXCoverOptions {
  apiKey: string;
  secret: string;
  partnerCode: string;
  currency?: string;
  now?: () => Date;
}

interface Product {
  code: string;
  name: string;
  /** Premium per traveller per day, in cents. */
  dailyCents: number;
  medicalLimit: number;
  /** Only these destinations (null: anywhere). */
  destinations: readonly string[] | null;
  /** How its prices are written. */
  amountsAs: "string" | "number";
}

const PRODUCTS: readonly Product[] = [
  { code: "TRAVEL_INTERNATIONAL", name: "International Travel Cover", dailyCents: 450, medicalLimit: 500_000, destinations: null, amountsAs: "string" },
  { code: "TRAVEL_REST_OF_WORLD", name: "Worldwide excluding the Americas", dailyCents: 300, medicalLimit: 250_000, destinations: null, amountsAs: "number" },
  { code: "TRAVEL_SCHENGEN_VISA", name: "Schengen Visa Travel Cover", dailyCents: 210, medicalLimit: 50_000, destinations: ["FR", "DE", "IT", "ES", "NL", "AT", "CH", "BE", "PT", "GR"], amountsAs: "string" },
  // A product the platform has no plan for: XCover offers it, the platform does not show it.
  { code: "TRAVEL_CANCEL_ANY_REASON", name: "Cancel For Any Reason", dailyCents: 150, medicalLimit: 0, destinations: null, amountsAs: "string" },
];

const COOLING_OFF_DAYS = 14;
const SIGNATURE_SKEW_MS = 5 * 60_000;
const DAY_MS = 86_400_000;

interface Quote {
  id: string;
  product: Product;
  startDate: string;
  endDate: string;
  destination: string;
  birthDates: string[];
  priceCents: number;
}

interface Offer {
  id: string;
  quotes: Quote[];
}

interface Booking {
  id: string;
  status: "CONFIRMED" | "CANCELLED";
  createdAt: Date;
  partnerTransactionId: string;
  idempotencyKey: string | null;
  quote: Quote;
  insured: { first_name: string; last_name: string; birth_date: string }[];
  policyholder: Record<string, unknown>;
}

/** A change priced by quote_for_update, waiting for confirm_update. */
interface PendingUpdate {
  id: string;
  bookingId: string;
  quote: Quote;
  insured: Booking["insured"];
}

type Answer = { status: number; body: unknown };
type Insured = { first_name?: string; last_name?: string; birth_date?: string };

const cents = (amount: number) => `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, "0")}`;

export class FakeXCover {
  readonly currency: string;
  readonly requests: { method: string; path: string }[] = [];
  /** The host answering, for the disclosure statements' addresses. */
  baseUrl = "";
  readonly #offers = new Map<string, Offer>();
  readonly #bookings = new Map<string, Booking>();
  #sequence = 41_000;
  #failures: { path: string; status: number; body: unknown }[] = [];
  #rateLimits: number[] = [];
  #lostConfirm = false;
  #lostUpdate = false;
  readonly #updates = new Map<string, PendingUpdate>();
  readonly #now: () => Date;

  constructor(private readonly options: FakeXCoverOptions) {
    this.currency = options.currency ?? "USD";
    this.#now = options.now ?? (() => new Date());
  }

  /** The next request to a path containing `path` is answered with this status and XCover's error body. */
  failNext(path: string, status: number, error: string, message: string): void {
    this.#failures.push({ path, status, body: { error, message, details: [] } });
  }

  rateLimitNext(retryAfterSeconds: number): void {
    this.#rateLimits.push(retryAfterSeconds);
  }

  /** The next confirmation books, but its answer is an error. */
  loseNextConfirmAnswer(): void {
    this.#lostConfirm = true;
  }

  /** The next confirmed update is made, but its answer is an error. */
  loseNextUpdateAnswer(): void {
    this.#lostUpdate = true;
  }

  #amount(product: Product, amountCents: number): string | number {
    return product.amountsAs === "number" ? amountCents / 100 : cents(amountCents);
  }

  #quoteBody(quote: Quote) {
    const { product } = quote;
    const money = (units: number) => this.#amount(product, units * 100);
    return {
      id: quote.id,
      status: "QUOTED",
      price: this.#amount(product, quote.priceCents),
      price_formatted: `${this.currency} ${cents(quote.priceCents)}`,
      currency: this.currency,
      policy_start_date: `${quote.startDate}T00:00:00Z`,
      policy_end_date: `${quote.endDate}T23:59:59Z`,
      destinations: [{ country: quote.destination }],
      policy: {
        policy_type: "travel_insurance",
        policy_name: product.name,
        policy_code: product.code,
        policy_version: "2.1",
        category: "travel",
        content: {
          title: product.name,
          description: `${product.name}, underwritten for Cover Genius.`,
          inclusions: [{ title: "Emergency medical", description: "Hospital and doctors abroad" }],
          exclusions: [{ title: "Pre-existing medical conditions", description: "" }, { title: "Travel against government advice", description: "" }],
        },
        pds_url: `${this.baseUrl}/pds/${product.code}.pdf`,
        underwriter: { name: "Fake Underwriting Ltd", disclaimer: "" },
      },
      benefits: product.medicalLimit === 0
        ? [{ benefit_content_id: "trip_cancellation", description: "Cancellation for any reason", limit: money(2_000), excess: null, currency: this.currency }]
        : [
            { benefit_content_id: "medical_expenses", description: "Overseas medical expenses", limit: money(product.medicalLimit), excess: money(100), currency: this.currency },
            { benefit_content_id: "trip_cancellation", description: "Cancellation", limit: money(5_000), excess: null, currency: this.currency },
            { benefit_content_id: "baggage_loss", description: "Luggage", limit: money(1_500), excess: null, currency: this.currency },
            { benefit_content_id: "rental_vehicle_excess", description: "Rental car excess", limit: money(3_000), excess: null, currency: this.currency },
          ],
    };
  }

  #bookingBody(booking: Booking) {
    return {
      id: booking.id,
      status: booking.status,
      currency: this.currency,
      total_price: this.#amount(booking.quote.product, booking.quote.priceCents),
      partner_transaction_id: booking.partnerTransactionId,
      created_at: booking.createdAt.toISOString(),
      updated_at: this.#now().toISOString(),
      policyholder: booking.policyholder,
      quotes: [{ ...this.#quoteBody(booking.quote), status: booking.status, insured: booking.insured }],
    };
  }

  #error(status: number, error: string, message: string): Answer {
    return { status, body: { error, message, details: [] } };
  }

  #createOffer(body: Record<string, unknown>): Answer {
    const [request] = (body.request as Record<string, unknown>[] | undefined) ?? [];
    const travellers = (request?.travellers as { birth_date?: string }[] | undefined) ?? [];
    const destination = ((request?.destinations as { country?: string }[] | undefined) ?? [])[0]?.country;
    const start = typeof request?.policy_start_date === "string" ? request.policy_start_date.slice(0, 10) : "";
    const end = typeof request?.policy_end_date === "string" ? request.policy_end_date.slice(0, 10) : "";
    if (!request || request.policy_type !== "travel_insurance") return this.#error(400, "VALIDATION_ERROR", "request[0].policy_type: unknown policy type");
    if (!destination || !start || !end || travellers.length === 0 || travellers.some((traveller) => !traveller.birth_date)) {
      return this.#error(400, "VALIDATION_ERROR", "policy_start_date, policy_end_date, destinations and travellers' birth_date are required");
    }
    const days = Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS) + 1;
    const offerId = `OFR${(this.#sequence += 1)}`;
    const quotes = PRODUCTS.filter((product) => product.destinations === null || product.destinations.includes(destination)).map((product, index) => ({
      id: `${offerId}-Q${index + 1}`,
      product,
      startDate: start,
      endDate: end,
      destination,
      birthDates: travellers.map((traveller) => traveller.birth_date!),
      priceCents: product.dailyCents * days * travellers.length,
    }));
    this.#offers.set(offerId, { id: offerId, quotes });
    const total = quotes.reduce((sum, quote) => sum + quote.priceCents, 0);
    return { status: 200, body: { id: offerId, currency: this.currency, total_price: cents(total), pds_url: `${this.baseUrl}/pds/${offerId}.pdf`, quotes: quotes.map((quote) => this.#quoteBody(quote)) } };
  }

  #confirm(offerId: string, body: Record<string, unknown>, idempotencyKey: string | null): Answer {
    const offer = this.#offers.get(offerId);
    if (!offer) return this.#error(404, "NOT_FOUND", `Offer ${offerId} not found`);
    if (idempotencyKey && [...this.#bookings.values()].some((booking) => booking.idempotencyKey === idempotencyKey)) return this.#error(409, "CONFLICT", "A request with this idempotency key was already processed");
    const [chosen] = (body.quotes as { id?: string; insured?: Insured[] }[] | undefined) ?? [];
    const quote = offer.quotes.find((candidate) => candidate.id === chosen?.id);
    const holder = body.policyholder as { first_name?: string; last_name?: string; email?: string } | undefined;
    if (!quote) return this.#error(400, "VALIDATION_ERROR", "quotes: choose a quote of this offer");
    if (!holder?.first_name || !holder.last_name || !holder.email) return this.#error(400, "VALIDATION_ERROR", "policyholder: first_name, last_name and email are required");
    const insured = chosen?.insured ?? [];
    if (insured.length !== quote.birthDates.length || insured.some((person, index) => !person.first_name || !person.last_name || person.birth_date !== quote.birthDates[index])) {
      return this.#error(400, "VALIDATION_ERROR", "insured: name each traveller quoted, with the birth date quoted");
    }
    const booking: Booking = {
      id: `${offerId.slice(3)}-XCV-INS`,
      status: "CONFIRMED",
      createdAt: this.#now(),
      partnerTransactionId: typeof body.partner_transaction_id === "string" ? body.partner_transaction_id : "",
      idempotencyKey,
      quote,
      insured: insured.map((person) => ({ first_name: person.first_name!, last_name: person.last_name!, birth_date: person.birth_date! })),
      policyholder: holder,
    };
    this.#bookings.set(booking.id, booking);
    if (this.#lostConfirm) {
      this.#lostConfirm = false;
      return this.#error(502, "BAD_GATEWAY", "Upstream connection reset");
    }
    return { status: 200, body: this.#bookingBody(booking) };
  }

  #quoteForUpdate(bookingId: string, body: Record<string, unknown>): Answer {
    const booking = this.#bookings.get(bookingId);
    if (!booking) return this.#error(404, "NOT_FOUND", `Booking ${bookingId} not found`);
    if (booking.status !== "CONFIRMED") return this.#error(400, "VALIDATION_ERROR", `Booking ${bookingId} is ${booking.status.toLowerCase()}`);
    if (this.#now().getTime() >= Date.parse(`${booking.quote.startDate}T00:00:00Z`)) return this.#error(400, "VALIDATION_ERROR", "The policy has started and can no longer be modified");
    const [change] = (body.quotes as { id?: string; policy_start_date?: string; policy_end_date?: string; insured?: Insured[] }[] | undefined) ?? [];
    if (!change || change.id !== booking.quote.id) return this.#error(400, "VALIDATION_ERROR", "quotes: name the booking's quote");
    const start = change.policy_start_date?.slice(0, 10) ?? booking.quote.startDate;
    const end = change.policy_end_date?.slice(0, 10) ?? booking.quote.endDate;
    if (end < start) return this.#error(400, "VALIDATION_ERROR", "policy_end_date is before policy_start_date");
    const insured = change.insured ?? booking.insured;
    if (insured.length === 0 || insured.some((person) => !person.first_name || !person.last_name || !person.birth_date)) {
      return this.#error(400, "VALIDATION_ERROR", "insured: first_name, last_name and birth_date are required");
    }
    const days = Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS) + 1;
    const quote: Quote = { ...booking.quote, startDate: start, endDate: end, birthDates: insured.map((person) => person.birth_date!), priceCents: booking.quote.product.dailyCents * days * insured.length };
    const update: PendingUpdate = { id: `UPD${(this.#sequence += 1)}`, bookingId, quote, insured: insured.map((person) => ({ first_name: person.first_name!, last_name: person.last_name!, birth_date: person.birth_date! })) };
    this.#updates.set(update.id, update);
    const difference = quote.priceCents - booking.quote.priceCents;
    return {
      status: 200,
      body: {
        update_id: update.id,
        currency: this.currency,
        total_price: this.#amount(quote.product, quote.priceCents),
        price_difference: `${difference < 0 ? "-" : ""}${cents(Math.abs(difference))}`,
        quotes: [{ ...this.#quoteBody(quote), status: booking.status, insured: update.insured }],
      },
    };
  }

  #confirmUpdate(bookingId: string, updateId: string): Answer {
    const update = this.#updates.get(updateId);
    const booking = this.#bookings.get(bookingId);
    if (!update || update.bookingId !== bookingId || !booking) return this.#error(404, "NOT_FOUND", `Update ${updateId} not found`);
    this.#updates.delete(updateId);
    booking.quote = update.quote;
    booking.insured = update.insured;
    if (this.#lostUpdate) {
      this.#lostUpdate = false;
      return this.#error(502, "BAD_GATEWAY", "Upstream connection reset");
    }
    return { status: 200, body: this.#bookingBody(booking) };
  }

  /** The refund XCover gives now: everything within the cooling-off period and before the trip, nothing after. */
  #refundCents(booking: Booking): number {
    const now = this.#now().getTime();
    const inCoolingOff = now < booking.createdAt.getTime() + COOLING_OFF_DAYS * DAY_MS && now < Date.parse(`${booking.quote.startDate}T00:00:00Z`);
    return inCoolingOff ? booking.quote.priceCents : 0;
  }

  #cancel(bookingId: string, body: Record<string, unknown>): Answer {
    const booking = this.#bookings.get(bookingId);
    if (!booking) return this.#error(404, "NOT_FOUND", `Booking ${bookingId} not found`);
    if (booking.status === "CANCELLED") return this.#error(400, "VALIDATION_ERROR", `Booking ${bookingId} is already cancelled`);
    const refund = this.#refundCents(booking);
    if (body.preview !== true) booking.status = "CANCELLED";
    return { status: 200, body: { cancellation_id: `CXL-${bookingId}`, refund_amount: cents(refund), refund_amount_formatted: `${this.currency} ${cents(refund)}`, status: body.preview === true ? "PREVIEW" : "CANCELLED" } };
  }

  /** The signature XCover expects over the Date header. */
  #signed(request: FastifyRequest): boolean {
    const date = request.headers.date;
    const authorization = request.headers.authorization;
    if (request.headers["x-api-key"] !== this.options.apiKey || typeof date !== "string" || typeof authorization !== "string") return false;
    if (Math.abs(Date.parse(date) - Date.now()) > SIGNATURE_SKEW_MS) return false;
    const expected = encodeURIComponent(createHmac("sha512", this.options.secret).update(`date: ${date}`).digest("base64"));
    return authorization === `Signature keyId="${this.options.apiKey}",algorithm="hmac-sha512",signature="${expected}"`;
  }

  async #handle(request: FastifyRequest<{ Params: { partner: string } }>, reply: FastifyReply, answer: () => Answer) {
    this.requests.push({ method: request.method, path: request.url });
    if (!this.#signed(request)) return reply.code(401).send({ detail: "Invalid signature or API key" });
    if (request.params.partner !== this.options.partnerCode) return reply.code(403).send({ detail: `Partner ${request.params.partner} is not this key's` });
    const limited = this.#rateLimits.shift();
    if (limited !== undefined) return reply.code(429).header("retry-after", String(limited)).send({ detail: "Request was throttled." });
    const failure = this.#failures.findIndex((entry) => request.url.includes(entry.path));
    if (failure >= 0) {
      const [entry] = this.#failures.splice(failure, 1);
      return reply.code(entry!.status).send(entry!.body);
    }
    const { status, body } = answer();
    return reply.code(status).send(body);
  }

  app(): FastifyInstance {
    const app = Fastify();
    const base = "/x/partners/:partner";
    type Body = Record<string, unknown>;
    type Params = { partner: string };
    // As https://docs.covergenius.com/xcover/ (create offer) shows it.
    app.post<{ Params: Params }>(`${base}/offers/`, (request, reply) => this.#handle(request, reply, () => this.#createOffer((request.body ?? {}) as Body)));
    // As https://docs.covergenius.com/xcover/ (confirm offer) shows it.
    app.post<{ Params: Params & { offer: string } }>(`${base}/offers/:offer/confirm/`, (request, reply) =>
      this.#handle(request, reply, () => {
        const key = request.headers["x-idempotency-key"];
        return this.#confirm(request.params.offer, (request.body ?? {}) as Body, typeof key === "string" ? key : null);
      }),
    );
    // As https://docs.covergenius.com/xcover/ (list bookings) shows it.
    app.get<{ Params: Params; Querystring: { partner_transaction_id?: string } }>(`${base}/bookings/`, (request, reply) =>
      this.#handle(request, reply, () => {
        const found = [...this.#bookings.values()].filter((booking) => !request.query.partner_transaction_id || booking.partnerTransactionId === request.query.partner_transaction_id);
        return { status: 200, body: { count: found.length, next: null, previous: null, results: found.map((booking) => this.#bookingBody(booking)) } };
      }),
    );
    // As https://docs.covergenius.com/xcover/modification (retrieve a booking) shows it.
    app.get<{ Params: Params & { booking: string } }>(`${base}/bookings/:booking/`, (request, reply) =>
      this.#handle(request, reply, () => {
        const booking = this.#bookings.get(request.params.booking);
        return booking ? { status: 200, body: this.#bookingBody(booking) } : this.#error(404, "NOT_FOUND", `Booking ${request.params.booking} not found`);
      }),
    );
    // As https://docs.covergenius.com/xcover/modification (quote for update) shows it.
    app.patch<{ Params: Params & { booking: string } }>(`${base}/bookings/:booking/quote_for_update`, (request, reply) => this.#handle(request, reply, () => this.#quoteForUpdate(request.params.booking, (request.body ?? {}) as Body)));
    // As https://docs.covergenius.com/xcover/modification (confirm update) shows it.
    app.post<{ Params: Params & { booking: string; update: string } }>(`${base}/bookings/:booking/confirm_update/:update/`, (request, reply) => this.#handle(request, reply, () => this.#confirmUpdate(request.params.booking, request.params.update)));
    // As https://docs.covergenius.com/xcover/ (cancel booking, preview then confirm) shows it.
    app.post<{ Params: Params & { booking: string } }>(`${base}/bookings/:booking/cancel`, (request, reply) => this.#handle(request, reply, () => this.#cancel(request.params.booking, (request.body ?? {}) as Body)));
    // The product disclosure statements the quotes link to: public, as XCover's are.
    app.get<{ Params: { document: string } }>("/pds/:document", (_request, reply) =>
      reply.type("application/pdf").send(Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n")),
    );
    return app;
  }
}

/** A fake started on a free port of 127.0.0.1; `url` is what the supplier's endpoint is set to (…/x). */
export async function startFakeXCover(options: FakeXCoverOptions & { port?: number }): Promise<{ fake: FakeXCover; url: string; close: () => Promise<void> }> {
  const fake = new FakeXCover(options);
  const app = fake.app();
  const address = await app.listen({ host: "127.0.0.1", port: options.port ?? 0 });
  fake.baseUrl = address;
  return { fake, url: `${address}/x`, close: () => app.close() };
}
