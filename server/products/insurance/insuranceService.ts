import { ledgerReason } from "../../../src/contract/ledgerReasons";
import type { ActingUser } from "../../http/sessionGuard";
import type { SessionUser } from "../../../src/contract/auth";
import {
  cancellationRefusal,
  type InsuranceBookingRequest,
  type InsurancePlanCode,
  type InsurancePolicy,
  type InsuranceQuoteRequest,
  type InsuranceQuoteResponse,
  type InsuranceSelection,
  type PricedInsuranceQuote,
  type SupplierInsuranceQuote,
} from "../../../src/contract/insurance";
import type { Money } from "../../../src/contract/money";
import type { PlatformOrder } from "../../../src/contract/orders";
import type { CancellationQuote } from "../../../src/contract/shopping";
import type { AppContext } from "../../appContext";
import { ApiError } from "../../http/apiError";
import { addEvent, placeOrder, platformOrder, recordChange, refundToAgency, type AddOnPlacement, type BookedOutcome, type OrderRow } from "../../orders/orderService";
import type { BookingContact } from "../../orders/productModule";
import type { ItemRow } from "../../orders/orderItems";
import { createInsurancePricer } from "../../pricing/priceInsurance";
import type { PricingContext } from "../../pricing/priceOffer";
import { availableTo, callSupplier, pricingContextFor, searchOptionsFor } from "../../shopping/shoppingService";
import { insuranceAdaptersOf } from "../../suppliers/connections";
import { askEach } from "../../suppliers/fanOut";
import type { InsuranceAdapter } from "./types";
import { titleMismatch, titlesForBirth } from "../../../src/contract/travellerTitle";

const DAY_MS = 86_400_000;
/** Policies sell for trips starting up to a year ahead, and cover a year at most. */
const HORIZON_DAYS = 365;

/** A field of the selection, inside the request's own field for it (none when the policy is bought alone). */
const within = (field: string, path: string) => (field === "" ? path : `${field}.${path}`);
export const fieldError = (field: string, message: string) => new ApiError(400, "validation_failed", message, { errors: [{ field, message }] });

/** The dates and travellers of a trip to quote, as a quote or a policy change names them. */
interface TripDates {
  readonly departureDate: string;
  readonly returnDate: string;
  readonly travellers: readonly { readonly dateOfBirth: string }[];
}

/** 400 naming the field when a trip cannot be quoted: no insurer is asked. Travellers are named under `travellersField`. */
export function assertTrip(context: AppContext, trip: TripDates, travellersField = "travellers"): void {
  const today = context.clock().toISOString().slice(0, 10);
  const problems: { field: string; message: string }[] = [];
  if (trip.departureDate < today) problems.push({ field: "departureDate", message: "The trip cannot start in the past" });
  if (Date.parse(trip.departureDate) - Date.parse(today) > HORIZON_DAYS * DAY_MS) problems.push({ field: "departureDate", message: `Policies sell up to ${HORIZON_DAYS} days ahead` });
  if (trip.returnDate < trip.departureDate) problems.push({ field: "returnDate", message: "The return is before the departure" });
  else if (Date.parse(trip.returnDate) - Date.parse(trip.departureDate) >= HORIZON_DAYS * DAY_MS) problems.push({ field: "returnDate", message: `A policy covers at most ${HORIZON_DAYS} days` });
  trip.travellers.forEach((traveller, index) => {
    if (traveller.dateOfBirth > today) problems.push({ field: `${travellersField}.${index}.dateOfBirth`, message: "The date of birth is in the future" });
    else if (traveller.dateOfBirth < "1900-01-01") problems.push({ field: `${travellersField}.${index}.dateOfBirth`, message: "Check the date of birth" });
  });
  if (problems.length > 0) throw new ApiError(400, "validation_failed", problems[0]!.message, { errors: problems });
}

