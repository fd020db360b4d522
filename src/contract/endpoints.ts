import { z } from "zod";
import { messageResponseSchema } from "./auth";
import {
  bulkUploadRequestSchema,
  bulkUploadResponseSchema,
  flightOfferPriceRequestSchema,
  flightOfferPriceResponseSchema,
  priceSimulationRequestSchema,
  priceSimulationResponseSchema,
  seatMapRequestSchema,
  storedMarkupRuleSchema,
  supplierSettingsChangeSchema,
  supplierSettingsSchema,
} from "./flights";
import { markupRuleBodySchema } from "./markup";
import { supplierConnectionResultSchema, supplierConnectionTestSchema } from "./supplierConnection";
import { errorCaptureRequestSchema, errorLogEntrySchema } from "./errorCapture";
import { storedExchangeRateSchema } from "./exchangeRates";
import {
  citySchema,
  cityListQuerySchema,
  destinationSuggestionSchema,
  hotelBookingRequestSchema,
  hotelRatesRequestSchema,
  hotelRatesResponseSchema,
  hotelRecheckRequestSchema,
  hotelRecheckResponseSchema,
  hotelSearchRequestSchema,
  hotelSearchResponseSchema,
} from "./hotels";
import {
  agentTransactionRequestSchema,
  cancelQuoteResponseSchema,
  orderSyncResponseSchema,
  cardTokenRequestSchema,
  cardTokenResponseSchema,
  changeRequestSchema,
  creditStatusSchema,
  ledgerEntrySchema,
  supplierMessageSchema,
  orderListQuerySchema,
  paymentOptionsRequestSchema,
  paymentOptionsResponseSchema,
  platformOrderSchema,
  pricedReshopOfferSchema,
  reshopRequestSchema,
  ticketRequestSchema,
} from "./orders";
import { dashboardQuerySchema, dashboardSchema } from "./dashboard";
import { latestPostSchema } from "./latestPosts";
import { ledgerPageQuerySchema } from "./pagination";
import { organisationNodeSchema } from "./organisationTree";
import { approveRegistrationBodySchema, referralsSchema, registrationListQuerySchema, registrationRequestViewSchema, rejectRegistrationBodySchema } from "./registration";
import { upgradeListQuerySchema, upgradeRejectBodySchema, upgradeRequestBodySchema, upgradeRequestViewSchema, upgradeViewSchema } from "./upgrades";
import { topUpListQuerySchema, topUpRejectBodySchema, topUpRequestBodySchema, topUpRequestSchema } from "./accounts";
import { hostedPaymentReturnSchema, hostedPaymentSchema, merchantConnectionResultSchema, merchantConnectionTestSchema } from "./hostedPayments";
import { redeemableVoucherSchema, residualFundSchema, usableVouchersRequestSchema, voucherCheckRequestSchema } from "./vouchers";
import { awaitingReceiptSchema, receiptListQuerySchema, receiptRequestSchema, receiptSchema } from "./receipts";
import { reportFiltersQuerySchema, reportFiltersSchema, reportQuerySchema, reportSchema } from "./reports";
import {
  airShoppingRequestSchema,
  offerReferenceSchema,
  orderCreateRequestSchema,
  pricedAirShoppingResponseSchema,
  seatAvailabilityResponseSchema,
  serviceListResponseSchema,
} from "./shopping";

/** One call of the API as docs/api.md describes it; `data` is what the `{status, data}` envelope carries. */
export interface Endpoint {
  readonly method: "GET" | "POST" | "PUT" | "DELETE";
  readonly path: string;
  readonly summary: string;
  /** The menu permission and action, or who else may call it. */
  readonly access: string;
  readonly idempotent?: boolean;
  /** Honours X-Booking-For: acts for an organisation of the caller's subtree (booking on behalf). */
  readonly bookingFor?: boolean;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly data?: z.ZodType;
  /** The whole answer, for the few calls that answer outside the envelope (sign-in's tokens). */
  readonly answer?: z.ZodType;
  /** The media types of a call that answers a file (a PDF, an image, a document) rather than the envelope. */
  readonly file?: readonly string[];
  /** Besides 400 validation_failed, 401 and 403: the codes a caller should handle. */
  readonly errors: readonly string[];
  /** Lists answer `{status, data: [...], total}`. */
  readonly paginated?: boolean;
}

