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
import type { SandboxState } from "./sandboxState";

const HOUR_MS = 60 * 60_000;
/** A hold lasts a day at most, ends two hours before departure, and is not offered for less than 15 minutes. */
const HOLD_LIMITS = { maximumMs: 24 * HOUR_MS, beforeDepartureMs: 2 * HOUR_MS, minimumMs: 15 * 60_000 } as const;
const BOOKING_REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** Ticket serials an instance reserves at a time. */
const TICKET_SERIAL_BLOCK = 100;

/** An order as loaded: what is stored, the fare basis with the profile, and the version it was read at. */
interface StoredOrder {
  readonly order: Order;
  readonly clientReference: string;
  readonly basis: FareBasis;
  readonly reshopCandidates: readonly ReshopCandidate[];
  readonly version: number;
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

/**
 * The sandbox's orders: holds, tickets, changes and cancellations, kept in the sandbox state
 * (the database for the server), so a restart or another instance finds every order as it was.
 */
export class SandboxOrderBook {
  readonly #initialTicketSerial: number;
  #serialBlock = { next: 0, end: 0 };

  constructor(
    private readonly profile: SandboxSupplierProfile,
    private readonly clock: Clock,
    private readonly state: SandboxState,
  ) {
    // Where serials start the first time this supplier issues a ticket (later ones continue the stored count).
    this.#initialTicketSerial = (Math.floor(clock().getTime() / 1000) % 100_000_000) * 10;
  }

  takenSeats(paxSegmentID: string): Promise<ReadonlySet<string>> {
    return this.state.takenSeats(this.profile.supplierId, paxSegmentID);
  }

