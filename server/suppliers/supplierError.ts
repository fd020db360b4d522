/**
 * What a supplier refused or failed to do. The HTTP layer maps the codes: *_NOT_FOUND 404,
 * OFFER_EXPIRED 409, INVALID_REQUEST / NOT_PERMITTED / SEAT_UNAVAILABLE / PAYMENT_MISMATCH 422,
 * SUPPLIER_FAILURE 502, RATE_LIMITED 503, TIMEOUT 504.
 */
export type SupplierErrorCode =
  | "OFFER_NOT_FOUND"
  | "OFFER_EXPIRED"
  | "ORDER_NOT_FOUND"
  | "INVALID_REQUEST"
  | "NOT_PERMITTED"
  | "SEAT_UNAVAILABLE"
  | "PAYMENT_MISMATCH"
  | "SUPPLIER_FAILURE"
  /** The supplier asks for a pause longer than a caller can wait (HTTP 429 with Retry-After). */
  | "RATE_LIMITED"
  | "TIMEOUT";

export class SupplierError extends Error {
  override readonly name = "SupplierError";

  constructor(
    readonly code: SupplierErrorCode,
    message: string,
  ) {
    super(message);
  }
}
