import { randomBytes } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { findAirport } from "../../../server/suppliers/sandbox/airportDirectory";
import { blockMinutes, greatCircleKm } from "../../../server/suppliers/sandbox/flightTime";
import { instantOfLocalTime, localDateTime } from "../../../server/suppliers/sandbox/localTime";
import { cursorPage } from "./cursorPage";
import { FakeDuffelStays } from "./fakeDuffelStays";

/**
 * A local stand-in for Duffel's flights API (v2), and its Stays API (fakeDuffelStays.ts), written from its public documentation: the
 * bearer token, offer requests with offers, offers with their available bags, seat maps, orders
 * (instant from the balance, or pay later), payments, order listing with cursors, order
 * cancellations (created as a quote, then confirmed), the `{ data }` and `{ errors }` envelopes.
 * Its one airline is Duffel's test airline, Duffel Airways (ZZ). Its knobs make it answer slowly,
 * refuse, rate-limit, move a price, change a schedule and lose an order's answer.
 */

const AIRLINE = { id: "arl_00009VME7DAGiJjwomhv32", name: "Duffel Airways", iata_code: "ZZ", logo_symbol_url: null, conditions_of_carriage_url: null };
const AIRCRAFT = { id: "arc_00009UhD4ongolulWd91Ky", name: "Airbus A320", iata_code: "320" };
/** Letters and digits airlines use in booking references (no I, O, 0 or 1, which read alike). */
const PNR_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const OFFER_LIFETIME_MS = 30 * 60_000;
const HOLD_LIFETIME_MS = 24 * 3_600_000;
/** How Duffel is paid (https://duffel.com/docs/api/v2/payments): from the balance, or ARC/BSP cash for an IATA agent with its own airline agreements. */
const PAYMENT_TYPES: readonly string[] = ["balance", "arc_bsp_cash"];
/** Departure hours of the day's three flights, local time at the origin. */
const DEPARTURES = [7, 13, 21] as const;

interface Brand {
  name: string;
  checked: number;
  factor: number;
  change: { allowed: boolean; penalty: number | null };
  refund: { allowed: boolean; penalty: number | null };
  instantOnly: boolean;
}
const BRANDS: Brand[] = [
  { name: "Basic", checked: 0, factor: 1, change: { allowed: false, penalty: null }, refund: { allowed: false, penalty: null }, instantOnly: true },
  { name: "Standard", checked: 1, factor: 1.3, change: { allowed: true, penalty: 5000 }, refund: { allowed: true, penalty: 7500 }, instantOnly: false },
  { name: "Flex", checked: 2, factor: 1.8, change: { allowed: true, penalty: 0 }, refund: { allowed: true, penalty: 0 }, instantOnly: false },
];

export interface FakeDuffelOptions {
  accessToken: string;
  currency?: string;
  now?: () => Date;
}

interface RequestedPassenger {
  id: string;
  type: "adult" | null;
  age: number | null;
}

interface StoredOffer {
  id: string;
  offerRequestId: string;
  brand: Brand;
  passengers: RequestedPassenger[];
  slices: Slice[];
  baseCents: number;
  taxCents: number;
  expiresAt: Date;
  bagServices: { id: string; passengerId: string; segmentIds: string[]; cents: number }[];
}

interface Segment {
  id: string;
  origin: string;
  destination: string;
  departing: number;
  arriving: number;
  flightNumber: string;
}

interface Slice {
  id: string;
  segments: Segment[];
}

interface StoredOrder {
  id: string;
  offer: StoredOffer;
  bookingReference: string;
  createdAt: Date;
  passengers: Record<string, unknown>[];
  services: { id: string; type: "baggage" | "seat"; passengerId: string; segmentIds: string[]; quantity: number; cents: number; designator?: string }[];
  totalCents: number;
  paidAt: Date | null;
  paymentRequiredBy: Date | null;
  documents: { unique_identifier: string; passenger_ids: string[] }[];
  metadata: Record<string, string>;
  cancellation: StoredCancellation | null;
}

/** A seat map element as the fake writes it: seats carry the services that sell them. */
interface SeatBody {
  type: string;
  designator?: string;
  available_services?: { id: string; passenger_id: string; total_amount: string; total_currency: string }[];
}

interface StoredChangeOffer {
  id: string;
  orderId: string;
  removeIds: string[];
  add: Slice[];
  fareDifferenceCents: number;
  penaltyCents: number;
  expiresAt: Date;
  confirmedAt: Date | null;
}

interface StoredCancellation {
  id: string;
  orderId: string;
  refundCents: number | null;
  createdAt: Date;
  confirmedAt: Date | null;
}

/** Cents as Duffel writes amounts: a decimal string with two places. */
const cents = (amount: number) => `${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, "0")}`;
const readCents = (text: string) => {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  return match ? Number(match[1]) * 100 + Number((match[2] ?? "0").padEnd(2, "0")) : NaN;
};
const identifier = (prefix: string) => `${prefix}_0000${randomBytes(9).toString("base64url")}`;
/** Duffel's local times carry no offset: "2026-12-01T08:30:00". */
const localTime = (instant: number, timeZone: string) => localDateTime(instant, timeZone).slice(0, 19);
const isoDuration = (minutes: number) => `PT${Math.floor(minutes / 60)}H${minutes % 60}M`;

