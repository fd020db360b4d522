import type { FareCode, FareFamilyCode } from "../../../src/contract/shopping";
import type { SupplierErrorCode } from "../supplierError";

/**
 * What differs between airlines speaking NDC 21.3, as data: one adapter serves them all. These are
 * the spec's two NDC sources; another airline is one more entry.
 */
export interface NdcAirlineProfile {
  /** The supplier's source in the suppliers table (the wizard's "Source"). */
  readonly source: string;
  /** The carrier the messages are addressed to (DistributionChain, role Carrier). */
  readonly carrierCode: string;
  /** How the API key travels: in a header of its own, or as a bearer token. */
  readonly authentication: { readonly header: string; readonly scheme: "key" | "bearer" };
  /** Where each message is posted, below the endpoint. */
  readonly messagePath: (message: NdcMessageName) => string;
  /** A refund is quoted by OrderReshop (BA) or by OrderCancel marked as a quote (Lufthansa Group). */
  readonly refundQuote: "OrderReshop" | "OrderCancel";
  /** The airline's fare type codes and the platform's fare family each one is; others read as F11 UNKNOWN. */
  readonly fareFamilies: Readonly<Partial<Record<FareCode, FareFamilyCode>>>;
  /** The airline's error codes the platform acts on; any other is an invalid request in the airline's words. */
  readonly errorCodes: Readonly<Record<string, SupplierErrorCode>>;
}

export const NDC_MESSAGES = ["AirShopping", "OfferPrice", "ServiceList", "SeatAvailability", "OrderCreate", "OrderRetrieve", "OrderReshop", "OrderChange", "OrderCancel"] as const;
export type NdcMessageName = (typeof NDC_MESSAGES)[number];

/** IATA's NDC error codes the two airlines answer with (the common ones, in both profiles). */
const COMMON_ERRORS: Readonly<Record<string, SupplierErrorCode>> = {
  "911": "SUPPLIER_FAILURE",
  OFFER_EXPIRED: "OFFER_EXPIRED",
  OFFER_NOT_FOUND: "OFFER_NOT_FOUND",
  ORDER_NOT_FOUND: "ORDER_NOT_FOUND",
  SEAT_UNAVAILABLE: "SEAT_UNAVAILABLE",
  PAYMENT_MISMATCH: "PAYMENT_MISMATCH",
  NOT_PERMITTED: "NOT_PERMITTED",
};

export const NDC_AIRLINE_PROFILES: readonly NdcAirlineProfile[] = [
  {
    source: "BA NDC",
    carrierCode: "BA",
    authentication: { header: "Client-Key", scheme: "key" },
    messagePath: (message) => `/selling-distribution/${message}/21.3`,
    refundQuote: "OrderReshop",
    fareFamilies: { "70J": "F01", "758": "F02" },
    errorCodes: COMMON_ERRORS,
  },
  {
    source: "Lufthansa Group NDC",
    carrierCode: "LH",
    authentication: { header: "Authorization", scheme: "bearer" },
    messagePath: (message) => `/ndc/v21.3/${message.toLowerCase()}`,
    refundQuote: "OrderCancel",
    fareFamilies: { "70J": "F01", "70G": "F04" },
    errorCodes: COMMON_ERRORS,
  },
];

export const ndcProfileOf = (source: string): NdcAirlineProfile | undefined => NDC_AIRLINE_PROFILES.find((profile) => profile.source === source);
