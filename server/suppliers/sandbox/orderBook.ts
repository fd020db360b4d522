import type { Money } from "../../../src/contract/money";
import type {
  Offer,
  Order,
  OrderCancelRequest,
  OrderCancelResponse,
  OrderChangeResponse,
  OrderReshopRequest,
  OrderReshopResponse,
  SeatMap,
  ServiceDefinition,
} from "../../../src/contract/shopping";
import type { Clock } from "../../clock";
import { SupplierError } from "../supplierError";
import type { SupplierOrderChangeRequest, SupplierOrderCreateRequest, SupplierPayment } from "../types";
import { cancellationQuote } from "./cancellation";
import { checkPassengers, priceSeats, priceServices } from "./orderSelections";
import { seededRandom } from "./prng";
import { carrierOf, type SandboxSupplierProfile } from "./profiles";
import { buildReshopOffers, type FareBasis, type ReshopCandidate } from "./reshop";

const HOUR_MS = 60 * 60_000;
/** A hold lasts a day at most, ends two hours before departure, and is not offered for less than 15 minutes. */
const HOLD_LIMITS = { maximumMs: 24 * HOUR_MS, beforeDepartureMs: 2 * HOUR_MS, minimumMs: 15 * 60_000 } as const;
const BOOKING_REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

interface StoredOrder {
  order: Order;
  readonly basis: FareBasis;
  reshopCandidates: ReadonlyMap<string, ReshopCandidate>;
}

const sumMoney = (amounts: readonly Money[], currency: string): Money => ({
  amount: amounts.reduce((sum, money) => sum + money.amount, 0),
  currency,
});

function checkPayment(payment: SupplierPayment, due: Money): void {
  if (payment.amount.currency !== due.currency || payment.amount.amount !== due.amount) {
    throw new SupplierError(
      "PAYMENT_MISMATCH",
      `The payment of ${payment.amount.amount} ${payment.amount.currency} does not match the ${due.amount} ${due.currency} due (minor units).`,
    );
  }
}

/** The sandbox's orders, in memory: holds, tickets, changes and cancellations. */
export class SandboxOrderBook {
  readonly #orders = new Map<string, StoredOrder>();
  readonly #takenSeats = new Map<string, Set<string>>();
  readonly #ticketSerialBase: number;
  #ordersCreated = 0;
  #ticketsIssued = 0;

  constructor(
    private readonly profile: SandboxSupplierProfile,
    private readonly clock: Clock,
  ) {
    // Serials start from the start-up time so a restarted sandbox does not reissue old numbers.
    this.#ticketSerialBase = (Math.floor(clock().getTime() / 1000) % 100_000_000) * 10;
  }

  takenSeats(paxSegmentID: string): ReadonlySet<string> {
    return this.#takenSeats.get(paxSegmentID) ?? new Set();
  }

