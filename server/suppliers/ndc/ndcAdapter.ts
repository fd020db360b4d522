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
import { supplierExchange } from "../http/supplierHttp";
import { SupplierError } from "../supplierError";
import type { ClientReferenceRequest, SupplierAdapter, SupplierCallOptions, SupplierOrderChangeRequest, SupplierOrderCreateRequest } from "../types";
import {
  airShoppingRQ,
  changeMoneyOf,
  errorOf,
  offerRQ,
  offersOf,
  orderCancelRQ,
  orderChangeRQ,
  orderCreateRQ,
  orderOf,
  orderReshopRQ,
  orderRetrieveRQ,
  pricedOfferOf,
  refundQuoteOf,
  refundQuoteRQ,
  reshopOffersOf,
  seatMapsOf,
  servicesOf,
  type NdcContext,
} from "./ndcMessages";
import type { NdcAirlineProfile, NdcMessageName } from "./ndcProfiles";
import { buildXml, parseXml, type XmlNode } from "./ndcXml";

/** The connection an administrator enters in the supplier wizard for one airline. */
export interface NdcConnection {
  readonly supplierId: string;
  readonly supplierName: string;
  readonly profile: NdcAirlineProfile;
  readonly endpointUrl: string;
  readonly apiKey: string;
  readonly iataNumber: string;
  readonly pseudoCity: string;
}

/** The agency reference the connection test asks for: no order has it, so an authenticated airline answers "not found". */
const CONNECTION_PROBE_REFERENCE = "AGG-CONNECTION-TEST";

/**
 * A direct airline connection over IATA NDC 21.3 (XML): AirShopping, OfferPrice, ServiceList,
 * SeatAvailability, OrderCreate, OrderRetrieve, OrderReshop, OrderChange and OrderCancel. What
 * differs between airlines (authentication, addresses, how a refund is quoted, fare types, error
 * codes) is the airline's profile (ndcProfiles.ts), so BA and Lufthansa Group are two profiles of it.
 */
export class NdcAdapter implements SupplierAdapter {
  readonly isSandbox = false;
  readonly supplierId: string;
  readonly supplierName: string;
  readonly #context: NdcContext;

  constructor(private readonly connection: NdcConnection) {
    this.supplierId = connection.supplierId;
    this.supplierName = connection.supplierName;
    this.#context = { profile: connection.profile, supplierId: connection.supplierId, supplierName: connection.supplierName, iataNumber: connection.iataNumber, pseudoCity: connection.pseudoCity };
  }

  /** One message: posted as XML with the airline's authentication, its answer parsed, its Error element a refusal. */
  async #send(message: NdcMessageName, body: Record<string, unknown>, signal: AbortSignal, { errorsAnswered = false } = {}): Promise<XmlNode> {
    const { profile, endpointUrl, apiKey } = this.connection;
    const answer = await supplierExchange(this.supplierName, {
      method: "POST",
      url: `${endpointUrl.replace(/\/+$/, "")}${profile.messagePath(message)}`,
      headers: () => ({ [profile.authentication.header]: profile.authentication.scheme === "bearer" ? `Bearer ${apiKey}` : apiKey }),
      body: buildXml(`IATA_${message}RQ`, body),
      contentType: "application/xml",
      accept: "application/xml",
      signal,
    });
    if (answer.status === 401 || answer.status === 403) throw new SupplierError("NOT_PERMITTED", `${this.supplierName} refused the credentials (HTTP ${answer.status}). Check the API key.`);
    if (answer.status >= 500) throw new SupplierError("SUPPLIER_FAILURE", `${this.supplierName} failed (HTTP ${answer.status}).`);
    const parsed = parseXml(answer.text, this.supplierName);
    const root = parsed[`IATA_${message}RS`];
    if (root === undefined || root === null || typeof root !== "object") throw new SupplierError("SUPPLIER_FAILURE", `${this.supplierName} did not answer with IATA_${message}RS (HTTP ${answer.status}).`);
    const error = errorOf(root as XmlNode, this.#context);
    if (error && !errorsAnswered) throw error;
    return root as XmlNode;
  }