  async create(
    request: SupplierOrderCreateRequest,
    offer: Offer,
    basis: FareBasis,
    available: { seatMaps: ReadonlyMap<string, SeatMap>; services: readonly ServiceDefinition[] },
  ): Promise<Order> {
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
    for (let attempt = 1; ; attempt += 1) {
      const bookingReference = this.#bookingReference(now, attempt);
      const order = this.#newOrder(request, offer, { bookingReference, now, held, seats, services, seatsTotal, servicesTotal, total });
      const issued = held ? order : { ...order, tickets: await this.#issueTickets(order, now) };
      const { profile: _profile, ...storedBasis } = basis;
      const claims = seats.map((seat) => ({ paxSegmentID: seat.paxSegmentID, seatNumber: seat.seatNumber }));
      const record = { order: issued, clientReference: request.clientReference, basis: storedBasis, reshopCandidates: [] };
      if (await this.state.insertOrder(this.profile.supplierId, issued.orderId, record, claims)) return issued;
    }
  }

  #newOrder(
    request: SupplierOrderCreateRequest,
    offer: Offer,
    sale: { bookingReference: string; now: Date; held: boolean; seats: Order["seats"]; services: Order["services"]; seatsTotal: Money; servicesTotal: Money; total: Money },
  ): Order {
    const { bookingReference, now, held, seats, services, seatsTotal, servicesTotal, total } = sale;
    const currency = total.currency;
    return {
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
  }

  async retrieve(orderId: string): Promise<Order> {
    return (await this.#load(orderId)).order;
  }

  /** The order made with this client reference (a hold past its limit released), or null. */
  async retrieveByClientReference(clientReference: string): Promise<Order | null> {
    const orderId = await this.state.orderIdByClientReference(this.profile.supplierId, clientReference);
    return orderId === undefined ? null : (await this.#load(orderId)).order;
  }

  async reshop(request: OrderReshopRequest): Promise<OrderReshopResponse> {
    const stored = await this.#load(request.orderId);
    const candidates = buildReshopOffers(stored.order, request, stored.basis, this.clock());
    await this.#save(stored, { reshopCandidates: candidates });
    return { orderId: stored.order.orderId, reshopOffers: candidates.map((candidate) => candidate.reshopOffer) };
  }

  async change(request: SupplierOrderChangeRequest): Promise<OrderChangeResponse> {
    const stored = await this.#load(request.orderId);
    const now = this.clock();
    const { order } = stored;
    const currency = order.totals.total.currency;
    const none = { amount: 0, currency };

    if (request.action === "issueTickets") {
      if (order.status !== "hold") throw new SupplierError("NOT_PERMITTED", `Only a held order can be ticketed; this one is ${order.status}.`);
      checkPayment(request.payment, order.totals.total);
      const ticketed: Order = {
        ...order,
        status: "confirm",
        paymentTimeLimit: null,
        ticketedAt: now.toISOString(),
        tickets: await this.#issueTickets(order, now),
        amountPaid: order.totals.total,
      };
      await this.#save(stored, { order: ticketed });
      return { order: ticketed, collected: order.totals.total, refunded: none };
    }

    const candidate = stored.reshopCandidates.find((offered) => offered.reshopOffer.reshopOfferId === request.reshopOfferId);
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
    const lapsedSeats = order.seats.filter((seat) => !segmentIds.has(seat.paxSegmentID));
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
    const reissued = { ...changed, tickets: await this.#issueTickets(changed, now) };
    await this.#save(stored, { order: reissued, reshopCandidates: [] }, lapsedSeats);
    return { order: reissued, collected: reshopOffer.amountDue, refunded: reshopOffer.amountRefundable };
  }

  async cancel(request: OrderCancelRequest): Promise<OrderCancelResponse> {
    const stored = await this.#load(request.orderId);
    const quote = cancellationQuote(stored.order, this.clock());
    if (request.action !== "confirm") return { quote, order: stored.order };
    const cancelled: Order = {
      ...stored.order,
      status: quote.resultingStatus,
      paymentTimeLimit: null,
      amountRefunded: sumMoney([stored.order.amountRefunded, quote.refundAmount], quote.refundAmount.currency),
    };
    await this.#save(stored, { order: cancelled, reshopCandidates: [] }, stored.order.seats);
    return { quote, order: cancelled };
  }

  /** The stored order; a hold past its time limit is released on the way. */
  async #load(orderId: string): Promise<StoredOrder> {
    const found = await this.state.loadOrder(this.profile.supplierId, orderId);
    if (!found) throw new SupplierError("ORDER_NOT_FOUND", `Order ${orderId} is unknown to this supplier.`);
    const stored: StoredOrder = { ...found.record, basis: { ...found.record.basis, profile: this.profile }, version: found.version };
    const { order } = stored;
    if (order.status === "hold" && order.paymentTimeLimit && this.clock().getTime() > Date.parse(order.paymentTimeLimit)) {
      const released: Order = { ...order, status: "cancel", paymentTimeLimit: null };
      await this.#save(stored, { order: released }, order.seats);
      return { ...stored, order: released, version: stored.version + 1 };
    }
    return stored;
  }

  /** Writes an order's new state over the version it was loaded at, releasing the seats it gives up. */
  async #save(stored: StoredOrder, changes: { order?: Order; reshopCandidates?: readonly ReshopCandidate[] }, releasedSeats: Order["seats"] = []): Promise<void> {
    const { profile: _profile, ...basis } = stored.basis;
    const record = { order: changes.order ?? stored.order, clientReference: stored.clientReference, basis, reshopCandidates: changes.reshopCandidates ?? stored.reshopCandidates };
    const claims = releasedSeats.map((seat) => ({ paxSegmentID: seat.paxSegmentID, seatNumber: seat.seatNumber }));
    await this.state.updateOrder(this.profile.supplierId, stored.order.orderId, record, stored.version, claims);
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

  async #issueTickets(order: Order, now: Date): Promise<Order["tickets"]> {
    const prefix = carrierOf(this.profile, order.ownerCode).ticketPrefix;
    const serials = await this.#takeSerials(order.passengers.length);
    return order.passengers.map((passenger, index) => {
      const serial = String(serials[index]! + 1).padStart(10, "0");
      return { ticketNumber: `${prefix}${serial}`, paxId: passenger.paxId, issuedAt: now.toISOString() };
    });
  }

  /**
   * Ticket serials come from blocks reserved in the sandbox state, so that no two instances (nor a
   * restart) ever issue the same number, with one reservation per block rather than per ticket.
   */
  async #takeSerials(count: number): Promise<number[]> {
    const taken: number[] = [];
    while (taken.length < count) {
      if (this.#serialBlock.next >= this.#serialBlock.end) {
        const size = Math.max(TICKET_SERIAL_BLOCK, count - taken.length);
        const first = await this.state.reserveTicketSerials(this.profile.supplierId, size, this.#initialTicketSerial);
        this.#serialBlock = { next: first, end: first + size };
      }
      taken.push(this.#serialBlock.next);
      this.#serialBlock.next += 1;
    }
    return taken;
  }

  /** A booking reference for this attempt: deterministic for the moment, another one when the first is taken. */
  #bookingReference(now: Date, attempt: number): string {
    const random = seededRandom("booking-reference", this.profile.supplierId, now.getTime(), attempt, Math.floor(Math.random() * 1_000_000));
    return Array.from({ length: 6 }, () => random.pick([...BOOKING_REFERENCE_ALPHABET])).join("");
  }
}
