import type { Money } from "../../src/contract/money";
import type {
  AirShoppingRequest,
  AirShoppingResponse,
  OfferPriceRequest,
  OfferPriceResponse,
  Order,
  OrderCancelRequest,
  OrderCancelResponse,
  OrderChangeResponse,
  OrderCreateRequest,
  OrderReference,
  OrderReshopRequest,
  OrderReshopResponse,
  OrderRetrieveRequest,
  SeatAvailabilityRequest,
  SeatAvailabilityResponse,
  ServiceListRequest,
  ServiceListResponse,
} from "../../src/contract/shopping";

/** Every supplier call can be abandoned: the platform aborts it at its time-out. */
export interface SupplierCallOptions {
  readonly signal: AbortSignal;
}

/**
 * How the platform settles with the supplier, once it has taken the agent's payment: CA is
 * the agency account (cash / BSP), CC a card passed through to the airline.
 */
export interface SupplierPayment {
  readonly typeCode: "CA" | "CC";
  readonly amount: Money;
  readonly cardToken: string | null;
  /** Billed through BSP to this IATA number (the agency's own), not to the platform's account. */
  readonly bspIataNumber?: string;
}

/**
 * The console's OrderCreate with the payment resolved; payment null books and holds. The client
 * reference is the platform's own order reference: the supplier keeps it, so the platform can
 * find the order again when it never heard the answer (a crash, a time-out).
 */
export type SupplierOrderCreateRequest = Omit<OrderCreateRequest, "isBookAndHold" | "payment"> & {
  readonly payment: SupplierPayment | null;
  readonly clientReference: string;
};

/** OrderRetrieve by the platform's own reference, given at OrderCreate. */
export interface ClientReferenceRequest {
  readonly supplierId: string;
  readonly clientReference: string;
}

export type SupplierOrderChangeRequest =
  | (OrderReference & { readonly action: "issueTickets"; readonly payment: SupplierPayment })
  | (OrderReference & {
      readonly action: "acceptReshopOffer";
      readonly reshopOfferId: string;
      readonly payment: SupplierPayment | null;
    });

/** An NDC-shaped supplier. A real supplier is one more implementation of this interface. */
export interface SupplierAdapter {
  readonly supplierId: string;
  readonly supplierName: string;
  readonly isSandbox: boolean;
  airShopping(request: AirShoppingRequest, options: SupplierCallOptions): Promise<AirShoppingResponse>;
  offerPrice(request: OfferPriceRequest, options: SupplierCallOptions): Promise<OfferPriceResponse>;
  serviceList(request: ServiceListRequest, options: SupplierCallOptions): Promise<ServiceListResponse>;
  seatAvailability(request: SeatAvailabilityRequest, options: SupplierCallOptions): Promise<SeatAvailabilityResponse>;
  orderCreate(request: SupplierOrderCreateRequest, options: SupplierCallOptions): Promise<Order>;
  orderRetrieve(request: OrderRetrieveRequest, options: SupplierCallOptions): Promise<Order>;
  /** The order made with this client reference, or null when the supplier never made one. */
  orderRetrieveByClientReference(request: ClientReferenceRequest, options: SupplierCallOptions): Promise<Order | null>;
  orderReshop(request: OrderReshopRequest, options: SupplierCallOptions): Promise<OrderReshopResponse>;
  orderChange(request: SupplierOrderChangeRequest, options: SupplierCallOptions): Promise<OrderChangeResponse>;
  orderCancel(request: OrderCancelRequest, options: SupplierCallOptions): Promise<OrderCancelResponse>;
}
