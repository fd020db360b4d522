import type { Duffel } from "@duffel/api";
import type {
  AirShoppingRequest,
  AirShoppingResponse,
  OfferPriceRequest,
  OfferPriceResponse,
  Order,
  OrderCancelRequest,
  OrderCancelResponse,
  OrderChangeResponse,
  OrderReshopRequest,
  OrderReshopResponse,
  OrderRetrieveRequest,
  SeatAvailabilityRequest,
  SeatAvailabilityResponse,
  ServiceListRequest,
  ServiceListResponse,
} from "../../../src/contract/shopping";
import { SupplierError } from "../supplierError";
import type { ClientReferenceRequest, SupplierAdapter, SupplierCallOptions, SupplierOrderChangeRequest, SupplierOrderCreateRequest } from "../types";
import { bagServiceFor, bagServicesOf, cancellationQuoteOf, changeSlicesOf, duffelMoney, offerOf, offerRequestOf, orderOf, orderPassengersOf, reshopOfferOf, seatMapsOf, seatServiceFor } from "./duffelMapping";
import {
  duffelCancellationSchema,
  duffelChangeRequestSchema,
  duffelOfferRequestSchema,
  duffelOfferSchema,
  duffelOrderChangeSchema,
  duffelOrderListSchema,
  duffelOrderSchema,
  duffelSeatMapsSchema,
  type DuffelOffer,
  type DuffelOrder,
} from "./duffelSchemas";
import { balancePayment, callDuffel, CLIENT_REFERENCE_KEY, duffelClientOf, findByClientReference, LIST_PAGE_SIZE, parsed, PROVIDER, type DuffelConnection } from "./duffelClient";

export type { DuffelConnection } from "./duffelClient";

/**
 * Flights from Duffel (API v2) through its official client: offer requests, offers with their
 * bags, seat maps, orders paid from the Duffel balance or held (pay later), payment of a held
 * order, retrieval (also by the platform's reference), date changes (change offers, then the
 * chosen one confirmed with its payment), and cancellation quoted then confirmed.
 */
export class DuffelAdapter implements SupplierAdapter {
  readonly isSandbox = false;
  readonly supplierId: string;
  readonly supplierName: string;
  readonly #client: Duffel;

  constructor(connection: DuffelConnection) {
    this.supplierId = connection.supplierId;
    this.supplierName = connection.supplierName;
    this.#client = duffelClientOf(connection);
  }

  /** One call to Duffel: within the caller's time-out, a short Retry-After waited out, refusals in words. */
  #call<T>(signal: AbortSignal, request: (client: Duffel) => Promise<T>): Promise<T> {
    return callDuffel(this.#client, signal, request);
  }

  /** The cheapest authenticated call, for the wizard's Test connection: one airline. */
  async status(options: SupplierCallOptions): Promise<string> {
    await this.#call(options.signal, (client) => client.airlines.list({ limit: 1 }));
    return "reachable";
  }