  create(
    request: SupplierOrderCreateRequest,
    offer: Offer,
    basis: FareBasis,
    available: { seatMaps: ReadonlyMap<string, SeatMap>; services: readonly ServiceDefinition[] },
  ): Order {
    const now = this.clock();
    checkPassengers(offer, request.passengers);
    const seats = priceSeats(request.selectedSeats, request.passengers, available.seatMaps);
    const services = priceServices(request.selectedServices, request.passengers, available.services);
    const currency = offer.totalPrice.currency;
    const seatsTotal = sumMoney(seats.map((seat) => seat.price), currency);
    const servicesTotal = sumMoney(services.map((service) => service.price), currency);
    const total = sumMoney([{ amount: offer.totalPrice.total, currency }, seatsTotal, servicesTotal], currency);
    const held = request.payment === null;
    if (request.payment) checkPayment(request.payment, total);
    const bookingReference = this.#newBookingReference(now);
    const order: Order = {
      orderId: `${this.profile.idPrefix}-${bookingReference}`,
      bookingReference,
      supplierId: this.profile.supplierId,
      ownerCode: offer.ownerCode,
      status: held ? "hold" : "confirm",
      createdAt: now.toISOString(),
      paymentTimeLimit: held ? this.#holdTimeLimit(offer, now).toISOString() : null,
      ticketedAt: held ? null : now.toISOString(),
      passengers: request.passengers,
      contact: request.contact,
      journeys: offer.journeys,
      fareFamilyCode: offer.fareFamilyCode,
      fareCode: offer.fareCode,
      fareBrand: offer.fareBrand,
      orderItems: offer.offerItems.map((item) => ({
        orderItemId: item.offerItemId,
        passengerType: item.passengerType,
        paxRefIds: item.paxRefIds,
        unitPrice: item.unitPrice,
      })),
      services,
      seats,
      tickets: [],
      totals: { fare: offer.totalPrice, services: servicesTotal, seats: seatsTotal, total },
      amountPaid: held ? { amount: 0, currency } : total,
      amountRefunded: { amount: 0, currency },
    };
    const issued = held ? order : { ...order, tickets: this.#issueTickets(order, now) };
    for (const seat of seats) this.#seatsOn(seat.paxSegmentID).add(seat.seatNumber);
    this.#orders.set(issued.orderId, { order: issued, basis, reshopCandidates: new Map() });
    return issued;
  }

  retrieve(orderId: string): Order {
    return this.#load(orderId).order;
  }

  reshop(request: OrderReshopRequest): OrderReshopResponse {
    const stored = this.#load(request.orderId);
    const candidates = buildReshopOffers(stored.order, request, stored.basis, this.clock());
    stored.reshopCandidates = new Map(candidates.map((candidate) => [candidate.reshopOffer.reshopOfferId, candidate]));
    return { orderId: stored.order.orderId, reshopOffers: candidates.map((candidate) => candidate.reshopOffer) };
  }

  change(request: SupplierOrderChangeRequest): OrderChangeResponse {
    const stored = this.#load(request.orderId);
    const now = this.clock();
    const { order } = stored;
    const currency = order.totals.total.currency;
    const none = { amount: 0, currency };

    if (request.action === "issueTickets") {
      if (order.status !== "hold") throw new SupplierError("NOT_PERMITTED", `Only a held order can be ticketed; this one is ${order.status}.`);
      checkPayment(request.payment, order.totals.total);
      stored.order = {
        ...order,
        status: "confirm",
        paymentTimeLimit: null,
        ticketedAt: now.toISOString(),
        tickets: this.#issueTickets(order, now),
        amountPaid: order.totals.total,
      };
      return { order: stored.order, collected: order.totals.total, refunded: none };
    }

    const candidate = stored.reshopCandidates.get(request.reshopOfferId);
    if (!candidate) throw new SupplierError("OFFER_NOT_FOUND", `Reshop offer ${request.reshopOfferId} is unknown; reshop again.`);
    if (now.getTime() > Date.parse(candidate.reshopOffer.expiresAt)) {
      throw new SupplierError("OFFER_EXPIRED", `Reshop offer ${request.reshopOfferId} has expired; reshop again.`);
    }
    if (order.status !== "confirm" && order.status !== "exchange") {
      throw new SupplierError("NOT_PERMITTED", `Only ticketed orders can be changed; this one is ${order.status}.`);
    }
    const { reshopOffer } = candidate;
    if (reshopOffer.amountDue.amount > 0 || request.payment) {
      if (!request.payment) {
        throw new SupplierError("PAYMENT_MISMATCH", `A payment of ${reshopOffer.amountDue.amount} ${currency} (minor units) is due.`);
      }
      checkPayment(request.payment, reshopOffer.amountDue);
    }
    const segmentIds = new Set(reshopOffer.journeys.flatMap((journey) => journey.segments.map((segment) => segment.paxSegmentID)));
    // Seats and services of flights that are no longer flown lapse with them.
    const keptSeats = order.seats.filter((seat) => segmentIds.has(seat.paxSegmentID));
    const keptServices = order.services.filter((service) => segmentIds.has(service.paxSegmentID));
    this.#releaseSeats(order.seats.filter((seat) => !segmentIds.has(seat.paxSegmentID)));
    const seatsTotal = sumMoney(keptSeats.map((seat) => seat.price), currency);
    const servicesTotal = sumMoney(keptServices.map((service) => service.price), currency);
    const changed: Order = {
      ...order,
      status: "exchange",
      journeys: reshopOffer.journeys,
      orderItems: candidate.orderItems,
      seats: keptSeats,
      services: keptServices,
      totals: {
        fare: reshopOffer.newFare,
        seats: seatsTotal,
        services: servicesTotal,
        total: sumMoney([{ amount: reshopOffer.newFare.total, currency }, seatsTotal, servicesTotal], currency),
      },
      amountPaid: sumMoney([order.amountPaid, reshopOffer.amountDue], currency),
      amountRefunded: sumMoney([order.amountRefunded, reshopOffer.amountRefundable], currency),
      ticketedAt: now.toISOString(),
    };
    stored.order = { ...changed, tickets: this.#issueTickets(changed, now) };
    stored.reshopCandidates = new Map();
    return { order: stored.order, collected: reshopOffer.amountDue, refunded: reshopOffer.amountRefundable };
  }

  cancel(request: OrderCancelRequest): OrderCancelResponse {
    const stored = this.#load(request.orderId);
    const quote = cancellationQuote(stored.order, this.clock());
    if (request.action === "confirm") {
      this.#releaseSeats(stored.order.seats);
      stored.order = {
        ...stored.order,
        status: quote.resultingStatus,
        paymentTimeLimit: null,
        amountRefunded: sumMoney([stored.order.amountRefunded, quote.refundAmount], quote.refundAmount.currency),
      };
      stored.reshopCandidates = new Map();
    }
    return { quote, order: stored.order };
  }

  /** The stored order; a hold past its time limit is released on the way. */
  #load(orderId: string): StoredOrder {
    const stored = this.#orders.get(orderId);
    if (!stored) throw new SupplierError("ORDER_NOT_FOUND", `Order ${orderId} is unknown to this supplier.`);
    const { order } = stored;
    if (order.status === "hold" && order.paymentTimeLimit && this.clock().getTime() > Date.parse(order.paymentTimeLimit)) {
      this.#releaseSeats(order.seats);
      stored.order = { ...order, status: "cancel", paymentTimeLimit: null };
    }
    return stored;
  }

  #holdTimeLimit(offer: Offer, now: Date): Date {
    const owner = carrierOf(this.profile, offer.journeys[0]!.segments[0]!.operatingCarrier.designatorCode);
    if (owner.lowCost) throw new SupplierError("NOT_PERMITTED", "Low-cost fares are paid when booked; they cannot be held.");
    const departure = Date.parse(offer.journeys[0]!.segments[0]!.departure.dateTime);
    const limit = Math.min(now.getTime() + HOLD_LIMITS.maximumMs, departure - HOLD_LIMITS.beforeDepartureMs);
    if (limit - now.getTime() < HOLD_LIMITS.minimumMs) {
      throw new SupplierError("NOT_PERMITTED", "The flight leaves too soon to hold the booking; pay to book it.");
    }
    return new Date(limit);
  }

