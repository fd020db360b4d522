import { base64Of } from "../../lib/base64";
import type { z } from "zod";
import type { HostedPayment } from "../../contract/hostedPayments";
import type { SupplierSettings } from "../../contract/flights";
import type { FlightOfferPriceResponse } from "../../contract/flights";
import type {
  LedgerEntry,
  OrderCancelRequest,
  OrderSyncResponse,
  PlatformOrder,
  SupplierMessage,
  cancelQuoteResponseSchema,
  cardTokenRequestSchema,
  cardTokenResponseSchema,
  creditStatusSchema,
  orderListQuerySchema,
  paymentOptionsResponseSchema,
  pricedReshopOfferSchema,
} from "../../contract/orders";
import type { Rfic } from "../../contract/rfic";
import type { RedeemableVoucher, ResidualFund, usableVouchersRequestSchema } from "../../contract/vouchers";
import type { Money } from "../../contract/money";
import type {
  AirShoppingRequestInput,
  OfferReference,
  OrderCreateRequest,
  Payment,
  PricedAirShoppingResponse,
  SeatAvailabilityResponse,
  ServiceListResponse,
  AncillaryCatalogueEntry,
} from "../../contract/shopping";
import type {
  DestinationSuggestion,
  HotelBookingRequest,
  HotelRatesResponse,
  HotelRecheckResponse,
  HotelSearchRequest,
  HotelSearchResponse,
  RoomOccupancy,
} from "../../contract/hotels";
import type {
  ActivityAvailabilityResponse,
  ActivityBookingRequest,
  ActivityDetailsRequest,
  ActivityDetailsResponse,
  ActivitySearchRequest,
  ActivitySearchResponse,
  ActivitySlotRequest,
} from "../../contract/activities";
import type { VisaApplicationRequest, VisaApplicationView, VisaMoveRequest, VisaProductOffer, VisaState } from "../../contract/visas";
import type { PackageBookingRequest, PackageOffer, PackageSearchQuery } from "../../contract/packages";
import type { InsuranceBookingRequest, InsuranceQuoteInput, InsuranceQuoteResponse, PolicyChangeQuote, PolicyChangeRequest } from "../../contract/insurance";
import type { Beneficiary, BeneficiaryRequest, DmtBrand, PayoutMethod, QuoteRequest, Remitter, RemitterRequest, SendTransferRequest, Transfer, TransferQuote, TransferState } from "../../contract/moneyTransfer";
import { apiClient } from "../../providers/apiClient";
import { bookingForHeaders } from "../onBehalf/bookingFor";

/**
 * The booking pages' calls to the shopping and order API (docs/api.md). Every answer is the
 * `{status, data}` envelope; these return `data`. Order-changing calls take the caller's
 * idempotency key so a double click or a retry never books, pays or cancels twice.
 */

export type PaymentOptions = z.infer<typeof paymentOptionsResponseSchema>;
/** A flight's airline and travellers, so checkout can offer their residual funds beside the agency's e-vouchers. */
export type VoucherSale = z.input<typeof usableVouchersRequestSchema>;
export type CardTokenRequest = z.input<typeof cardTokenRequestSchema>;
export type CardToken = z.infer<typeof cardTokenResponseSchema>;
export type CancelQuote = z.infer<typeof cancelQuoteResponseSchema>;
export type PricedReshopOffer = z.infer<typeof pricedReshopOfferSchema>;
export type CreditStatus = z.infer<typeof creditStatusSchema>;
export type OrderListQuery = Partial<z.input<typeof orderListQuerySchema>>;

async function get<Data>(path: string, params?: object, headers?: Record<string, string>): Promise<Data> {
  const { data } = await apiClient.get<{ data: Data }>(path, { params, headers });
  return data.data;
}

async function post<Data>(path: string, body: unknown, idempotencyKey?: string, headers: Record<string, string> = {}): Promise<Data> {
  const { data } = await apiClient.post<{ data: Data }>(path, body, { headers: idempotencyKey ? { ...headers, "Idempotency-Key": idempotencyKey } : headers });
  return data.data;
}

/** Shopping and checkout calls speak for the organisation the agent books for (booking on behalf). */
const shopGet = <Data>(path: string, params?: object) => get<Data>(path, params, bookingForHeaders());
const shopPost = <Data>(path: string, body: unknown, idempotencyKey?: string) => post<Data>(path, body, idempotencyKey, bookingForHeaders());

async function put<Data>(path: string, body: unknown): Promise<Data> {
  const { data } = await apiClient.put<{ data: Data }>(path, body);
  return data.data;
}

/** Exactly an offer reference's fields: the server refuses a field a call does not take, and an offer carries many more. */
export const offerReferenceOf = ({ supplierId, shoppingResponseId, offerId, ownerCode }: OfferReference): OfferReference => ({ supplierId, shoppingResponseId, offerId, ownerCode });

const orderPath = (orderId: number, action = "") => `/api/orders/${encodeURIComponent(String(orderId))}${action}`;