export class FakeDuffel {
  readonly currency: string;
  /** Every request as it came: method and path. */
  readonly requests: { method: string; path: string }[] = [];
  latencyMs = 0;
  #failures: { path: string; status: number; code: string; message: string }[] = [];
  #rateLimits: number[] = [];
  #window: { limit: number; remaining: number; resetsAt: number } | null = null;
  #priceRisePercent = 0;
  #loseNextOrderAnswer = false;
  readonly #offers = new Map<string, StoredOffer>();
  readonly #orders = new Map<string, StoredOrder>();
  readonly #cancellations = new Map<string, StoredCancellation>();
  readonly #changeOffers = new Map<string, StoredChangeOffer>();
  #ticketSequence = 1_000_000;
  readonly #now: () => Date;
  /** Duffel Stays, on the same account and address. */
  readonly stays: FakeDuffelStays;

  constructor(private readonly options: FakeDuffelOptions) {
    this.currency = options.currency ?? "USD";
    this.#now = options.now ?? (() => new Date());
    this.stays = new FakeDuffelStays(this.currency, this.#now);
  }

  /** The next request to a path containing `path` is refused with this status and Duffel's error body. */
  failNext(path: string, status: number, code: string, message: string): void {
    this.#failures.push({ path, status, code, message });
  }

  /**
   * The next request is refused with 429. As Duffel's rate limiting is documented
   * (https://duffel.com/docs/api/overview/rate-limits), the answer says when to come back only in
   * `ratelimit-reset`, not in Retry-After.
   */
  rateLimitNext(secondsToReset: number): void {
    this.#rateLimits.push(secondsToReset);
  }

  /** The rate-limit window every answer reports: this many requests left of the limit until the window resets in so many seconds. */
  setRateLimitWindow(window: { limit: number; remaining: number; resetInSeconds: number } | null): void {
    this.#window = window && { ...window, resetsAt: Date.now() + window.resetInSeconds * 1000 };
  }

  /** The next look at an offer finds its price risen by this many percent (the airline moved it). */
  risePriceAtNextLookup(percent: number): void {
    this.#priceRisePercent = percent;
  }

  /** The next order is made, but its answer is a 502: the caller cannot know it booked (a partial failure). */
  loseNextOrderAnswer(): void {
    this.#loseNextOrderAnswer = true;
  }

  /** The airline moves every flight of an order by this many minutes (a schedule change). */
  changeSchedule(bookingReference: string, minutes: number): void {
    const order = [...this.#orders.values()].find((candidate) => candidate.bookingReference === bookingReference);
    if (!order) throw new Error(`No order ${bookingReference}.`);
    for (const segment of order.offer.slices.flatMap((slice) => slice.segments)) {
      segment.departing += minutes * 60_000;
      segment.arriving += minutes * 60_000;
    }
  }

  get orderCount(): number {
    return this.#orders.size;
  }

  #error(reply: FastifyReply, status: number, type: string, code: string, message: string) {
    return reply.code(status).send({ errors: [{ type, code, title: code.replace(/_/g, " ").replace(/^./, (letter) => letter.toUpperCase()), message, documentation_url: "https://duffel.com/docs/api/overview/errors" }], meta: { status, request_id: randomBytes(8).toString("hex") } });
  }

  #airport(code: string) {
    const airport = findAirport(code);
    return { type: "airport", iata_code: airport.iata, name: airport.name, city_name: airport.city, iata_country_code: airport.country.slice(0, 2).toUpperCase(), time_zone: airport.tz, latitude: airport.latitude, longitude: airport.longitude };
  }