/** A new booking paid partly or fully with an e-voucher (docs/payments.md, E-voucher). */
const VOUCHER_ERRORS = ["404 voucher_not_found", "422 residual_funds_airline", "422 residual_funds_traveller", "422 voucher_withdrawn", "422 voucher_expired", "422 voucher_used_up", "422 voucher_currency", "422 voucher_short", "422 voucher_rest_not_possible", "409 voucher_changed"];
const SUPPLIER_ERRORS = ["404 supplier_not_found", "404 offer_not_found", "409 offer_expired", "422 invalid_request", "502 supplier_failure", "503 supplier_paused", "503 rate_limited", "504 timeout", "504 booking_unconfirmed", "504 ticketing_unconfirmed"];
const ORDER_ID = "404 order_not_found";

/** Every endpoint of flight shopping, pricing administration, orders and the credit ledger. */
export const ENDPOINTS: readonly Endpoint[] = [
  {
    method: "POST",
    path: "/api/flights/search",
    bookingFor: true,
    summary: "AirShopping fanned out in parallel (8 s each) to every supplier active for the caller's organisation (suppliers table status active, brand list empty or naming the organisation or an ancestor, not switched off); every offer priced with the organisation's markup rules. A failing or slow supplier costs its offers and adds a warning naming it. Refused on its field before any supplier is asked: a departure in the past or more than 361 days ahead, an airport not in the airport list.",
    access: "search: view",
    body: airShoppingRequestSchema,
    data: pricedAirShoppingResponseSchema,
    errors: ["400 validation_failed"],
  },
  {
    method: "POST",
    path: "/api/flights/offer-price",
    bookingFor: true,
    summary: "OfferPrice at the supplier (price guarantee), repriced with the markup rules; priceChanged when the total differs from expectedTotal.",
    access: "search: view",
    body: flightOfferPriceRequestSchema,
    data: flightOfferPriceResponseSchema,
    errors: [...SUPPLIER_ERRORS, "422 pricing_failed", "422 exchange_rate_missing", "422 flight_departed"],
  },
  { method: "POST", path: "/api/flights/services", bookingFor: true, summary: "ServiceList: baggage, meals, special assistance, priced per passenger type and segment.", access: "search: view", body: offerReferenceSchema, data: serviceListResponseSchema, errors: SUPPLIER_ERRORS },
  { method: "POST", path: "/api/flights/seat-map", bookingFor: true, summary: "SeatAvailability: one seat map per segment (all segments unless paxSegmentIDs).", access: "search: view", body: seatMapRequestSchema, data: seatAvailabilityResponseSchema, errors: SUPPLIER_ERRORS },
  { method: "GET", path: "/api/admin/supplier-settings", summary: "Every configured supplier: on/off and, for sandbox suppliers, latency, error rate and time-out switches.", access: "head-office administrators", data: z.array(supplierSettingsSchema), errors: ["403 head_office_admin_only"] },
  { method: "POST", path: "/api/suppliers/test-connection", summary: "The supplier wizard's Test connection: makes the provider's cheapest authenticated call (Hotelbeds: status; Duffel: one airline) with the connection as the form has it (credentials left empty are those stored on supplier `id`) and answers whether it was accepted and what the provider said. An incomplete connection is a 422 saying what it lacks.", access: "setup-configuration: edit", body: supplierConnectionTestSchema, data: supplierConnectionResultSchema, errors: ["404 not_found", "422 connection_incomplete"] },
  { method: "PUT", path: "/api/admin/supplier-settings/{supplierId}", summary: "Switches a supplier on or off, or sets a sandbox supplier's fault switches, for the whole platform; kept across restarts.", access: "head-office administrators", body: supplierSettingsChangeSchema, data: supplierSettingsSchema, errors: ["403 head_office_admin_only", "404 supplier_not_found", "422 not_sandbox"] },
  {
    method: "GET",
    path: "/api/markup-rules",
    summary: "Markup rules, by priority then newest; filters layer, status (0|1), name (contains).",
    access: "setup-configuration: view",
    query: z.object({ page: z.number().optional(), pageSize: z.number().optional(), layer: z.enum(["supplier", "agency"]).optional(), status: z.enum(["0", "1"]).optional(), name: z.string().optional() }),
    data: storedMarkupRuleSchema,
    paginated: true,
    errors: [],
  },
  { method: "GET", path: "/api/markup-rules/{id}", summary: "One markup rule.", access: "setup-configuration: view", data: storedMarkupRuleSchema, errors: ["404 markup_rule_not_found"] },
  { method: "POST", path: "/api/markup-rules", summary: "Creates a rule; the rule index is recompiled at once. Organisations named must be in the caller's subtree.", access: "setup-configuration: create", body: markupRuleBodySchema, data: storedMarkupRuleSchema, errors: ["404 organisation_not_found"] },
  { method: "PUT", path: "/api/markup-rules/{id}", summary: "Replaces a rule.", access: "setup-configuration: edit", body: markupRuleBodySchema, data: storedMarkupRuleSchema, errors: ["404 markup_rule_not_found", "404 organisation_not_found"] },
  { method: "DELETE", path: "/api/markup-rules/{id}", summary: "Deletes a rule.", access: "setup-configuration: delete", answer: messageResponseSchema, errors: ["404 markup_rule_not_found"] },
  {
    method: "POST",
    path: "/api/markup-bulk-upload",
    summary: "Imports rules from an .xlsx (first sheet, header row with the columns of server/shopping/markupWorkbook.ts; amounts in major units). All or nothing: any bad row imports nothing and every problem is listed as errors [{field: 'row N, column', message}].",
    access: "setup-configuration: create",
    body: bulkUploadRequestSchema,
    data: bulkUploadResponseSchema,
    errors: ["400 upload_invalid"],
  },
  { method: "POST", path: "/api/markup/simulate", summary: "Price simulator: prices an offer (OfferPrice) or a whole search as the given organisation would be charged; each breakdown names the rules applied.", access: "setup-configuration: view", body: priceSimulationRequestSchema, data: priceSimulationResponseSchema, errors: ["404 organisation_not_found", ...SUPPLIER_ERRORS] },
  { method: "POST", path: "/api/orders/voucher-check", bookingFor: true, summary: "An e-voucher the agent typed at checkout: what it can still pay today, in its currency, when the organisation booking (or one above it) holds it and it is neither withdrawn, expired nor redeemed in full. Another agency's voucher is not found.", access: "bookings: view", body: voucherCheckRequestSchema, data: redeemableVoucherSchema, errors: ["404 voucher_not_found", "422 voucher_withdrawn", "422 voucher_expired", "422 voucher_used_up"] },
  { method: "POST", path: "/api/orders/usable-vouchers", bookingFor: true, summary: "The codes the organisation booking can use today, in its currency, the fullest first (at most 20): the e-vouchers it (or one above it) holds, and, for a flight's airline and travellers, their residual travel funds. Checkout offers them so the agent need not type a code.", access: "bookings: view", body: usableVouchersRequestSchema, data: z.array(redeemableVoucherSchema), errors: [] },
  { method: "POST", path: "/api/orders/payment-options", bookingFor: true, summary: "The payment methods the agent may use for a flight offer (its airline counts) or another product's supplier ({product, supplierId}): the organisation's pay_options, narrowed by the deciding payment-method rule, limited to those settled online (deposit and on account from the credit line, card through the gateway); book and hold when pay option 6 is on; the deciding agency rule (its pay options, hold, credit use and maximum amount); the credit still available.", access: "bookings: view", body: paymentOptionsRequestSchema, data: paymentOptionsResponseSchema, errors: [] },
  { method: "POST", path: "/api/payments/card-token", summary: "Sandbox card gateway: checks and tokenises a card. The token is good for one payment by the same user within 15 minutes; the server keeps its hash and encrypted details, never the card number. 4000000000000002 and 4000000000009995 are declined when charged.", access: "bookings: create", body: cardTokenRequestSchema, data: cardTokenResponseSchema, errors: ["400 card_invalid"] },
  {
    method: "POST",
    path: "/api/orders",
    bookingFor: true,
    summary: "OrderCreate from the platform's own price of the offer (never a client price) plus the supplier's ancillary and seat prices converted. Deposit debits the credit before booking; hold takes no payment; card is charged through the merchant rule's gateway or passed through to the airline by a credit-card-pass rule. A supplier failure after the payment gives it back in the same request and marks the order failed; an order a crash left pending is settled by the reconciler. Agency rules apply: credit use, hold, maximum amount.",
    access: "bookings: create",
    idempotent: true,
    body: orderCreateRequestSchema,
    data: platformOrderSchema,
    errors: [...SUPPLIER_ERRORS, ...VOUCHER_ERRORS, "422 credit_limit_exceeded", "422 payment_method_not_allowed", "422 credit_use_not_allowed", "422 hold_not_allowed", "422 booking_amount_exceeded", "422 flight_departed", "422 no_card_gateway", "422 card_declined", "422 card_token_invalid", "402 card_page_required", "409 card_payment_mismatch", "422 card_page_not_set_up", "422 ancillary_unavailable"],
  },
  { method: "GET", path: "/api/hotels/destinations", bookingFor: true, summary: "What the destination box suggests as the agent types: cities of the world cities dataset (most populous first), then from three letters hotels by name from the hotel suppliers' content.", access: "search: view", query: z.object({ q: z.string(), limit: z.number().optional() }), data: z.array(destinationSuggestionSchema), errors: [] },
  { method: "POST", path: "/api/hotels/search", bookingFor: true, summary: "Every hotel supplier the organisation may use, searched in parallel (a failing or slow one is left out with a warning); hotels merged on their shared code; each rate priced by the markup engine's hotel rules; per hotel the cheapest stay for every board and refundability one supplier can sell for all rooms.", access: "search: view", body: hotelSearchRequestSchema, data: hotelSearchResponseSchema, errors: ["400 validation_failed"] },
  { method: "POST", path: "/api/hotels/rates", bookingFor: true, summary: "The hotel page: one hotel's rates for each requested room, each supplier's cheapest per room type, board and refundability, priced, with cancellation policies in the hotel's local time and fees payable at the property.", access: "search: view", body: hotelRatesRequestSchema, data: hotelRatesResponseSchema, errors: ["400 validation_failed", "404 hotel_not_available"] },
  { method: "POST", path: "/api/hotels/recheck", bookingFor: true, summary: "Checks rates again at their supplier (rate keys live 30 minutes) and prices them; priceChanged when the total is not the expectedTotal the console showed.", access: "search: view", body: hotelRecheckRequestSchema, data: hotelRecheckResponseSchema, errors: ["404 offer_not_found", "409 offer_expired", "422 stay_started", ...SUPPLIER_ERRORS] },
  {
    method: "POST",
    path: "/api/hotels/book",
    bookingFor: true,
    summary: "Books hotel rooms of one supplier through the same path as flights: the rates rechecked and priced by the platform (a total other than expectedTotal is 409 price_changed), the agency rule, payment-method, merchant and card-pass rules, the credit debited in the order's transaction, or a hold where every rate allows it (until its free-cancellation deadline). The order holds one hotel item with the supplier's booking, its price breakdown and its cancellation terms in the agency's currency. Servicing (confirm a hold, cancel quote, cancel) uses the order calls.",
    access: "bookings: create",
    idempotent: true,
    body: hotelBookingRequestSchema,
    data: platformOrderSchema,
    errors: ["400 validation_failed", ...VOUCHER_ERRORS, "409 price_changed", "409 offer_expired", "422 hold_not_allowed", "422 credit_limit_exceeded", "422 payment_method_not_allowed", "422 booking_amount_exceeded", "422 stay_started", ...SUPPLIER_ERRORS],
  },
  { method: "GET", path: "/api/get-city-list", summary: "Cities of the world cities dataset (city-timezones), most populous first; q matches the name's words or the country, country narrows to one ISO code.", access: "any signed-in user", query: cityListQuerySchema, data: citySchema, paginated: true, errors: [] },
  { method: "GET", path: "/api/get-country-city/{id}", summary: "Every city of a country, by its id or ISO code.", access: "any signed-in user", data: citySchema, paginated: true, errors: ["404 country_not_found"] },
  { method: "GET", path: "/api/get-all-country-with-currency", summary: "Countries with their currency (code, name, decimals).", access: "any signed-in user", data: z.object({ id: z.number(), code: z.string(), name: z.string(), currency: z.object({ code: z.string(), name: z.string(), decimal: z.number() }).nullable() }), paginated: true, errors: [] },
  { method: "GET", path: "/api/get-airports-db", summary: "The airports database (OpenFlights), as get-airports-cache but revalidated on every use (ETag) rather than kept by the browser for a day.", access: "any signed-in user", data: z.object({ iata: z.string(), name: z.string(), city: z.string(), country: z.string(), latitude: z.number(), longitude: z.number(), tz: z.string() }), paginated: true, errors: [] },
  { method: "GET", path: "/api/orders", summary: "Orders of the caller's organisation subtree, newest first, each with its product items; filters status, product (orders holding an item of it), pnr, passenger (contains), from/to (creation dates), mine=true (only the caller's own).", access: "bookings: view", query: orderListQuerySchema, data: platformOrderSchema, paginated: true, errors: [] },
  { method: "GET", path: "/api/orders/{id}", summary: "One order; 404 for orders outside the caller's subtree.", access: "bookings: view", data: platformOrderSchema, errors: [ORDER_ID] },
  { method: "GET", path: "/api/orders/{id}/supplier-messages", summary: "What the platform said to the order's suppliers and what they answered (booking, retrieval, changes, cancellation; not searches), oldest first, card data and secrets masked, kept 30 days. For administrators (the admin flag) of the order's organisation or above.", access: "bookings: view, and the admin flag", data: z.array(supplierMessageSchema), errors: [ORDER_ID, "403 admins_only"] },
  { method: "GET", path: "/api/orders/{id}/ledger", summary: "The credit ledger entries an order wrote.", access: "bookings: view", data: z.array(ledgerEntrySchema), errors: [ORDER_ID] },
  { method: "GET", path: "/api/orders/{id}/residual-funds", summary: "The residual travel funds a flight refunded as residual value left: one per traveller, on the ticket's airline, with what each still has and until when (docs/payments.md).", access: "bookings: view", data: z.array(residualFundSchema), errors: [ORDER_ID] },
  { method: "POST", path: "/api/orders/{id}/ticket", summary: "Pays for a held order (as OrderCreate) and has its supplier issue it, before the payment time limit: a flight's tickets, a hotel's confirmation.", access: "bookings: edit", idempotent: true, body: ticketRequestSchema, data: platformOrderSchema, errors: [ORDER_ID, "422 not_on_hold", "422 hold_expired", "422 credit_limit_exceeded", ...SUPPLIER_ERRORS] },
  { method: "POST", path: "/api/orders/{id}/reshop", summary: "OrderReshop: new dates for journeys of a ticketed order, each offer with fare difference, penalty and the amounts in the agency's currency.", access: "bookings: edit", body: reshopRequestSchema, data: z.object({ orderId: z.number(), reshopOffers: z.array(pricedReshopOfferSchema) }), errors: [ORDER_ID, "422 not_ticketed", "422 not_permitted"] },
  { method: "POST", path: "/api/orders/{id}/change", summary: "OrderChange accepting a reshop offer: collects the amount due (payment required) or credits back the refundable amount.", access: "bookings: edit", idempotent: true, body: changeRequestSchema, data: platformOrderSchema, errors: [ORDER_ID, "404 reshop_offer_not_found", "409 offer_expired", "422 credit_limit_exceeded", ...SUPPLIER_ERRORS] },
  { method: "POST", path: "/api/orders/{id}/sync", summary: "Reads a held or ticketed flight again at its airline and keeps the itinerary it has now; answers the flights retimed, added or taken away since the last reading (none: nothing changed). Status and money are not touched.", access: "bookings: view", data: orderSyncResponseSchema, errors: [ORDER_ID, "422 not_a_flight", "422 order_closed", ...SUPPLIER_ERRORS] },
  { method: "POST", path: "/api/orders/{id}/cancel-quote", summary: "The supplier's cancellation quote (cancel a hold, void within the void window, refund per fare rules; for a hotel, the penalty its cancellation policy charges now) and what would come back to the agency (a hotel penalty takes its share of what the agency paid).", access: "bookings: edit", data: cancelQuoteResponseSchema, errors: [ORDER_ID, ...SUPPLIER_ERRORS] },
  { method: "POST", path: "/api/orders/{id}/cancel", summary: "Cancels, voids or refunds as quoted; the refund goes back to the credit line (or the card) in the same transaction as the new status.", access: "bookings: edit", idempotent: true, data: platformOrderSchema, errors: [ORDER_ID, "422 residual_funds_not_possible", ...SUPPLIER_ERRORS] },
  { method: "GET", path: "/api/latest-posts", summary: "The provider's latest news for the dashboard: the newest posts (3) of the WordPress site LATEST_POSTS_SITE names, read at most every ten minutes; none when no site is configured or it was never read.", access: "any signed-in user", data: z.array(latestPostSchema), errors: [] },
  { method: "GET", path: "/api/dashboard", summary: "The dashboard's figures for the caller's organisation subtree (mine=true: only the caller's own bookings): the caller's organisation's credit (limit, used, available, the used balance at the end of each of the last 30 UTC days), today's and this month's bookings, cancellations and sales per currency, overall and by product, the open holds soonest deadline first, and the latest 8 bookings.", access: "bookings: view", query: dashboardQuerySchema, data: dashboardSchema, errors: [] },
  { method: "GET", path: "/api/reports/{kind}", summary: "A report over the caller's organisation subtree (or one organisation of it, with its own subtree), for UTC days from..to both included: sales (per month or day, product and currency), earnings (markup and supplier commission per organisation and product), bookings (one row per booked item), cancellations (orders cancelled, voided or refunded in the period, with what was refunded), suppliers (searches, answers, failures, time-outs, average and 95th percentile response time, bookings) or statement (one organisation's ledger: opening balance, every entry with the credit used after it, closing balance). A page of rows with the totals per currency of the whole result.", access: "report: view", query: reportQuerySchema, data: reportSchema, errors: ["404 organisation_not_found"] },
  { method: "GET", path: "/api/get-organization-hierarchy/{id}", summary: "An organisation of the caller's subtree and every one below it, as a tree (children by name).", access: "signed in", data: organisationNodeSchema, errors: ["404 organisation_not_found"] },
  { method: "GET", path: "/api/report-filters", summary: "What the report filters offer for the caller's subtree (or one organisation of it, with its own subtree): the configured suppliers by name, and the users (at most 500, by username) with their organisation.", access: "report: view", query: reportFiltersQuerySchema, data: reportFiltersSchema, errors: ["404 organisation_not_found"] },
  { method: "GET", path: "/api/check_credit_unlimited", bookingFor: true, summary: "The caller's credit: unlimited flag, limit, used and available (null when unlimited).", access: "any signed-in user", data: creditStatusSchema, errors: [] },
  { method: "GET", path: "/api/get-transaction-detail-by-agent/{id}", summary: "An organisation's ledger entries, newest first, a page at a time (pageSize up to 500, 100 by default); total counts every entry, so the whole ledger can be read and reconciled.", access: "accounts: view", query: ledgerPageQuerySchema, data: ledgerEntrySchema, paginated: true, errors: ["404 organisation_not_found"] },
  { method: "GET", path: "/api/registration-requests", summary: "Registration requests (/register, /demo-register) for the head office's review, the newest first, with the organisation that referred each and the decision.", access: "head office administrators", query: registrationListQuerySchema, data: registrationRequestViewSchema, paginated: true, errors: [] },
  { method: "POST", path: "/api/registration-requests/{id}/approve", summary: "Approves a new request: creates the organisation under the chosen one of the caller's subtree (type, currency, credit limit) and its first user (an agent with the chosen shared role), who is mailed a link to choose a password. Audited.", access: "head office administrators", body: approveRegistrationBodySchema, data: registrationRequestViewSchema, errors: ["404 registration_request_not_found", "409 registration_request_decided"] },
  { method: "POST", path: "/api/registration-requests/{id}/reject", summary: "Rejects a new request with a reason, mailed to its contact. Audited.", access: "head office administrators", body: rejectRegistrationBodySchema, data: registrationRequestViewSchema, errors: ["404 registration_request_not_found", "409 registration_request_decided"] },
  { method: "GET", path: "/api/referrals", summary: "The caller's organisation's referral code and registration link, and the registrations that came through it with their status.", access: "refer-friend: view", data: referralsSchema, errors: [] },
  { method: "GET", path: "/api/upgrade", summary: "The caller's organisation's partner level (flights), the next one up and what it gives, the whole ladder (the active levels its ancestors keep) and its upgrade requests.", access: "upgrade: view", data: upgradeViewSchema, errors: [] },
  { method: "POST", path: "/api/upgrade-requests", summary: "Asks the head office for the next partner level; one request waits at a time.", access: "upgrade: create", body: upgradeRequestBodySchema, data: upgradeRequestViewSchema, errors: ["409 upgrade_pending", "422 no_next_level"] },
  { method: "GET", path: "/api/upgrade-requests", summary: "Every organisation's upgrade requests for the head office's decision, the newest first.", access: "head office administrators", query: upgradeListQuerySchema, data: upgradeRequestViewSchema, paginated: true, errors: [] },
  { method: "POST", path: "/api/upgrade-requests/{id}/approve", summary: "Approves a pending upgrade: the organisation is on the new level; the requester is mailed; audited.", access: "head office administrators", data: upgradeRequestViewSchema, errors: ["404 upgrade_request_not_found", "409 upgrade_request_decided"] },
  { method: "POST", path: "/api/upgrade-requests/{id}/reject", summary: "Rejects a pending upgrade with a reason, mailed to the requester; audited.", access: "head office administrators", body: upgradeRejectBodySchema, data: upgradeRequestViewSchema, errors: ["404 upgrade_request_not_found", "409 upgrade_request_decided"] },
  { method: "POST", path: "/api/top-up-requests", summary: "The caller's organisation asks the one above it for credit, in its own currency, with the payment's reference and its receipt (a stored upload). Audited.", access: "accounts: create", idempotent: true, body: topUpRequestBodySchema, data: topUpRequestSchema, errors: ["422 no_parent"] },
  { method: "GET", path: "/api/top-up-requests", summary: "Top-up requests, the newest first: the caller's organisation's own (scope=mine) or those of the organisations below it (scope=below), with whether the caller may decide each.", access: "accounts: view", query: topUpListQuerySchema, data: topUpRequestSchema, paginated: true, errors: [] },
  { method: "POST", path: "/api/top-up-requests/{id}/approve", summary: "Approves a pending request of an organisation below the caller's: the credit moves from its parent as /api/make-agent-transaction moves it (both sides in the ledger, one transaction), the requester is mailed, the decision audited.", access: "accounts: edit", idempotent: true, data: topUpRequestSchema, errors: ["404 top_up_request_not_found", "409 top_up_request_decided", "422 credit_limit_exceeded", "422 credit_used_exceeded"] },
  { method: "POST", path: "/api/top-up-requests/{id}/reject", summary: "Rejects a pending request of an organisation below the caller's with a reason, mailed to the requester; audited.", access: "accounts: edit", body: topUpRejectBodySchema, data: topUpRequestSchema, errors: ["404 top_up_request_not_found", "409 top_up_request_decided"] },
  { method: "GET", path: "/api/receipts/awaiting", summary: "Held flights of the organisations below the caller's paid in cash or by cheque (pay option 5), waiting for their money, the airline's time limit first.", access: "accounts: view", data: z.array(awaitingReceiptSchema), errors: [] },
  { method: "GET", path: "/api/receipts", summary: "Cash and cheque receipts recorded for the caller's organisation and those below it, the newest first.", access: "accounts: view", query: receiptListQuerySchema, data: receiptSchema, paginated: true, errors: [] },
  { method: "POST", path: "/api/orders/{id}/receipt", summary: "Records the cash or cheque an organisation below the caller's paid for a held flight (the whole total; a cheque with its number and bank): the amount lands on its credit line as a credit, and the hold is ticketed from it in the same request. Audited.", access: "accounts: edit", idempotent: true, body: receiptRequestSchema, data: z.object({ receipt: receiptSchema, order: platformOrderSchema }), errors: ["403 own_receipt", "404 order_not_found", "409 receipt_recorded", "422 not_awaiting_receipt", "502 ticketing_failed"] },
  { method: "POST", path: "/api/receipts/{id}/bounce", summary: "A recorded cheque bounced: marked so, and its amount charged back to the agency's credit line (whatever its limit: the tickets stand). Audited.", access: "accounts: edit", data: receiptSchema, errors: ["404 receipt_not_found", "409 receipt_bounced", "422 not_a_cheque"] },
  { method: "GET", path: "/api/hosted-payments/{id}", summary: "A booking's payment on the gateway's hosted payments page (method 19), for the agent who started it: open, claimed (paid, being booked), used (its order), declined, refunded (paid, the booking could not be made: back to the card) or expired.", access: "the agent who started it", data: hostedPaymentSchema, errors: ["404 hosted_payment_not_found"] },
  { method: "POST", path: "/api/hosted-payments/{id}/complete", summary: "The agent is back from the hosted payments page: the payment is asked of Checkout.com (the paymentId the page sent back, else the page's own), and once captured for the booking's amount the booking kept with it is made, once, whoever comes first (this call, the webhook, the reconciler). Declined: marked so, nothing booked. Answers the hosted payment as it stands.", access: "the agent who started it", body: hostedPaymentReturnSchema, data: hostedPaymentSchema, errors: ["404 hosted_payment_not_found", "502 card_gateway_unreachable", "502 card_gateway_refused"] },
  {
    method: "POST",
    path: "/api/webhooks/checkout-com/{rule}",
    summary: "Checkout.com's payment webhooks for the merchant rule `rule`: the Cko-Signature (hex HMAC-SHA256 of the body with the rule's webhook signature key) is checked, then a payment event whose reference is a hosted payment settles it as the agent's return would (the payment read from Checkout.com, not from the webhook). Other events are acknowledged.",
    access: "Checkout.com (signed webhook)",
    body: z.object({ type: z.string(), data: z.object({ id: z.string(), reference: z.string().nullable().optional() }) }),
    answer: messageResponseSchema,
    errors: ["401 webhook_signature_invalid", "404 not_found"],
  },
  { method: "POST", path: "/api/merchant-rules/test-connection", summary: "A merchant rule's Test connection for the checkout-com gateway: an authenticated call to its API address with the secret key the form holds (left empty: the one stored on rule `id`), and whether it was accepted.", access: "setup-configuration: edit", body: merchantConnectionTestSchema, data: merchantConnectionResultSchema, errors: ["404 not_found"] },
  { method: "POST", path: "/api/make-agent-transaction", summary: "A top-up (credit) or charge (debit) on the credit line of an organisation below the caller's own, moved from or to its parent: both sides in the ledger, in one transaction. A top-up settles what the organisation owes (its credit used never goes below zero) from the parent's available credit.", access: "accounts: edit", idempotent: true, body: agentTransactionRequestSchema, data: z.object({ id: z.number(), creditUsedAfter: z.number() }), errors: ["404 organisation_not_found", "422 credit_limit_exceeded", "422 credit_used_exceeded", "422 currency_mismatch"] },
  { method: "POST", path: "/api/error_capture_logs", summary: "The console reports an error it did not handle (spec payData and project AGG): a window error, an unawaited rejection or a page that failed to render. Open to everyone, signed in or not (the signed-in user is noted when the session is alive); 20 reports per address per minute; kept 30 days.", access: "anyone", body: errorCaptureRequestSchema, answer: messageResponseSchema, errors: ["429 rate_limited"] },
  { method: "GET", path: "/api/error_capture_logs", summary: "The console's error reports, newest first, with who was signed in.", access: "head-office administrators", query: z.object({ page: z.number().optional(), pageSize: z.number().optional() }), data: errorLogEntrySchema, paginated: true, errors: ["403 head_office_admin_only"] },
  { method: "GET", path: "/api/openapi.json", summary: "This route table as an OpenAPI 3.1 document (its readable reference is at /api/reference/).", access: "anyone", file: ["application/json"], errors: [] },
  { method: "GET", path: "/api/exchange-rates", summary: "The stored exchange rates (one unit of from buys rate units of to), which pricing converts with; the console converts displayed amounts into the header's selected currency with them.", access: "any signed-in user", data: storedExchangeRateSchema, paginated: true, errors: [] },
];