/** The country of the trip: given, or the country of the airport the flight goes to. */
function destinationOf(context: AppContext, request: InsuranceQuoteRequest): string {
  if (request.destination) return request.destination;
  const country = context.locateAirport(request.destinationAirport!)?.countryCode;
  if (!country) throw fieldError("destinationAirport", "This airport's country is not known; choose the destination country");
  return country;
}

export function priceQuote(pricing: PricingContext, context: AppContext, quote: SupplierInsuranceQuote, supplierName: string): PricedInsuranceQuote {
  const pricer = createInsurancePricer(context.pricing.index(), pricing);
  const price = pricer.price(
    { supplierId: quote.supplierId, people: quote.travellers.length, plan: quote.plan, product: quote.product, destination: quote.destination, departureDate: quote.departureDate },
    quote.premium,
  );
  return { ...quote, supplierName, price };
}

/**
 * Quotes a trip at every insurer the organisation may use, in parallel, each quote priced by the
 * insurance rules; plans the trip is not eligible for come back with the reason. A plan named
 * that does not cover the destination is refused on the destination field.
 */
export async function quoteInsurance(context: AppContext, user: SessionUser, request: InsuranceQuoteRequest): Promise<InsuranceQuoteResponse> {
  assertTrip(context, request);
  const trip = { ...request, destination: destinationOf(context, request) };
  const pricing = await pricingContextFor(context, user);
  const homeCountry = pricing.pointOfSale.countryCode;
  const adapters = await availableTo(context, user.organisation_id, insuranceAdaptersOf(context));
  if (adapters.length === 0) throw new ApiError(422, "no_insurer", "No insurer is switched on for your agency. Ask your administrator.");
  if (trip.plan !== "All" && adapters.every((adapter) => adapter.coveredCountries(trip.plan as InsurancePlanCode, [trip.destination], homeCountry).length === 0)) {
    const { ineligible } = await callSupplier((signal) => adapters[0]!.quote({ trip, homeCountry }, { signal }), { repeatable: true });
    throw fieldError("destination", ineligible[0]?.reason ?? "This plan does not cover the destination.");
  }
  const { answers, warnings } = await askEach(adapters, (adapter, signal) => adapter.quote({ trip, homeCountry }, { signal }), searchOptionsFor(context, "insurance quote", user.organisation_id));
  const quotes = answers
    .flatMap(({ adapter, answer }) => answer.quotes.map((quote) => priceQuote(pricing, context, quote, adapter.supplierName)))
    .sort((left, right) => left.price.total - right.price.total);
  const quoted = new Set(quotes.map((quote) => quote.plan));
  const ineligible = answers.flatMap(({ answer }) => answer.ineligible).filter((plan, index, all) => !quoted.has(plan.plan) && all.findIndex((other) => other.plan === plan.plan) === index);
  return { quotes, ineligible, warnings };
}

async function insurerFor(context: AppContext, user: SessionUser, supplierId: string): Promise<InsuranceAdapter> {
  const adapter = (await availableTo(context, user.organisation_id, insuranceAdaptersOf(context))).find((candidate) => candidate.supplierId === supplierId);
  if (!adapter) throw new ApiError(404, "supplier_not_found", `Insurer ${supplierId} is not available to your agency.`);
  return adapter;
}

export function insurerOf(context: AppContext, supplierId: string): InsuranceAdapter {
  const adapter = insuranceAdaptersOf(context).find((candidate) => candidate.supplierId === supplierId);
  if (!adapter) throw new ApiError(404, "supplier_not_found", `Insurer ${supplierId} is not configured.`);
  return adapter;
}

/**
 * The chosen quote priced again now (never a client's price): a total other than the one the
 * agent accepted is 409 price_changed; the people named must be the travellers quoted.
 */
