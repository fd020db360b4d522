import { z } from "zod";
import {
  activityAvailabilityResponseSchema,
  activityBookingRequestSchema,
  activityDetailsRequestSchema,
  activityDetailsResponseSchema,
  activitySearchRequestSchema,
  activitySearchResponseSchema,
  activitySlotRequestSchema,
} from "./activities";
import type { Endpoint } from "./endpoints";
import { insuranceBookingRequestSchema, insuranceQuoteRequestSchema, insuranceQuoteResponseSchema, policyChangeConfirmSchema, policyChangeQuoteSchema, policyChangeRequestSchema } from "./insurance";
import {
  beneficiaryRequestSchema,
  beneficiarySchema,
  dmtBrandSchema,
  dmtBrandsQuerySchema,
  quoteRequestSchema,
  remitterListQuerySchema,
  remitterRequestSchema,
  remitterSchema,
  screeningDecisionSchema,
  sendTransferRequestSchema,
  transferListQuerySchema,
  transferQuoteSchema,
  transferSchema,
  wiseWebhookSchema,
} from "./moneyTransfer";
import { platformOrderSchema } from "./orders";
import { packageBookingRequestSchema, packageManifestSchema, packageOfferSchema, packageSearchQuerySchema } from "./packages";
import { messageResponseSchema } from "./auth";
import { registerRequestSchema, registerResponseSchema } from "./registration";
import { visaApplicationListQuerySchema, visaApplicationRequestSchema, visaApplicationViewSchema, visaMoveRequestSchema, visaProductOfferSchema, visaProductQuerySchema } from "./visas";

const SUPPLIER = ["502 supplier_failure", "503 supplier_paused", "504 timeout"];
const BOOKING = ["402 card_page_required", "409 price_changed", "409 card_payment_mismatch", "422 credit_limit_exceeded", "422 payment_method_not_allowed", "422 card_page_not_set_up", "422 booking_amount_exceeded", ...SUPPLIER, "504 booking_unconfirmed"];