  async #offer(offerId: string, signal: AbortSignal): Promise<DuffelOffer> {
    const answer = await this.#call(signal, (client) => client.offers.get(offerId, { return_available_services: true }));
    return parsed(duffelOfferSchema, answer.data);
  }

  async #order(orderId: string, signal: AbortSignal): Promise<DuffelOrder> {
    const answer = await this.#call(signal, (client) => client.orders.get(orderId));
    return parsed(duffelOrderSchema, answer.data);
  }

  #context(shoppingResponseId: string) {
    return { supplierId: this.supplierId, supplierName: this.supplierName, shoppingResponseId };
  }

  async airShopping(request: AirShoppingRequest, options: SupplierCallOptions): Promise<AirShoppingResponse> {
    const answer = await this.#call(options.signal, (client) => client.offerRequests.create({ ...offerRequestOf(request), return_offers: true }));
    const offerRequest = parsed(duffelOfferRequestSchema, answer.data);
    const preferred = new Set(request.preferredAirlines);
    const offers = offerRequest.offers
      .filter((offer) => preferred.size === 0 || preferred.has(offer.owner.iata_code ?? ""))
      .flatMap((offer) => {
        try {
          return [offerOf(offer, this.#context(offerRequest.id))];
        } catch (error) {
          // One offer the platform cannot read (an unknown airline code) does not hide the others.
          if (error instanceof SupplierError) return [];
          throw error;
        }
      });
    return { shoppingResponseId: offerRequest.id, offers };
  }

  async offerPrice(request: OfferPriceRequest, options: SupplierCallOptions): Promise<OfferPriceResponse> {
    return { pricedOffer: offerOf(await this.#offer(request.offerId, options.signal), this.#context(request.shoppingResponseId)) };
  }

  async serviceList(request: ServiceListRequest, options: SupplierCallOptions): Promise<ServiceListResponse> {
    return { offerId: request.offerId, services: bagServicesOf(await this.#offer(request.offerId, options.signal)) };
  }

  async seatAvailability(request: SeatAvailabilityRequest, options: SupplierCallOptions): Promise<SeatAvailabilityResponse> {
    const [offer, maps] = await Promise.all([
      this.#offer(request.offerId, options.signal),
      this.#call(options.signal, (client) => client.seatMaps.get({ offer_id: request.offerId })).then((answer) => parsed(duffelSeatMapsSchema, answer.data)),
    ]);
    const wanted = new Set(request.paxSegmentIDs ?? []);
    return { offerId: request.offerId, seatMaps: seatMapsOf(maps, offer).filter((map) => wanted.size === 0 || wanted.has(map.paxSegmentID)) };
  }

  async orderCreate(request: SupplierOrderCreateRequest, options: SupplierCallOptions): Promise<Order> {
    const offer = await this.#offer(request.offerId, options.signal);
    if (request.payment === null && offer.payment_requirements.requires_instant_payment) {
      throw new SupplierError("NOT_PERMITTED", `${offer.owner.name} must be paid at once for this fare through ${PROVIDER}; it cannot be held. Book and pay instead.`);
    }
    const maps = request.selectedSeats.length > 0 ? parsed(duffelSeatMapsSchema, (await this.#call(options.signal, (client) => client.seatMaps.get({ offer_id: request.offerId }))).data) : [];
    const services = [...request.selectedServices.map((selection) => bagServiceFor(offer, selection)), ...request.selectedSeats.map((selection) => seatServiceFor(maps, selection))];
    const body = {
      selected_offers: [request.offerId],
      passengers: orderPassengersOf(request.passengers, request.contact, { identityDocumentsRequired: offer.passenger_identity_documents_required }),
      ...(services.length > 0 ? { services } : {}),
      ...(request.payment ? { type: "instant" as const, payments: [balancePayment(request.payment)] } : { type: "pay_later" as const }),
      metadata: { [CLIENT_REFERENCE_KEY]: request.clientReference },
    };
    const answer = await this.#call(options.signal, (client) => client.orders.create(body as Parameters<Duffel["orders"]["create"]>[0]));
    return orderOf(parsed(duffelOrderSchema, answer.data), { supplierId: this.supplierId, known: { passengers: request.passengers, contact: request.contact } });
  }

  async orderRetrieve(request: OrderRetrieveRequest, options: SupplierCallOptions): Promise<Order> {
    return orderOf(await this.#order(request.orderId, options.signal), { supplierId: this.supplierId });
  }

  /** An order whose answer was lost, found by the platform's reference among the account's orders. */
  async orderRetrieveByClientReference(request: ClientReferenceRequest, options: SupplierCallOptions): Promise<Order | null> {
    const found = await findByClientReference(
      async (after) => {
        const answer = await this.#call(options.signal, (client) => client.orders.list({ limit: LIST_PAGE_SIZE, ...(after ? { after } : {}) }));
        return { items: parsed(duffelOrderListSchema, answer.data), after: answer.meta?.after };
      },
      request.clientReference,
      "orders",
    );
    return found && orderOf(found, { supplierId: this.supplierId });
  }

  async orderReshop(request: OrderReshopRequest, options: SupplierCallOptions): Promise<OrderReshopResponse> {
    const duffelOrder = await this.#order(request.orderId, options.signal);
    const order = orderOf(duffelOrder, { supplierId: this.supplierId });
    if (order.status !== "confirm") throw new SupplierError("NOT_PERMITTED", `Only a ticketed order's dates can be changed; this one is ${order.status}.`);
    const slices = changeSlicesOf(duffelOrder, request.journeyChanges);
    const answer = await this.#call(options.signal, (client) => client.orderChangeRequests.create({ order_id: request.orderId, slices: slices as Parameters<Duffel["orderChangeRequests"]["create"]>[0]["slices"] }));
    const changeRequest = parsed(duffelChangeRequestSchema, answer.data);
    return { orderId: request.orderId, reshopOffers: changeRequest.order_change_offers.map((offer) => reshopOfferOf(order, offer)) };
  }

  /** Duffel changes an order in two steps: the chosen change offer becomes a pending change, confirmed with its payment. */
  async #acceptChange(request: Extract<SupplierOrderChangeRequest, { action: "acceptReshopOffer" }>, signal: AbortSignal): Promise<OrderChangeResponse> {
    const pending = parsed(duffelOrderChangeSchema, (await this.#call(signal, (client) => client.orderChanges.create({ selected_order_change_offer: request.reshopOfferId }))).data);
    const change = duffelMoney(pending.change_total_amount, pending.change_total_currency);
    if (change.amount > 0 && request.payment === null) throw new SupplierError("PAYMENT_MISMATCH", `${PROVIDER} asks ${pending.change_total_amount} ${pending.change_total_currency} for this change; it needs a payment.`);
    const payment = change.amount > 0 && request.payment ? { payment: balancePayment(request.payment) } : {};
    await this.#call(signal, (client) => client.orderChanges.confirm(pending.id, payment));
    const order = orderOf(await this.#order(request.orderId, signal), { supplierId: this.supplierId });
    return { order: { ...order, status: "exchange" }, collected: { amount: Math.max(0, change.amount), currency: change.currency }, refunded: { amount: Math.max(0, -change.amount), currency: change.currency } };
  }

  async orderChange(request: SupplierOrderChangeRequest, options: SupplierCallOptions): Promise<OrderChangeResponse> {
    if (request.action === "acceptReshopOffer") return this.#acceptChange(request, options.signal);
    const payment = balancePayment(request.payment);
    await this.#call(options.signal, (client) => client.payments.create({ order_id: request.orderId, payment }));
    const order = orderOf(await this.#order(request.orderId, options.signal), { supplierId: this.supplierId });
    return { order, collected: request.payment.amount, refunded: { amount: 0, currency: request.payment.amount.currency } };
  }

  /** Duffel quotes a cancellation by creating it, unconfirmed; confirming is a second call. */
  async orderCancel(request: OrderCancelRequest, options: SupplierCallOptions): Promise<OrderCancelResponse> {
    const order = orderOf(await this.#order(request.orderId, options.signal), { supplierId: this.supplierId });
    if (order.status !== "hold" && order.status !== "confirm") throw new SupplierError("NOT_PERMITTED", `An order in status ${order.status} cannot be cancelled.`);
    const pending = parsed(duffelCancellationSchema, (await this.#call(options.signal, (client) => client.orderCancellations.create({ order_id: request.orderId }))).data);
    const quote = cancellationQuoteOf(order, pending);
    if (request.action === "quote") return { quote, order };
    parsed(duffelCancellationSchema, (await this.#call(options.signal, (client) => client.orderCancellations.confirm(pending.id))).data);
    return { quote, order: orderOf(await this.#order(request.orderId, options.signal), { supplierId: this.supplierId }) };
  }
}