  #issueTickets(order: Order, now: Date): Order["tickets"] {
    const prefix = carrierOf(this.profile, order.ownerCode).ticketPrefix;
    return order.passengers.map((passenger) => {
      this.#ticketsIssued += 1;
      const serial = String(this.#ticketSerialBase + this.#ticketsIssued).padStart(10, "0");
      return { ticketNumber: `${prefix}${serial}`, paxId: passenger.paxId, issuedAt: now.toISOString() };
    });
  }

  #newBookingReference(now: Date): string {
    for (;;) {
      this.#ordersCreated += 1;
      const random = seededRandom("booking-reference", this.profile.supplierId, now.getTime(), this.#ordersCreated);
      const reference = Array.from({ length: 6 }, () => random.pick([...BOOKING_REFERENCE_ALPHABET])).join("");
      if (!this.#orders.has(`${this.profile.idPrefix}-${reference}`)) return reference;
    }
  }

  #seatsOn(paxSegmentID: string): Set<string> {
    let seats = this.#takenSeats.get(paxSegmentID);
    if (!seats) this.#takenSeats.set(paxSegmentID, (seats = new Set()));
    return seats;
  }

  #releaseSeats(seats: Order["seats"]): void {
    for (const seat of seats) this.#takenSeats.get(seat.paxSegmentID)?.delete(seat.seatNumber);
  }
}