/** Travel insurance, activities, packages, visas, money transfer, add-ons and registration: the products' own calls. */
export const PRODUCT_ENDPOINTS: readonly Endpoint[] = [
  { method: "POST", path: "/api/register-request", summary: "An agency asks for an account (no session; 5 a minute per address). Stored for the head office, whose administrators are mailed; an unknown field is refused.", access: "anyone", body: registerRequestSchema, answer: registerResponseSchema, errors: ["429 rate_limited"] },
  { method: "POST", path: "/api/orders/{id}/items/{itemId}/cancel", summary: "Cancels one add-on of an order (a policy bought with a flight) and keeps the rest; what it cost goes back to the credit line in the same transaction.", access: "bookings: edit", idempotent: true, data: platformOrderSchema, errors: ["404 order_not_found", "404 item_not_found", "422 not_cancellable", ...SUPPLIER] },
  { method: "GET", path: "/api/getIns-country/{id}", summary: "The countries an insurance plan covers for the caller's agency (All: any plan).", access: "any signed-in user", data: z.object({ id: z.number(), code: z.string(), name: z.string() }), paginated: true, errors: [] },
  { method: "POST", path: "/api/insurance/quote", bookingFor: true, summary: "Quotes every plan of every insurer the agency may use for a trip (a country, or the airport a flight lands at), priced by the insurance markup rules; the plans a trip is not eligible for, with the reason.", access: "search: view", body: insuranceQuoteRequestSchema, data: insuranceQuoteResponseSchema, errors: ["422 no_insurer", ...SUPPLIER] },
  { method: "POST", path: "/api/insurance/book", bookingFor: true, summary: "Sells a policy alone through the shared booking path, always paid; the quote key is sealed (a changed one is 404 offer_not_found).", access: "bookings: create", idempotent: true, body: insuranceBookingRequestSchema, data: platformOrderSchema, errors: ["404 supplier_not_found", "404 offer_not_found", "409 offer_expired", ...BOOKING] },
  { method: "POST", path: "/api/orders/{id}/items/{itemId}/policy-change-quote", summary: "Prices a change of an issued policy (its dates, the people it insures) at its insurer and by the insurance rules: what the agency would pay now against what it paid, as an amount due or to refund, under a sealed change key. Refused once the trip has started.", access: "bookings: edit", body: policyChangeRequestSchema, data: policyChangeQuoteSchema, errors: ["404 order_not_found", "404 item_not_found", "422 not_changeable", ...SUPPLIER] },
  { method: "POST", path: "/api/orders/{id}/items/{itemId}/policy-change", summary: "Makes a priced policy change: an amount due is taken from the credit line first and given back if the insurer refuses, an amount to refund goes back once it is made; the item, the order's totals and the certificate follow.", access: "bookings: edit", idempotent: true, body: policyChangeConfirmSchema, data: platformOrderSchema, errors: ["404 order_not_found", "404 item_not_found", "404 change_not_found", "409 offer_expired", "409 policy_changed", "422 not_changeable", "422 credit_limit_exceeded", "422 payment_method_not_allowed", ...SUPPLIER] },
  { method: "POST", path: "/api/activities/search", bookingFor: true, summary: "A city's tours, tickets and safaris at every activity supplier the agency may use, priced for the party from each activity's cheapest open option.", access: "search: view", body: activitySearchRequestSchema, data: activitySearchResponseSchema, errors: ["422 no_activity_supplier", ...SUPPLIER] },
  { method: "POST", path: "/api/activities/details", bookingFor: true, summary: "An activity's options, languages, start times with places left and prices for the party.", access: "search: view", body: activityDetailsRequestSchema, data: activityDetailsResponseSchema, errors: ["404 supplier_not_found", "404 offer_not_found", ...SUPPLIER] },
  { method: "POST", path: "/api/activities/availability", bookingFor: true, summary: "A start time checked at the supplier now: places, the party's price and the cancellation terms in what the agency pays. A day that has passed is 400 on date.", access: "search: view", body: activitySlotRequestSchema, data: activityAvailabilityResponseSchema, errors: ["404 offer_not_found", ...SUPPLIER] },
  { method: "POST", path: "/api/activities/book", bookingFor: true, summary: "Books a start time for the party named, checked and priced again; always paid.", access: "bookings: create", idempotent: true, body: activityBookingRequestSchema, data: platformOrderSchema, errors: ["404 offer_not_found", ...BOOKING] },
  { method: "GET", path: "/api/packages/offered", bookingFor: true, summary: "Hajj, Umrah and ziarat packages open to the agency that have not departed, by departure; prices per person in the agency's currency, places left.", access: "search: view", query: packageSearchQuerySchema, data: packageOfferSchema, paginated: true, errors: [] },
  { method: "GET", path: "/api/packages/offered/{id}", bookingFor: true, summary: "One package offered to the agency.", access: "search: view", data: packageOfferSchema, errors: ["404 package_not_found"] },
  { method: "POST", path: "/api/packages/book", bookingFor: true, summary: "Books rooms of pilgrims on a package: each room holds its sharing's beds (infants apart, one per pilgrim with a bed), priced by age at departure; places taken in the payment's transaction (409 sold_out when they are gone).", access: "bookings: create", idempotent: true, body: packageBookingRequestSchema, data: platformOrderSchema, errors: ["404 package_not_found", "409 sold_out", "422 booking_closed", ...BOOKING] },
  { method: "GET", path: "/api/packages/{id}/manifest", summary: "The pilgrims booked on a package of the caller's subtree, by room, for the ground handler.", access: "setup-configuration: view", data: packageManifestSchema, errors: ["404 package_not_found"] },
  { method: "GET", path: "/api/visas/products", bookingFor: true, summary: "The visas offered to the agency, by destination and the applicants' nationality (only visas that nationality is eligible for).", access: "bookings: view", query: visaProductQuerySchema, data: z.array(visaProductOfferSchema), errors: [] },
  { method: "POST", path: "/api/visas/applications", bookingFor: true, summary: "Applies for a visa for one or more travellers with their documents and pays on submission; the application starts submitted at the head office's visa desk.", access: "bookings: create", idempotent: true, body: visaApplicationRequestSchema, data: platformOrderSchema, errors: ["404 visa_product_not_found", ...BOOKING] },
  { method: "GET", path: "/api/visas/applications", summary: "The applications of the caller's subtree (the visa desk: every agency's), newest first, optionally in one state or of one order.", access: "bookings: view", query: visaApplicationListQuerySchema, data: z.array(visaApplicationViewSchema), errors: [] },
  { method: "GET", path: "/api/visas/applications/{id}", summary: "One application with its history: every move, by whom and when.", access: "bookings: view", data: visaApplicationViewSchema, errors: ["404 visa_application_not_found"] },
  { method: "POST", path: "/api/visas/applications/{id}/move", summary: "Moves an application as the move table allows its caller (docs/products.md): the agency answers a request for documents or cancels, the visa desk takes it in, asks for documents, approves with the visa or rejects.", access: "bookings: edit", idempotent: true, body: visaMoveRequestSchema, data: visaApplicationViewSchema, errors: ["404 visa_application_not_found", "409 visa_application_changed", "422 visa_move_refused"] },
  { method: "GET", path: "/api/visas/applications/{id}/visa", summary: "The approved visa, a PDF served as an attachment to the agency that applied and the head office.", access: "bookings: view", file: ["application/pdf"], errors: ["404 visa_not_issued"] },
  { method: "GET", path: "/api/dmt/fetchDmtBrands", summary: "The money-transfer brands of the organisation's markets, with their corridors from its country, payout methods, limits, fees and margin.", access: "dmt: view", query: dmtBrandsQuerySchema, data: z.array(dmtBrandSchema), errors: [] },
  { method: "POST", path: "/api/getDmtBrands", summary: "The spec's POST form of fetchDmtBrands.", access: "dmt: view", body: dmtBrandsQuerySchema, data: z.array(dmtBrandSchema), errors: [] },
  { method: "GET", path: "/api/dmt/remitters", summary: "The agency's remitters, by name or ID number.", access: "dmt: view", query: remitterListQuerySchema, data: z.array(remitterSchema), errors: [] },
  { method: "POST", path: "/api/dmt/remitters", summary: "Registers a remitter: a valid ID, of age, a phone of their country; screened against the names list.", access: "dmt: create", body: remitterRequestSchema, data: remitterSchema, errors: ["409 remitter_exists"] },
  { method: "GET", path: "/api/dmt/remitters/{id}", summary: "One remitter of the agency.", access: "dmt: view", data: remitterSchema, errors: ["404 remitter_not_found"] },
  { method: "PUT", path: "/api/dmt/remitters/{id}", summary: "Corrects a remitter's details (a renewed ID, a new address); the identity itself is fixed.", access: "dmt: create", body: remitterRequestSchema, data: remitterSchema, errors: ["404 remitter_not_found"] },
  { method: "GET", path: "/api/dmt/remitters/{id}/beneficiaries", summary: "A remitter's beneficiaries.", access: "dmt: view", data: z.array(beneficiarySchema), errors: ["404 remitter_not_found"] },
  { method: "POST", path: "/api/dmt/remitters/{id}/beneficiaries", summary: "Adds a beneficiary with payout details checked for the country and method (IBAN or local account, wallet phone, cash pickup city); screened.", access: "dmt: create", body: beneficiaryRequestSchema, data: beneficiarySchema, errors: ["404 remitter_not_found"] },
  { method: "POST", path: "/api/dmt/screening/{kind}/{id}", summary: "The compliance decision on a remitter or beneficiary held by screening.", access: "dmt: edit", body: screeningDecisionSchema, answer: messageResponseSchema, errors: ["404 remitter_not_found", "404 beneficiary_not_found", "404 screening_not_pending"] },
  { method: "POST", path: "/api/dmt/quotes", summary: "A quote at the partner's rate with the brand's margin and fee, held ten minutes.", access: "dmt: create", body: quoteRequestSchema, data: transferQuoteSchema, errors: ["404 remitter_not_found", "404 beneficiary_not_found", "422 remitter_not_eligible", "422 screening_hold", "503 partner_not_configured", ...SUPPLIER] },
  { method: "POST", path: "/api/dmt/transfers", summary: "Sends a quoted transfer, paid from the agency's credit through the shared booking path; followed to payout.", access: "dmt: create", idempotent: true, body: sendTransferRequestSchema, data: platformOrderSchema, errors: ["404 quote_not_found", "409 quote_used", "409 quote_expired", "422 remitter_limit", "422 screening_hold", ...BOOKING] },
  { method: "GET", path: "/api/dmt/transfers", summary: "The agency's transfers, newest first.", access: "dmt: view", query: transferListQuerySchema, data: z.array(transferSchema), errors: [] },
  { method: "GET", path: "/api/dmt/transfers/{id}", summary: "One transfer with its events.", access: "dmt: view", data: transferSchema, errors: ["404 transfer_not_found"] },
  {
    method: "POST",
    path: "/api/dmt/webhooks/wise/{supplier}",
    summary: "Wise's transfers#state-change webhook for the supplier row connected to Wise with this code: its X-Signature-SHA256 is checked with the webhook key entered on the row (an unknown code is answered as a bad signature), then the transfer is asked of Wise and followed (paid out, or cancelled or bounced and refunded).",
    access: "Wise (signed webhook)",
    body: wiseWebhookSchema,
    answer: messageResponseSchema,
    errors: ["401 webhook_signature_invalid"],
  },
  { method: "POST", path: "/api/dmt/transfers/{id}/cancel", summary: "Cancels a transfer before payout: the amount and fee go back to the agency's credit.", access: "dmt: edit", body: z.object({ reason: z.string().max(300).optional() }), data: transferSchema, errors: ["404 transfer_not_found", "409 transfer_changed", "422 transfer_not_cancellable", ...SUPPLIER] },
];