export const bookingApi = {
  searchFlights: (request: AirShoppingRequestInput) => shopPost<PricedAirShoppingResponse>("/api/flights/search", request),
  offerPrice: (offer: OfferReference, expectedTotal?: Money) =>
    shopPost<FlightOfferPriceResponse>("/api/flights/offer-price", { ...offerReferenceOf(offer), expectedTotal }),
  services: (offer: OfferReference) => shopPost<ServiceListResponse>("/api/flights/services", offerReferenceOf(offer)),
  ancillaryCatalogue: () => get<AncillaryCatalogueEntry[]>("/api/ancillaries-service-list"),
  seatMap: (offer: OfferReference, paxSegmentIDs?: string[]) =>
    shopPost<SeatAvailabilityResponse>("/api/flights/seat-map", { ...offerReferenceOf(offer), paxSegmentIDs }),

  paymentOptions: (subject: OfferReference | { product: "hotel" | "insurance" | "activity" | "visa" | "package" | "transfer"; supplierId: string }) => shopPost<PaymentOptions>("/api/orders/payment-options", "offerId" in subject ? offerReferenceOf(subject) : subject),
  cardToken: (card: CardTokenRequest) => post<CardToken>("/api/payments/card-token", card),
  checkVoucher: (code: string) => shopPost<RedeemableVoucher>("/api/orders/voucher-check", { code }),
  usableVouchers: (sale: VoucherSale) => shopPost<RedeemableVoucher[]>("/api/orders/usable-vouchers", sale),
  createOrder: (request: OrderCreateRequest, idempotencyKey: string) => shopPost<PlatformOrder>("/api/orders", request, idempotencyKey),

  listOrders: async (query: OrderListQuery) => {
    const { data } = await apiClient.get<{ data: PlatformOrder[]; total: number }>("/api/orders", { params: query });
    return { orders: data.data, total: data.total };
  },
  order: (orderId: number) => get<PlatformOrder>(orderPath(orderId)),
  /** The agent back from the card gateway's hosted page: the payment settled, and the booking made once it is paid. */
  completeHostedPayment: (id: string, paymentId?: string) => post<HostedPayment>(`/api/hosted-payments/${encodeURIComponent(id)}/complete`, paymentId ? { paymentId } : {}),
  hostedPayment: (id: string) => get<HostedPayment>(`/api/hosted-payments/${encodeURIComponent(id)}`),
  orderLedger: (orderId: number) => get<LedgerEntry[]>(orderPath(orderId, "/ledger")),
  residualFunds: (orderId: number) => get<ResidualFund[]>(orderPath(orderId, "/residual-funds")),
  supplierMessages: (orderId: number) => get<SupplierMessage[]>(orderPath(orderId, "/supplier-messages")),
  ticket: (orderId: number, payment: Payment, idempotencyKey: string) =>
    post<PlatformOrder>(orderPath(orderId, "/ticket"), { payment }, idempotencyKey),
  reshop: (orderId: number, journeyChanges: { paxJourneyID: string; departureDate: string }[]) =>
    post<{ orderId: number; reshopOffers: PricedReshopOffer[] }>(orderPath(orderId, "/reshop"), { journeyChanges }),
  change: (orderId: number, reshopOfferId: string, payment: Payment | null, idempotencyKey: string) =>
    post<PlatformOrder>(orderPath(orderId, "/change"), { reshopOfferId, payment }, idempotencyKey),
  cancelQuote: (orderId: number) => post<CancelQuote>(orderPath(orderId, "/cancel-quote"), {}),
  sync: (orderId: number) => post<OrderSyncResponse>(orderPath(orderId, "/sync"), {}),
  cancel: (orderId: number, idempotencyKey: string, request: Partial<OrderCancelRequest> = {}) => post<PlatformOrder>(orderPath(orderId, "/cancel"), request, idempotencyKey),
  rficCodes: () => get<{ code: Rfic; description: string }[]>("/api/get-rfic-list"),
  cancelAddOn: (orderId: number, itemId: number, idempotencyKey: string) => post<PlatformOrder>(orderPath(orderId, `/items/${itemId}/cancel`), {}, idempotencyKey),
  quotePolicyChange: (orderId: number, itemId: number, change: PolicyChangeRequest) => post<PolicyChangeQuote>(orderPath(orderId, `/items/${itemId}/policy-change-quote`), change),
  changePolicy: (orderId: number, itemId: number, changeKey: string, payment: Payment | null, idempotencyKey: string) =>
    post<PlatformOrder>(orderPath(orderId, `/items/${itemId}/policy-change`), { changeKey, payment }, idempotencyKey),

  destinations: (query: string) => shopGet<DestinationSuggestion[]>("/api/hotels/destinations", { q: query }),
  searchHotels: (request: HotelSearchRequest) => shopPost<HotelSearchResponse>("/api/hotels/search", request),
  hotelRates: (request: { hotelCode: string; checkIn: string; checkOut: string; rooms: RoomOccupancy[]; nationality: string }) =>
    shopPost<HotelRatesResponse>("/api/hotels/rates", request),
  recheckHotel: (supplierId: string, rateKeys: string[], expectedTotal?: Money) => shopPost<HotelRecheckResponse>("/api/hotels/recheck", { supplierId, rateKeys, expectedTotal }),
  bookHotel: (request: HotelBookingRequest, idempotencyKey: string) => shopPost<PlatformOrder>("/api/hotels/book", request, idempotencyKey),

  quoteInsurance: (request: InsuranceQuoteInput) => shopPost<InsuranceQuoteResponse>("/api/insurance/quote", request),
  bookInsurance: (request: InsuranceBookingRequest, idempotencyKey: string) => shopPost<PlatformOrder>("/api/insurance/book", request, idempotencyKey),
  planCountries: (plan: string) => get<{ id: number; code: string; name: string }[]>(`/api/getIns-country/${encodeURIComponent(plan)}`),

  searchActivities: (request: ActivitySearchRequest) => shopPost<ActivitySearchResponse>("/api/activities/search", request),
  activityDetails: (request: ActivityDetailsRequest) => shopPost<ActivityDetailsResponse>("/api/activities/details", request),
  activityAvailability: (slot: ActivitySlotRequest) => shopPost<ActivityAvailabilityResponse>("/api/activities/availability", slot),
  bookActivity: (request: ActivityBookingRequest, idempotencyKey: string) => shopPost<PlatformOrder>("/api/activities/book", request, idempotencyKey),

  visaProducts: (query: { country?: string; nationality?: string }) => shopGet<VisaProductOffer[]>("/api/visas/products", query),
  applyForVisa: (request: VisaApplicationRequest, idempotencyKey: string) => shopPost<PlatformOrder>("/api/visas/applications", request, idempotencyKey),
  visaApplications: (query: { state?: VisaState; orderId?: number }) => get<VisaApplicationView[]>("/api/visas/applications", query),
  moveVisa: (id: number, move: VisaMoveRequest, idempotencyKey: string) => post<VisaApplicationView>(`/api/visas/applications/${id}/move`, move, idempotencyKey),
  visaDocument: async (id: number) => (await apiClient.get<Blob>(`/api/visas/applications/${id}/visa`, { responseType: "blob" })).data,
  /** Stores a PDF or an image (checked by its content on the server); answers its stored name. */
  uploadFile: async (file: File) => {
    const path = file.type === "application/pdf" ? "/api/upload-pdf-aws" : "/api/upload-image-aws";
    return (await post<{ name: string }>(path, { b64: base64Of(await file.arrayBuffer()) })).name;
  },

  packagesOffered: async (query: Partial<PackageSearchQuery>) => {
    const { data } = await apiClient.get<{ data: PackageOffer[]; total: number }>("/api/packages/offered", { params: query, headers: bookingForHeaders() });
    return { packages: data.data, total: data.total };
  },
  packageOffer: (id: number) => shopGet<PackageOffer>(`/api/packages/offered/${id}`),
  bookPackage: (request: PackageBookingRequest, idempotencyKey: string) => shopPost<PlatformOrder>("/api/packages/book", request, idempotencyKey),
  packageManifest: (id: number) => get<{ package: PackageOffer; pilgrims: Record<string, string | number>[] }>(`/api/packages/${id}/manifest`),

  dmtBrands: (query: { receiveCountry?: string; payoutMethod?: PayoutMethod }) => get<DmtBrand[]>("/api/dmt/fetchDmtBrands", query),
  remitters: (search: string) => get<Remitter[]>("/api/dmt/remitters", search ? { search } : undefined),
  createRemitter: (request: RemitterRequest) => post<Remitter>("/api/dmt/remitters", request),
  updateRemitter: (id: number, request: RemitterRequest) => put<Remitter>(`/api/dmt/remitters/${id}`, request),
  beneficiaries: (remitterId: number) => get<Beneficiary[]>(`/api/dmt/remitters/${remitterId}/beneficiaries`),
  createBeneficiary: (remitterId: number, request: Partial<BeneficiaryRequest>) => post<Beneficiary>(`/api/dmt/remitters/${remitterId}/beneficiaries`, request),
  quoteTransfer: (request: QuoteRequest) => post<TransferQuote>("/api/dmt/quotes", request),
  sendTransfer: (request: SendTransferRequest, idempotencyKey: string) => post<PlatformOrder>("/api/dmt/transfers", request, idempotencyKey),
  transfers: (query: { state?: TransferState; remitterId?: number; from?: string; to?: string }) => get<Transfer[]>("/api/dmt/transfers", query),
  transfer: (id: number) => get<Transfer>(`/api/dmt/transfers/${id}`),
  cancelTransfer: (id: number, reason: string) => post<Transfer>(`/api/dmt/transfers/${id}/cancel`, { reason }),

  creditStatus: () => shopGet<CreditStatus>("/api/check_credit_unlimited"),
  supplierSettings: () => get<SupplierSettings[]>("/api/admin/supplier-settings"),
};

/** A fresh key per intended action; the same key is reused when that action is retried. */
export const newIdempotencyKey = () => crypto.randomUUID();