  #segment(segment: Segment, passengers: RequestedPassenger[], brand: Brand, extra: (passengerId: string) => Record<string, unknown> = () => ({})) {
    const origin = this.#airport(segment.origin);
    const destination = this.#airport(segment.destination);
    return {
      id: segment.id,
      origin,
      destination,
      origin_terminal: "1",
      destination_terminal: "3",
      departing_at: localTime(segment.departing, origin.time_zone),
      arriving_at: localTime(segment.arriving, destination.time_zone),
      duration: isoDuration(Math.round((segment.arriving - segment.departing) / 60_000)),
      distance: null,
      aircraft: AIRCRAFT,
      marketing_carrier: AIRLINE,
      marketing_carrier_flight_number: segment.flightNumber,
      operating_carrier: AIRLINE,
      operating_carrier_flight_number: segment.flightNumber,
      stops: [],
      passengers: passengers.map((passenger) => ({
        passenger_id: passenger.id,
        cabin_class: "economy",
        cabin_class_marketing_name: "Economy",
        fare_basis_code: `Y${brand.name.slice(0, 3).toUpperCase()}ZZ`,
        baggages: [
          { type: "carry_on", quantity: 1 },
          ...(brand.checked > 0 && passenger.age !== null && passenger.age < 2 ? [] : brand.checked > 0 ? [{ type: "checked", quantity: brand.checked }] : []),
        ],
        ...extra(passenger.id),
      })),
    };
  }

  #conditions(brand: Brand) {
    const condition = (rule: Brand["change"]) => ({ allowed: rule.allowed, penalty_amount: rule.penalty === null ? null : cents(rule.penalty), penalty_currency: rule.penalty === null ? null : this.currency });
    return { change_before_departure: condition(brand.change), refund_before_departure: condition(brand.refund) };
  }

  #offerBody(offer: StoredOffer) {
    return {
      id: offer.id,
      live_mode: false,
      created_at: this.#now().toISOString(),
      updated_at: this.#now().toISOString(),
      expires_at: offer.expiresAt.toISOString(),
      owner: AIRLINE,
      partial: false,
      passengers: offer.passengers.map((passenger) => ({ id: passenger.id, type: passenger.type, age: passenger.age, fare_type: null, loyalty_programme_accounts: [] })),
      slices: offer.slices.map((slice) => this.#sliceBody(slice, offer)),
      base_amount: cents(offer.baseCents),
      base_currency: this.currency,
      tax_amount: cents(offer.taxCents),
      tax_currency: this.currency,
      total_amount: cents(offer.baseCents + offer.taxCents),
      total_currency: this.currency,
      total_emissions_kg: "180",
      conditions: this.#conditions(offer.brand),
      private_fares: [],
      passenger_identity_documents_required: false,
      supported_passenger_identity_document_types: ["passport"],
      payment_requirements: {
        requires_instant_payment: offer.brand.instantOnly,
        price_guarantee_expires_at: offer.brand.instantOnly ? null : new Date(this.#now().getTime() + HOLD_LIFETIME_MS / 2).toISOString(),
        payment_required_by: offer.brand.instantOnly ? null : new Date(this.#now().getTime() + HOLD_LIFETIME_MS).toISOString(),
      },
      available_services: offer.bagServices.map((service) => ({
        id: service.id,
        type: "baggage",
        maximum_quantity: 2,
        passenger_ids: [service.passengerId],
        segment_ids: service.segmentIds,
        total_amount: cents(service.cents),
        total_currency: this.currency,
        metadata: { type: "checked", maximum_weight_kg: 23, maximum_height_cm: null, maximum_length_cm: null, maximum_depth_cm: null },
      })),
    };
  }

  #sliceBody(slice: Slice, offer: StoredOffer, segmentExtra?: (segmentId: string, passengerId: string) => Record<string, unknown>) {
    const first = slice.segments[0]!;
    const last = slice.segments[slice.segments.length - 1]!;
    return {
      id: slice.id,
      origin: this.#airport(first.origin),
      destination: this.#airport(last.destination),
      origin_type: "airport",
      destination_type: "airport",
      duration: isoDuration(Math.round((last.arriving - first.departing) / 60_000)),
      fare_brand_name: offer.brand.name,
      conditions: { change_before_departure: this.#conditions(offer.brand).change_before_departure },
      segments: slice.segments.map((segment) => this.#segment(segment, offer.passengers, offer.brand, segmentExtra && ((passengerId) => segmentExtra(segment.id, passengerId)))),
    };
  }

  #changeOfferBody(change: StoredChangeOffer, order: StoredOrder) {
    const total = change.fareDifferenceCents + change.penaltyCents;
    return {
      id: change.id,
      order_change_id: `oce_${change.id.slice(4)}`,
      created_at: this.#now().toISOString(),
      updated_at: this.#now().toISOString(),
      expires_at: change.expiresAt.toISOString(),
      change_total_amount: `${total < 0 ? "-" : ""}${cents(Math.abs(total))}`,
      change_total_currency: this.currency,
      new_total_amount: cents(order.totalCents + change.fareDifferenceCents),
      new_total_currency: this.currency,
      penalty_amount: cents(change.penaltyCents),
      penalty_currency: this.currency,
      refund_to: "balance",
      slices: {
        add: change.add.map((slice) => this.#sliceBody(slice, order.offer)),
        remove: order.offer.slices.filter((slice) => change.removeIds.includes(slice.id)).map((slice) => this.#sliceBody(slice, order.offer)),
      },
    };
  }

  /**
   * Change offers for an order: each removed slice's route on its new date, at 07:00 for the
   * fare paid and at 13:00 for 8% more, plus the fare brand's change penalty.
   */
  #changeRequest(body: Record<string, unknown>) {
    const order = this.#orders.get(String(body.order_id ?? ""));
    if (!order) return { status: 404, code: "not_found", message: "The order was not found" } as const;
    if (!order.paidAt || order.cancellation?.confirmedAt) return { status: 422, code: "order_not_changeable", message: "Only a paid, active order can be changed" } as const;
    if (!order.offer.brand.change.allowed) return { status: 422, code: "changes_not_allowed", message: `The ${order.offer.brand.name} fare does not allow changes` } as const;
    const slices = body.slices as { remove?: { slice_id: string }[]; add?: { origin: string; destination: string; departure_date: string }[] } | undefined;
    const removeIds = (slices?.remove ?? []).map((slice) => slice.slice_id);
    const add = slices?.add ?? [];
    if (removeIds.length === 0 || removeIds.length !== add.length || removeIds.some((id) => !order.offer.slices.some((slice) => slice.id === id))) {
      return { status: 422, code: "validation_error", message: "Remove the order's slices and add one slice for each" } as const;
    }
    const sliceBase = Math.round(order.offer.baseCents / order.offer.slices.length);
    const offers = [7, 13].map((hour, option) => {
      const id = identifier("oco");
      const change: StoredChangeOffer = {
        id,
        orderId: order.id,
        removeIds,
        add: add.map((spec, index) => {
          const origin = findAirport(spec.origin);
          const destination = findAirport(spec.destination);
          const departing = instantOfLocalTime(spec.departure_date, hour * 60, origin.tz);
          const minutes = blockMinutes(greatCircleKm(origin, destination));
          return { id: `sli_${id.slice(4)}_${index}`, segments: [{ id: `seg_${id.slice(4)}_${index}`, origin: origin.iata, destination: destination.iata, departing, arriving: departing + minutes * 60_000, flightNumber: String(300 + option * 10 + index) }] };
        }),
        fareDifferenceCents: option === 0 ? 0 : Math.round(sliceBase * 0.08) * removeIds.length,
        penaltyCents: order.offer.brand.change.penalty ?? 0,
        expiresAt: new Date(this.#now().getTime() + OFFER_LIFETIME_MS),
        confirmedAt: null,
      };
      this.#changeOffers.set(id, change);
      return change;
    });
    return { status: 201, body: { data: { id: identifier("ocr"), live_mode: false, order_id: order.id, slices: { add, remove: removeIds.map((id) => ({ slice_id: id })) }, order_change_offers: offers.map((change) => this.#changeOfferBody(change, order)) } } } as const;
  }

  #passengerCents(passenger: RequestedPassenger, distanceKm: number, brand: Brand): number {
    const adult = Math.round((4000 + distanceKm * 6) * brand.factor);
    if (passenger.age === null || passenger.age >= 12) return adult;
    return passenger.age < 2 ? Math.round(adult * 0.1) : Math.round(adult * 0.75);
  }

  #offerRequest(body: Record<string, unknown>) {
    const slices = body.slices as { origin?: string; destination?: string; departure_date?: string }[] | undefined;
    const passengers = body.passengers as { type?: string; age?: number }[] | undefined;
    if (!Array.isArray(slices) || slices.length === 0 || !Array.isArray(passengers) || passengers.length === 0) return { status: 422, code: "validation_required", message: "slices and passengers are required" } as const;
    for (const slice of slices) {
      if (!slice.origin || !slice.destination || !slice.departure_date) return { status: 422, code: "validation_required", message: "Each slice needs an origin, a destination and a departure_date" } as const;
      try {
        findAirport(slice.origin);
        findAirport(slice.destination);
      } catch {
        return { status: 422, code: "airport_not_found", message: `${slice.origin} or ${slice.destination} is not an airport Duffel knows` } as const;
      }
    }
    const requested: RequestedPassenger[] = passengers.map((passenger) => ({ id: identifier("pas"), type: passenger.type === "adult" ? "adult" : null, age: passenger.type === "adult" ? null : (passenger.age ?? 30) }));
    const offerRequestId = identifier("orq");
    const directOnly = body.max_connections === 0;
    const offers: StoredOffer[] = [];
    DEPARTURES.forEach((hour, flightIndex) => {
      // The evening flight connects, unless the search wants direct flights only.
      const connecting = flightIndex === 2 && !directOnly;
      for (const brand of BRANDS) {
        const sliceList: Slice[] = slices.map((slice, sliceIndex) => {
          const origin = findAirport(slice.origin!);
          const destination = findAirport(slice.destination!);
          const via = connecting ? findAirport([origin.iata, destination.iata].includes("IST") ? "DOH" : "IST") : null;
          const legs = via ? [[origin, via], [via, destination]] : [[origin, destination]];
          let departing = instantOfLocalTime(slice.departure_date!, hour * 60, origin.tz);
          return {
            id: `sli_${offerRequestId.slice(4)}_${flightIndex}${sliceIndex}`,
            segments: legs.map(([from, to], legIndex) => {
              const minutes = blockMinutes(greatCircleKm(from!, to!));
              const segment = { id: `seg_${offerRequestId.slice(4)}_${flightIndex}${sliceIndex}${legIndex}`, origin: from!.iata, destination: to!.iata, departing, arriving: departing + minutes * 60_000, flightNumber: String(100 + flightIndex * 10 + sliceIndex * 2 + legIndex) };
              departing = segment.arriving + 90 * 60_000;
              return segment;
            }),
          };
        });
        const distanceKm = slices.reduce((sum, slice) => sum + greatCircleKm(findAirport(slice.origin!), findAirport(slice.destination!)), 0);
        const baseCents = requested.reduce((sum, passenger) => sum + this.#passengerCents(passenger, distanceKm, brand), 0) * (connecting ? 0.85 : 1);
        const base = Math.round(baseCents);
        const offer: StoredOffer = {
          id: identifier("off"),
          offerRequestId,
          brand,
          passengers: requested,
          slices: sliceList,
          baseCents: base,
          taxCents: Math.round(base * 0.12),
          expiresAt: new Date(this.#now().getTime() + OFFER_LIFETIME_MS),
          bagServices: requested
            .filter((passenger) => passenger.age === null || passenger.age >= 2)
            .flatMap((passenger) => sliceList.map((slice) => ({ id: identifier("ase"), passengerId: passenger.id, segmentIds: slice.segments.map((segment) => segment.id), cents: 3500 }))),
        };
        this.#offers.set(offer.id, offer);
        offers.push(offer);
      }
    });
    return { status: 201, body: { data: { id: offerRequestId, live_mode: false, created_at: this.#now().toISOString(), cabin_class: body.cabin_class ?? "economy", passengers: offers[0]!.passengers, slices, offers: offers.map((offer) => this.#offerBody(offer)) } } } as const;
  }

  /** Seats: rows 10-25, 3-3; row 14 the exit row; every third seat of a row taken; window seats priced. */
  #seatMaps(offer: StoredOffer) {
    const bookable = offer.passengers.filter((passenger) => passenger.age === null || passenger.age >= 2);
    const taken = new Set([...this.#orders.values()].flatMap((order) => order.services.filter((service) => service.type === "seat").map((service) => `${service.segmentIds[0]}:${service.designator}`)));
    return offer.slices.flatMap((slice) =>
      slice.segments.map((segment) => ({
        id: `sea_${segment.id}`,
        slice_id: slice.id,
        segment_id: segment.id,
        cabins: [
          {
            deck: 0,
            cabin_class: "economy",
            aisles: 1,
            wings: { first_row_index: 4, last_row_index: 8 },
            rows: [
              { sections: [{ elements: [{ type: "galley" }] }, { elements: [{ type: "lavatory" }] }] },
              ...Array.from({ length: 16 }, (_, index) => {
                const row = 10 + index;
                const seat = (letter: string, position: number) => {
                  const designator = `${row}${letter}`;
                  const occupied = (row + position) % 3 === 0 || taken.has(`${segment.id}:${designator}`);
                  const priceCents = letter === "A" || letter === "F" ? 1500 : row === 14 ? 2500 : 0;
                  return {
                    type: "seat",
                    designator,
                    name: row === 14 ? "Exit row seat" : null,
                    disclosures: row === 14 ? ["Extra legroom", "Must be able to help in an emergency"] : [],
                    available_services: occupied ? [] : bookable.map((passenger) => ({ id: `ase_${segment.id}_${designator}_${passenger.id}`, passenger_id: passenger.id, total_amount: cents(priceCents), total_currency: this.currency })),
                  };
                };
                const exit = row === 14 ? [{ type: "exit_row" }] : [];
                return { sections: [{ elements: [...exit, seat("A", 0), seat("B", 1), seat("C", 2)] }, { elements: [seat("D", 3), seat("E", 4), seat("F", 5), ...exit] }] };
              }),
              { sections: [{ elements: [{ type: "lavatory" }] }, { elements: [{ type: "lavatory" }] }] },
            ],
          },
        ],
      })),
    );
  }

  #orderBody(order: StoredOrder) {
    const offer = order.offer;
    const cancelled = order.cancellation?.confirmedAt ?? null;
    const seatOf = (passengerId: string, segmentId: string) => order.services.find((service) => service.type === "seat" && service.passengerId === passengerId && service.segmentIds[0] === segmentId);
    return {
      id: order.id,
      live_mode: false,
      booking_reference: order.bookingReference,
      created_at: order.createdAt.toISOString(),
      synced_at: this.#now().toISOString(),
      cancelled_at: cancelled ? cancelled.toISOString() : null,
      owner: AIRLINE,
      content: "managed",
      slices: offer.slices.map((slice) =>
        this.#sliceBody(slice, offer, (segmentId, passengerId) => {
          const seat = seatOf(passengerId, segmentId);
          return seat ? { seat: { designator: seat.designator, name: null, disclosures: [] } } : {};
        }),
      ),
      passengers: order.passengers,
      services: order.services.map((service) => ({
        id: service.id,
        type: service.type,
        passenger_ids: [service.passengerId],
        segment_ids: service.segmentIds,
        quantity: service.quantity,
        total_amount: cents(service.cents),
        total_currency: this.currency,
        metadata: service.type === "seat" ? { designator: service.designator, name: null, disclosures: [] } : { type: "checked", maximum_weight_kg: 23 },
      })),
      documents: order.documents.map((document) => ({ type: "electronic_ticket", ...document })),
      base_amount: cents(order.totalCents - offer.taxCents),
      base_currency: this.currency,
      tax_amount: cents(offer.taxCents),
      tax_currency: this.currency,
      total_amount: cents(order.totalCents),
      total_currency: this.currency,
      conditions: this.#conditions(offer.brand),
      payment_status: order.paidAt
        ? { awaiting_payment: false, paid_at: order.paidAt.toISOString() }
        : { awaiting_payment: !cancelled, payment_required_by: order.paymentRequiredBy?.toISOString(), price_guarantee_expires_at: order.paymentRequiredBy?.toISOString(), paid_at: null },
      metadata: order.metadata,
      available_actions: cancelled ? [] : ["cancel", "update"],
      airline_initiated_changes: [],
      cancellation: order.cancellation ? this.#cancellationBody(order.cancellation) : null,
    };
  }

  #cancellationBody(cancellation: StoredCancellation) {
    return {
      id: cancellation.id,
      live_mode: false,
      order_id: cancellation.orderId,
      created_at: cancellation.createdAt.toISOString(),
      expires_at: new Date(cancellation.createdAt.getTime() + 15 * 60_000).toISOString(),
      confirmed_at: cancellation.confirmedAt ? cancellation.confirmedAt.toISOString() : null,
      refund_amount: cancellation.refundCents === null ? null : cents(cancellation.refundCents),
      refund_currency: cancellation.refundCents === null ? null : this.currency,
      refund_to: cancellation.refundCents === null ? "awaiting_payment" : "balance",
      airline_credits: [],
    };
  }

  #issueTickets(order: StoredOrder) {
    order.paidAt = this.#now();
    order.documents = order.offer.passengers.map((passenger) => {
      this.#ticketSequence += 1;
      return { unique_identifier: `125${String(this.#ticketSequence).padStart(10, "0")}`, passenger_ids: [passenger.id] };
    });
  }

  #createOrder(body: Record<string, unknown>) {
    const offerId = (body.selected_offers as string[] | undefined)?.[0];
    const offer = offerId ? this.#offers.get(offerId) : undefined;
    if (!offer) return { status: 404, code: "not_found", message: "The offer was not found" } as const;
    if (offer.expiresAt.getTime() < this.#now().getTime()) return { status: 422, code: "offer_no_longer_available", message: "The offer has expired; request new offers" } as const;
    if ([...this.#orders.values()].some((order) => order.offer.offerRequestId === offer.offerRequestId && !order.cancellation?.confirmedAt)) {
      return { status: 422, code: "offer_request_already_booked", message: "An offer of this offer request is already booked" } as const;
    }
    const passengers = (body.passengers as Record<string, unknown>[] | undefined) ?? [];
    const ids = new Set(offer.passengers.map((passenger) => passenger.id));
    if (passengers.length !== ids.size || passengers.some((passenger) => !ids.has(String(passenger.id)))) return { status: 422, code: "validation_error", message: "passengers must be the offer's passengers, each once" } as const;
    const missing = passengers.find((passenger) => !["m", "f"].includes(String(passenger.gender)) || !passenger.born_on || !passenger.given_name || !passenger.family_name);
    if (missing) return { status: 422, code: "validation_required", message: "Each passenger needs a gender, a date of birth and names" } as const;
    const type = body.type as string;
    if (type === "pay_later" && offer.brand.instantOnly) return { status: 422, code: "instant_payment_required", message: "This offer must be paid for at once" } as const;
    const chosen = (body.services as { id: string; quantity: number }[] | undefined) ?? [];
    const seatMaps = this.#seatMaps(offer);
    const services: StoredOrder["services"] = [];
    for (const choice of chosen) {
      const bag = offer.bagServices.find((service) => service.id === choice.id);
      if (bag) {
        services.push({ id: identifier("ser"), type: "baggage", passengerId: bag.passengerId, segmentIds: bag.segmentIds, quantity: choice.quantity, cents: bag.cents * choice.quantity });
        continue;
      }
      const seat = seatMaps
        .flatMap((map) => map.cabins[0]!.rows.flatMap((row) => row.sections.flatMap((section) => section.elements as SeatBody[])).flatMap((element) => (element.available_services ?? []).map((service) => ({ service, designator: element.designator!, segmentId: map.segment_id }))))
        .find((candidate) => candidate.service.id === choice.id);
      if (!seat) return { status: 422, code: "seat_unavailable", message: `The service ${choice.id} is no longer available` } as const;
      services.push({ id: identifier("ser"), type: "seat", passengerId: seat.service.passenger_id, segmentIds: [seat.segmentId], quantity: 1, cents: readCents(seat.service.total_amount), designator: seat.designator });
    }
    const totalCents = offer.baseCents + offer.taxCents + services.reduce((sum, service) => sum + service.cents, 0);
    if (type === "instant") {
      const payment = (body.payments as { type: string; amount: string; currency: string }[] | undefined)?.[0];
      if (!payment || !PAYMENT_TYPES.includes(payment.type)) return { status: 422, code: "validation_error", message: "An instant order is paid with one payment of type balance or arc_bsp_cash" } as const;
      if (payment.currency !== this.currency || readCents(payment.amount) !== totalCents) return { status: 422, code: "price_changed", message: `The payment must be ${cents(totalCents)} ${this.currency}` } as const;
    } else if (type !== "pay_later") {
      return { status: 422, code: "validation_error", message: "type is instant or pay_later" } as const;
    }
    const order: StoredOrder = {
      id: identifier("ord"),
      offer,
      bookingReference: Array.from(randomBytes(6), (byte) => PNR_LETTERS[byte % PNR_LETTERS.length]).join(""),
      createdAt: this.#now(),
      // Duffel does not give travel documents back.
      passengers: passengers.map(({ identity_documents: _documents, ...passenger }) => ({ ...passenger, type: offer.passengers.find((candidate) => candidate.id === passenger.id)?.type ?? null })),
      services,
      totalCents,
      paidAt: null,
      paymentRequiredBy: type === "pay_later" ? new Date(this.#now().getTime() + HOLD_LIFETIME_MS) : null,
      documents: [],
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      cancellation: null,
    };
    if (type === "instant") this.#issueTickets(order);
    this.#orders.set(order.id, order);
    return { status: 201, order } as const;
  }

  #refundCents(order: StoredOrder): number | null {
    if (!order.paidAt) return null;
    const rule = order.offer.brand.refund;
    if (!rule.allowed) return order.offer.taxCents;
    return Math.max(0, order.totalCents - (rule.penalty ?? 0));
  }

  app(): FastifyInstance {
    // The official client writes some paths with a trailing slash (air/offer_requests/), which Duffel accepts.
    const app = Fastify({ logger: false, routerOptions: { ignoreTrailingSlash: true }, forceCloseConnections: true });
    // It also sends a JSON content type with no body (a cancellation's confirm).
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
      try {
        done(null, body === "" ? {} : JSON.parse(String(body)));
      } catch (error) {
        done(error as Error, undefined);
      }
    });
    app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
      this.requests.push({ method: request.method, path: request.url });
      if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
      // Every answer says where the caller stands in its window: ratelimit-limit, -remaining, and -reset as an HTTP date.
      if (this.#window) {
        reply.header("ratelimit-limit", String(this.#window.limit));
        reply.header("ratelimit-remaining", String(this.#window.remaining));
        reply.header("ratelimit-reset", new Date(this.#window.resetsAt).toUTCString());
        this.#window.remaining = Math.max(0, this.#window.remaining - 1);
      }
      const limit = this.#rateLimits.shift();
      if (limit !== undefined) {
        reply.header("ratelimit-limit", "60");
        reply.header("ratelimit-remaining", "0");
        reply.header("ratelimit-reset", new Date(Math.ceil((Date.now() + limit * 1000) / 1000) * 1000).toUTCString());
        return this.#error(reply, 429, "rate_limit_error", "rate_limit_exceeded", "Too many requests; wait before trying again");
      }
      // The fake's own controls, for a test in another process (not part of Duffel's API).
      if (request.url.startsWith("/_fake/")) return undefined;
      if (request.headers.authorization !== `Bearer ${this.options.accessToken}`) return this.#error(reply, 401, "authentication_error", "access_token_not_found", "The access token was not recognised");
      if (request.headers["duffel-version"] !== "v2") return this.#error(reply, 400, "invalid_request_error", "unsupported_version", "Duffel-Version must be v2");
      const failure = this.#failures.findIndex((candidate) => request.url.includes(candidate.path));
      if (failure >= 0) {
        const { status, code, message } = this.#failures.splice(failure, 1)[0]!;
        return this.#error(reply, status, status >= 500 ? "api_error" : "invalid_request_error", code, message);
      }
      return undefined;
    });

    app.post("/_fake/schedule-change", async (request, reply) => {
      const { bookingReference, minutes } = request.body as { bookingReference: string; minutes: number };
      this.changeSchedule(bookingReference, minutes);
      return reply.code(204).send();
    });

    this.stays.register(app, (reply, status, type, code, message) => this.#error(reply, status, type, code, message));

    // As https://duffel.com/docs/api/v2/airlines shows it.
    app.get("/air/airlines", async () => ({ data: [AIRLINE], meta: { limit: 1, after: null, before: null } }));

    // As https://duffel.com/docs/api/v2/offer-requests shows it.
    app.post("/air/offer_requests", async (request, reply) => {
      const answer = this.#offerRequest(((request.body as { data?: Record<string, unknown> } | undefined)?.data) ?? {});
      if ("code" in answer) return this.#error(reply, answer.status, "validation_error", answer.code!, answer.message!);
      return reply.code(201).send(answer.body);
    });

    // As https://duffel.com/docs/api/v2/offers shows it.
    app.get("/air/offers/:id", async (request, reply) => {
      const offer = this.#offers.get((request.params as { id: string }).id);
      if (!offer) return this.#error(reply, 404, "invalid_request_error", "not_found", "The offer was not found");
      if (offer.expiresAt.getTime() < this.#now().getTime()) return this.#error(reply, 422, "invalid_request_error", "offer_no_longer_available", "The offer has expired");
      if (this.#priceRisePercent > 0) {
        offer.baseCents = Math.round((offer.baseCents * (100 + this.#priceRisePercent)) / 100);
        offer.taxCents = Math.round(offer.baseCents * 0.12);
        this.#priceRisePercent = 0;
      }
      return { data: this.#offerBody(offer) };
    });

    // As https://duffel.com/docs/api/v2/seat-maps shows it.
    app.get("/air/seat_maps", async (request, reply) => {
      const offer = this.#offers.get((request.query as { offer_id?: string }).offer_id ?? "");
      if (!offer) return this.#error(reply, 404, "invalid_request_error", "not_found", "The offer was not found");
      return { data: this.#seatMaps(offer) };
    });

    // As https://duffel.com/docs/api/v2/orders shows it.
    app.post("/air/orders", async (request, reply) => {
      const answer = this.#createOrder(((request.body as { data?: Record<string, unknown> } | undefined)?.data) ?? {});
      if ("code" in answer) return this.#error(reply, answer.status, "invalid_request_error", answer.code!, answer.message!);
      if (this.#loseNextOrderAnswer) {
        this.#loseNextOrderAnswer = false;
        return this.#error(reply, 502, "api_error", "airline_error", "The airline did not answer in time");
      }
      return reply.code(201).send({ data: this.#orderBody(answer.order) });
    });

    // As https://duffel.com/docs/api/v2/orders shows it.
    app.get("/air/orders/:id", async (request, reply) => {
      const order = this.#orders.get((request.params as { id: string }).id);
      if (!order) return this.#error(reply, 404, "invalid_request_error", "not_found", "The order was not found");
      return { data: this.#orderBody(order) };
    });

    // As https://duffel.com/docs/api/v2/orders shows it.
    app.get("/air/orders", async (request) => {
      const newestFirst = [...this.#orders.values()].sort((left, right) => right.createdAt.getTime() - left.createdAt.getTime());
      return cursorPage(newestFirst, request.query as { limit?: string; after?: string }, (order) => this.#orderBody(order));
    });

    // As https://duffel.com/docs/api/v2/payments shows it.
    app.post("/air/payments", async (request, reply) => {
      const body = ((request.body as { data?: { order_id?: string; payment?: { type: string; amount: string; currency: string } } } | undefined)?.data) ?? {};
      const order = this.#orders.get(body.order_id ?? "");
      if (!order) return this.#error(reply, 404, "invalid_request_error", "not_found", "The order was not found");
      if (order.paidAt || order.cancellation?.confirmedAt) return this.#error(reply, 422, "invalid_request_error", "order_not_awaiting_payment", "The order is not awaiting payment");
      if (!body.payment || !PAYMENT_TYPES.includes(body.payment.type) || body.payment.currency !== this.currency || readCents(body.payment.amount) !== order.totalCents) {
        return this.#error(reply, 422, "invalid_request_error", "price_changed", `The payment must be ${cents(order.totalCents)} ${this.currency} from the balance`);
      }
      this.#issueTickets(order);
      return reply.code(201).send({ data: { id: identifier("pay"), type: body.payment.type, amount: body.payment.amount, currency: this.currency, created_at: this.#now().toISOString() } });
    });

    // As https://duffel.com/docs/api/v2/order-change-requests shows it.
    app.post("/air/order_change_requests", async (request, reply) => {
      const answer = this.#changeRequest(((request.body as { data?: Record<string, unknown> } | undefined)?.data) ?? {});
      if ("code" in answer) return this.#error(reply, answer.status, "invalid_request_error", answer.code!, answer.message!);
      return reply.code(201).send(answer.body);
    });

    // As https://duffel.com/docs/api/v2/order-changes shows it.
    app.post("/air/order_changes", async (request, reply) => {
      const change = this.#changeOffers.get(((request.body as { data?: { selected_order_change_offer?: string } } | undefined)?.data?.selected_order_change_offer) ?? "");
      if (!change) return this.#error(reply, 404, "invalid_request_error", "not_found", "The order change offer was not found");
      if (change.expiresAt.getTime() < this.#now().getTime()) return this.#error(reply, 422, "invalid_request_error", "order_change_offer_expired", "The order change offer has expired");
      const order = this.#orders.get(change.orderId)!;
      const { slices: _slices, ...pending } = this.#changeOfferBody(change, order);
      return reply.code(201).send({ data: { ...pending, id: `oce_${change.id.slice(4)}`, order_id: order.id, confirmed_at: null, penalty_total_amount: pending.penalty_amount, penalty_total_currency: this.currency } });
    });

    // As https://duffel.com/docs/api/v2/order-changes shows it.
    app.post("/air/order_changes/:id/actions/confirm", async (request, reply) => {
      const change = [...this.#changeOffers.values()].find((candidate) => `oce_${candidate.id.slice(4)}` === (request.params as { id: string }).id);
      if (!change) return this.#error(reply, 404, "invalid_request_error", "not_found", "The order change was not found");
      if (change.confirmedAt) return this.#error(reply, 422, "invalid_request_error", "already_confirmed", "The order change is already confirmed");
      const order = this.#orders.get(change.orderId)!;
      const due = change.fareDifferenceCents + change.penaltyCents;
      const payment = (request.body as { data?: { payment?: { type: string; amount: string; currency: string } } } | undefined)?.data?.payment;
      if (due > 0 && (!payment || !PAYMENT_TYPES.includes(payment.type) || payment.currency !== this.currency || readCents(payment.amount) !== due)) {
        return this.#error(reply, 422, "invalid_request_error", "price_changed", `The payment must be ${cents(due)} ${this.currency} from the balance`);
      }
      change.confirmedAt = this.#now();
      // The order now flies the new slices; services on the removed flights go with them.
      const removedSegments = new Set(order.offer.slices.filter((slice) => change.removeIds.includes(slice.id)).flatMap((slice) => slice.segments.map((segment) => segment.id)));
      order.offer = { ...order.offer, slices: order.offer.slices.flatMap((slice) => (change.removeIds.includes(slice.id) ? change.add.splice(0, 1) : [slice])) };
      order.services = order.services.filter((service) => !service.segmentIds.some((id) => removedSegments.has(id)));
      order.totalCents += change.fareDifferenceCents;
      this.#issueTickets(order);
      const { slices: _slices, ...confirmed } = this.#changeOfferBody(change, order);
      return { data: { ...confirmed, id: `oce_${change.id.slice(4)}`, order_id: order.id, confirmed_at: change.confirmedAt.toISOString() } };
    });

    // As https://duffel.com/docs/api/v2/order-cancellations shows it.
    app.post("/air/order_cancellations", async (request, reply) => {
      const order = this.#orders.get(((request.body as { data?: { order_id?: string } } | undefined)?.data?.order_id) ?? "");
      if (!order) return this.#error(reply, 404, "invalid_request_error", "not_found", "The order was not found");
      if (order.cancellation?.confirmedAt) return this.#error(reply, 422, "invalid_request_error", "already_cancelled", "The order is already cancelled");
      const cancellation: StoredCancellation = { id: identifier("ore"), orderId: order.id, refundCents: this.#refundCents(order), createdAt: this.#now(), confirmedAt: null };
      this.#cancellations.set(cancellation.id, cancellation);
      return reply.code(201).send({ data: this.#cancellationBody(cancellation) });
    });

    // As https://duffel.com/docs/api/v2/order-cancellations shows it.
    app.post("/air/order_cancellations/:id/actions/confirm", async (request, reply) => {
      const cancellation = this.#cancellations.get((request.params as { id: string }).id);
      if (!cancellation) return this.#error(reply, 404, "invalid_request_error", "not_found", "The cancellation was not found");
      const order = this.#orders.get(cancellation.orderId)!;
      if (order.cancellation?.confirmedAt) return this.#error(reply, 422, "invalid_request_error", "already_cancelled", "The order is already cancelled");
      cancellation.confirmedAt = this.#now();
      order.cancellation = cancellation;
      return { data: this.#cancellationBody(cancellation) };
    });
    return app;
  }
}

export async function startFakeDuffel(options: FakeDuffelOptions & { port?: number }): Promise<{ fake: FakeDuffel; url: string; close: () => Promise<void> }> {
  const fake = new FakeDuffel(options);
  const app = fake.app();
  const address = await app.listen({ host: "127.0.0.1", port: options.port ?? 0 });
  return { fake, url: address, close: () => app.close() };
}