async function requote(context: AppContext, user: SessionUser, selection: InsuranceSelection, field: string) {
  const adapter = await insurerFor(context, user, selection.supplierId);
  const quote = await callSupplier((signal) => adapter.requote(selection.quoteKey, { signal }), { repeatable: true });
  const priced = priceQuote(await pricingContextFor(context, user), context, quote, adapter.supplierName);
  const expected = selection.expectedTotal;
  if (expected.currency !== priced.price.currency || expected.amount !== priced.price.total) {
    throw new ApiError(409, "price_changed", `The insurance premium is now ${priced.price.total} minor units of ${priced.price.currency}, not ${expected.amount}; quote again.`);
  }
  const births = quote.travellers.map((traveller) => traveller.dateOfBirth);
  if (selection.insured.length !== births.length || selection.insured.some((person, index) => person.dateOfBirth !== births[index])) {
    throw fieldError(within(field, "insured"), "Name each traveller quoted, with the date of birth the quote was for");
  }
  selection.insured.forEach((person, index) => {
    const mismatch = titleMismatch(person.title, titlesForBirth(person.dateOfBirth, quote.departureDate));
    if (mismatch) throw fieldError(within(field, `insured.${index}.title`), mismatch);
  });
  return { adapter, priced };
}

export const passengerNamesOf = (selection: Pick<InsuranceSelection, "insured">) => selection.insured.map((person) => `${person.firstName} ${person.lastName}`).join(", ");

const policyItem = (priced: PricedInsuranceQuote) => ({ kind: "insurance" as const, priceBreakdown: priced.price, cancellationTerms: null, detail: null });

/** A policy bought with a flight or a hotel: an item of the same order, paid with it, issued once the booking stands. */
export async function insuranceAddOn(context: AppContext, user: SessionUser, selection: InsuranceSelection, contact: BookingContact): Promise<AddOnPlacement> {
  const { adapter, priced } = await requote(context, user, selection, "insurance");
  return {
    item: policyItem(priced),
    supplierId: adapter.supplierId,
    charge: { amount: priced.price.total, currency: priced.price.currency },
    supplierDue: priced.premium,
    issue: async (clientReference, payment) => {
      const policy = await callSupplier((signal) => adapter.issue({ quoteKey: selection.quoteKey, insured: selection.insured, contact, payment, clientReference }, { signal }));
      return { reference: policy.policyNumber, detail: policy };
    },
  };
}

export const policyOutcome = (policy: InsurancePolicy): BookedOutcome => ({
  status: "confirm",
  supplierOrderId: policy.policyNumber,
  bookingReference: policy.policyNumber,
  paymentTimeLimit: null,
  supplierOrder: null,
  detail: policy,
});

/** Insurance sold alone, through the shared booking path: always paid (a policy is never held). */
export async function bookInsurance(context: AppContext, user: ActingUser, request: InsuranceBookingRequest, idempotencyKey: string | null): Promise<PlatformOrder> {
  const { adapter, priced } = await requote(context, user, request, "");
  return placeOrder(context, user, idempotencyKey, {
    kind: "insurance",
    request,
    paymentSubject: { supplierId: adapter.supplierId, ownerCode: "" },
    charge: { amount: priced.price.total, currency: priced.price.currency },
    supplierDue: priced.premium,
    isBookAndHold: false,
    payment: request.payment,
    passengerNames: passengerNamesOf(request),
    document: { supplierOrder: null, priceBreakdown: null, charge: null, cardCharge: null },
    item: policyItem(priced),
    book: async (clientReference, supplierPayment) =>
      policyOutcome(await callSupplier((signal) => adapter.issue({ quoteKey: request.quoteKey, insured: request.insured, contact: request.contact, payment: supplierPayment!, clientReference }, { signal }))),
  });
}

/** Whether a policy item can be cancelled now, and what the agency would get back (everything it paid for it). */
export function policyCancellation(context: AppContext, item: ItemRow): { cancellable: boolean; refund: Money; reason: string | null } {
  const policy = item.detail as InsurancePolicy | null;
  const refund = { amount: item.total, currency: item.currency };
  if (item.status !== "confirm" || !policy) return { cancellable: false, refund: { ...refund, amount: 0 }, reason: `The policy is ${item.status === "cancel" ? "already cancelled" : "not issued"}.` };
  const reason = cancellationRefusal(policy, context.clock().toISOString().slice(0, 10));
  return { cancellable: reason === null, refund: reason === null ? refund : { ...refund, amount: 0 }, reason };
}