  /** The wizard's Test connection: an order retrieve for a reference no order has; "not found" means the airline took the credentials. */
  async status(options: SupplierCallOptions): Promise<string> {
    const root = await this.#send("OrderRetrieve", orderRetrieveRQ(this.#context, { clientReference: CONNECTION_PROBE_REFERENCE }), options.signal, { errorsAnswered: true });
    const error = errorOf(root, this.#context);
    if (error && error.code !== "ORDER_NOT_FOUND") throw error;
    return "reachable";
  }

  async airShopping(request: AirShoppingRequest, options: SupplierCallOptions): Promise<AirShoppingResponse> {
    return offersOf(await this.#send("AirShopping", airShoppingRQ(this.#context, request), options.signal), this.#context);
  }

  async offerPrice(request: OfferPriceRequest, options: SupplierCallOptions): Promise<OfferPriceResponse> {
    return { pricedOffer: pricedOfferOf(await this.#send("OfferPrice", offerRQ(this.#context, request), options.signal), this.#context, request.shoppingResponseId) };
  }

  async serviceList(request: ServiceListRequest, options: SupplierCallOptions): Promise<ServiceListResponse> {
    return { offerId: request.offerId, services: servicesOf(await this.#send("ServiceList", offerRQ(this.#context, request), options.signal)) };
  }

  async seatAvailability(request: SeatAvailabilityRequest, options: SupplierCallOptions): Promise<SeatAvailabilityResponse> {
    return { offerId: request.offerId, seatMaps: seatMapsOf(await this.#send("SeatAvailability", offerRQ(this.#context, request, request.paxSegmentIDs ?? []), options.signal)) };
  }

  /** OrderCreate names the priced offer's items: the offer is priced first. */
  async orderCreate(request: SupplierOrderCreateRequest, options: SupplierCallOptions): Promise<Order> {
    const { pricedOffer } = await this.offerPrice(request, options);
    return orderOf(await this.#send("OrderCreate", orderCreateRQ(this.#context, request, pricedOffer.offerItems), options.signal), this.#context);
  }

  async orderRetrieve(request: OrderRetrieveRequest, options: SupplierCallOptions): Promise<Order> {
    return orderOf(await this.#send("OrderRetrieve", orderRetrieveRQ(this.#context, { orderId: request.orderId }), options.signal), this.#context);
  }

  /** By the agency's booking reference: the airline's "not found" is the answer that no order was made. */
  async orderRetrieveByClientReference(request: ClientReferenceRequest, options: SupplierCallOptions): Promise<Order | null> {
    const root = await this.#send("OrderRetrieve", orderRetrieveRQ(this.#context, { clientReference: request.clientReference }), options.signal, { errorsAnswered: true });
    const error = errorOf(root, this.#context);
    if (error?.code === "ORDER_NOT_FOUND") return null;
    if (error) throw error;
    return orderOf(root, this.#context);
  }

  async orderReshop(request: OrderReshopRequest, options: SupplierCallOptions): Promise<OrderReshopResponse> {
    return { orderId: request.orderId, reshopOffers: reshopOffersOf(await this.#send("OrderReshop", orderReshopRQ(this.#context, request.orderId, request.journeyChanges), options.signal)) };
  }

  async orderChange(request: SupplierOrderChangeRequest, options: SupplierCallOptions): Promise<OrderChangeResponse> {
    const change = request.action === "issueTickets" ? { issueTickets: request.payment } : { reshopOfferId: request.reshopOfferId, payment: request.payment };
    const root = await this.#send("OrderChange", orderChangeRQ(this.#context, request.orderId, change), options.signal);
    return { order: orderOf(root, this.#context), ...changeMoneyOf(root) };
  }

  /** A quote by the airline's way of quoting (OrderReshop or OrderCancel), the order as it stands; then OrderCancel. */
  async orderCancel(request: OrderCancelRequest, options: SupplierCallOptions): Promise<OrderCancelResponse> {
    if (request.action === "quote") {
      const quoteMessage = this.connection.profile.refundQuote;
      const [quoted, order] = await Promise.all([this.#send(quoteMessage, refundQuoteRQ(this.#context, request.orderId), options.signal), this.orderRetrieve(request, options)]);
      return { quote: refundQuoteOf(quoted), order };
    }
    const root = await this.#send("OrderCancel", orderCancelRQ(this.#context, request.orderId), options.signal);
    return { quote: refundQuoteOf(root), order: orderOf(root, this.#context) };
  }
}