/** The cancellation quote of an insurance order (a policy sold alone), in the shape every product's has. */
export function insuranceCancelQuote(context: AppContext, row: OrderRow, item: ItemRow): { quote: CancellationQuote; refundToAgency: Money } {
  const { cancellable, refund, reason } = policyCancellation(context, item);
  if (!cancellable) throw new ApiError(422, "not_cancellable", reason!);
  const policy = item.detail as InsurancePolicy;
  const none = { amount: 0, currency: policy.quote.premium.currency };
  return {
    quote: { kind: "refund", amountPaid: policy.quote.premium, penalty: none, nonRefundable: none, refundAmount: policy.quote.premium, resultingStatus: "cancel" },
    refundToAgency: { amount: refund.amount, currency: row.currency },
  };
}

/**
 * Cancels a policy at its insurer (refused outside the free-look period or once the trip has
 * started) and gives the agency back what it paid for it, in the transaction that records it:
 * the whole order when the policy was sold alone, the item when it was bought with a booking.
 */
export async function cancelPolicy(context: AppContext, user: SessionUser, row: OrderRow, item: ItemRow): Promise<PlatformOrder> {
  const { cancellable, refund, reason } = policyCancellation(context, item);
  if (!cancellable) throw new ApiError(422, "not_cancellable", reason!);
  const policy = item.detail as InsurancePolicy;
  const answer = await callSupplier((signal) => insurerOf(context, item.supplier_id).cancel(policy.policyNumber, { signal }));
  // The policy as it was issued (the agent's words, the titles) with the insurer's cancellation on it.
  const cancelled: InsurancePolicy = { ...policy, status: answer.status, cancelledAt: answer.cancelledAt };
  const saved = await context.db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom("orders").selectAll().where("id", "=", row.id).forUpdate().executeTakeFirstOrThrow();
    await refundToAgency(context, trx, current, user, refund, ledgerReason("policyCancellation", { reference: policy.policyNumber }));
    const main = await trx.selectFrom("order_items").select("id").where("order_id", "=", row.id).orderBy("id").limit(1).executeTakeFirstOrThrow();
    const detail = { policyNumber: policy.policyNumber, refundToAgency: refund };
    if (main.id === item.id) {
      return recordChange(context, trx, current, user.users_id, { status: "cancel", refundedDelta: refund.amount, paymentTimeLimit: null, itemDetail: cancelled }, { kind: "refund", detail });
    }
    await trx.updateTable("order_items").set({ status: "cancel", detail: JSON.stringify(cancelled), updated_at: context.clock() }).where("id", "=", item.id).execute();
    await addEvent(trx, row.id, user.users_id, "add_on_cancelled", { itemId: item.id, ...detail });
    return trx.updateTable("orders").set({ refunded: current.refunded + refund.amount, updated_at: context.clock() }).where("id", "=", row.id).returningAll().executeTakeFirstOrThrow();
  });
  return platformOrder(context.db, saved);
}

/** A policy at its insurer by the platform's reference, for the reconciler. */
export async function findIssuedPolicy(context: AppContext, supplierId: string, clientReference: string): Promise<InsurancePolicy | null> {
  return callSupplier((signal) => insurerOf(context, supplierId).retrieveByClientReference(clientReference, { signal }), { repeatable: true });
}

/** The countries, out of these, that any of these plans covers for the caller's agency (the spec's getIns-country). */
export async function planCountries(context: AppContext, user: SessionUser, plans: readonly InsurancePlanCode[], countries: readonly string[]): Promise<Set<string>> {
  const homeCountry = (await pricingContextFor(context, user)).pointOfSale.countryCode;
  const adapters = await availableTo(context, user.organisation_id, insuranceAdaptersOf(context));
  return new Set(adapters.flatMap((adapter) => plans.flatMap((plan) => adapter.coveredCountries(plan, countries, homeCountry))));
}
