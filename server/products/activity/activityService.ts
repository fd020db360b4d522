import { ledgerReason } from "../../../src/contract/ledgerReasons";
import type { ActingUser } from "../../http/sessionGuard";
import type { SessionUser } from "../../../src/contract/auth";
import {
  bandsOf,
  MAX_SEARCH_DAYS,
  type ActivityAvailabilityResponse,
  type ActivityBooking,
  type ActivityBookingRequest,
  type ActivityDetailsRequest,
  type ActivityDetailsResponse,
  type ActivityQuestion,
  type ActivitySearchRequest,
  type ActivitySearchResponse,
  type ActivitySlotRequest,
  type Participants,
} from "../../../src/contract/activities";
import { agencyPolicy } from "../../../src/contract/hotelCancellation";
import type { PlatformOrder } from "../../../src/contract/orders";
import type { AppContext } from "../../appContext";
import { ApiError } from "../../http/apiError";
import type { ItemRow } from "../../orders/orderItems";
import { penaltyQuote, placeOrder, platformOrder, recordChange, refundToAgency, type BookedOutcome, type OrderRow } from "../../orders/orderService";
import { activityFacts, createActivityPricer } from "../../pricing/priceActivity";
import { cityDirectory } from "../../reference/cities";
import { availableTo, callSupplier, pricingContextFor, searchOptionsFor } from "../../shopping/shoppingService";
import { activityAdaptersOf } from "../../suppliers/connections";
import { askEach } from "../../suppliers/fanOut";
import type { ActivityAdapter } from "./types";

const DAY_MS = 86_400_000;
/** Activities sell up to a year ahead. */
const HORIZON_DAYS = 365;

const partySize = (party: Participants) => party.adults + party.children + party.infants;

/** 400 naming the field when dates cannot be searched: no supplier is asked. */
function assertDates(context: AppContext, request: { from: string; to: string; cityId?: string }): void {
  const today = context.clock().toISOString().slice(0, 10);
  const problems: { field: string; message: string }[] = [];
  if (request.from < today) problems.push({ field: "from", message: "The first day cannot be in the past" });
  if (Date.parse(request.from) - Date.parse(today) > HORIZON_DAYS * DAY_MS) problems.push({ field: "from", message: `Activities sell up to ${HORIZON_DAYS} days ahead` });
  if (request.to < request.from) problems.push({ field: "to", message: "The last day is before the first" });
  else if (Date.parse(request.to) - Date.parse(request.from) >= MAX_SEARCH_DAYS * DAY_MS) problems.push({ field: "to", message: `Search at most ${MAX_SEARCH_DAYS} days at a time` });
  if (request.cityId !== undefined && !cityDirectory().byId(request.cityId)) problems.push({ field: "cityId", message: "Choose a city from the list" });
  if (problems.length > 0) throw new ApiError(400, "validation_failed", problems[0]!.message, { errors: problems });
}

/**
 * Activities of a city at every activity supplier the organisation may use, in parallel (a failing
 * one is named in a warning), each priced for the party by the activity rules from its cheapest option.
 */
export async function searchActivities(context: AppContext, user: SessionUser, request: ActivitySearchRequest): Promise<ActivitySearchResponse> {
  assertDates(context, request);
  const adapters = await availableTo(context, user.organisation_id, activityAdaptersOf(context));
  if (adapters.length === 0) throw new ApiError(422, "no_activity_supplier", "No activity supplier is switched on for your agency. Ask your administrator.");
  const pricer = createActivityPricer(context.pricing.index(), await pricingContextFor(context, user));
  const { answers, warnings } = await askEach(adapters, (adapter, signal) => adapter.search(request, { signal }), searchOptionsFor(context, "activity search", user.organisation_id));
  const activities = answers.flatMap(({ adapter, answer }) =>
    answer.map((result) => {
      const price = pricer.price(activityFacts(result.activity, request.from, partySize(request.participants)), result.cheapestNet);
      return { activity: result.activity, supplierName: adapter.supplierName, fromPrice: { amount: price.total, currency: price.currency }, freeCancellation: result.freeCancellation };
    }),
  );
  return { activities: activities.sort((left, right) => left.fromPrice.amount - right.fromPrice.amount), warnings };
}

async function activityAdapterFor(context: AppContext, user: SessionUser, supplierId: string): Promise<ActivityAdapter> {
  const adapter = (await availableTo(context, user.organisation_id, activityAdaptersOf(context))).find((candidate) => candidate.supplierId === supplierId);
  if (!adapter) throw new ApiError(404, "supplier_not_found", `Activity supplier ${supplierId} is not available to your agency.`);
  return adapter;
}

function activityAdapterOf(context: AppContext, supplierId: string): ActivityAdapter {
  const adapter = activityAdaptersOf(context).find((candidate) => candidate.supplierId === supplierId);
  if (!adapter) throw new ApiError(404, "supplier_not_found", `Activity supplier ${supplierId} is not configured.`);
  return adapter;
}

/** The activity page: each option with its start times between the dates and its price for the party. */
export async function activityDetails(context: AppContext, user: SessionUser, request: ActivityDetailsRequest): Promise<ActivityDetailsResponse> {
  assertDates(context, request);
  const adapter = await activityAdapterFor(context, user, request.supplierId);
  const pricer = createActivityPricer(context.pricing.index(), await pricingContextFor(context, user));
  const { activity, options } = await callSupplier((signal) => adapter.details(request.activityCode, request, request.participants, { signal }), { repeatable: true });
  const people = partySize(request.participants);
  return {
    activity,
    supplierName: adapter.supplierName,
    participants: request.participants,
    options: options.map((option) => {
      const net = {
        amount: request.participants.adults * option.prices.adult.amount + request.participants.children * option.prices.child.amount + request.participants.infants * option.prices.infant.amount,
        currency: option.prices.adult.currency,
      };
      return { ...option, price: pricer.price(activityFacts(activity, request.from, people), net) };
    }),
  };
}

/** A slot checked at the supplier now and priced: places left, the party's price and the terms in what the agency pays. */
async function checkSlot(context: AppContext, user: SessionUser, slot: ActivitySlotRequest) {
  // A day that has passed is a bad value, named on its field, not an offer the supplier does not know.
  if (slot.date < context.clock().toISOString().slice(0, 10)) throw new ApiError(400, "validation_failed", "This day has passed: choose another.", { errors: [{ field: "date", message: "This day has passed" }] });
  const adapter = await activityAdapterFor(context, user, slot.supplierId);
  const availability = await callSupplier((signal) => adapter.check(slot, { signal }), { repeatable: true });
  const { activity } = await callSupplier((signal) => adapter.details(slot.activityCode, { from: slot.date, to: slot.date }, slot.participants, { signal }), { repeatable: true });
  const price = createActivityPricer(context.pricing.index(), await pricingContextFor(context, user)).price(activityFacts(activity, slot.date, partySize(slot.participants)), availability.total);
  const agencyTotal = { amount: price.total, currency: price.currency };
  return { adapter, availability, price, terms: agencyPolicy(availability.cancellationPolicy, availability.total.amount, agencyTotal) };
}

export async function activityAvailability(context: AppContext, user: SessionUser, slot: ActivitySlotRequest): Promise<ActivityAvailabilityResponse> {
  const { availability, price, terms } = await checkSlot(context, user, slot);
  return { available: availability.remaining === null || availability.remaining >= partySize(slot.participants), remaining: availability.remaining, price, cancellationPolicy: terms, questions: [...availability.questions] };
}

/** 400 naming each question left unanswered (answers.{code}), or an answer to a question not asked: nothing is booked. */
function assertAnswers(questions: readonly ActivityQuestion[], answers: readonly { code: string; answer: string }[]): void {
  const problems = [
    ...questions.filter((question) => question.required && !answers.some((given) => given.code === question.code)).map((question) => ({ field: `answers.${question.code}`, message: `Answer: ${question.text}` })),
    ...answers.filter((given) => !questions.some((question) => question.code === given.code)).map((given) => ({ field: `answers.${given.code}`, message: "The supplier does not ask this" })),
  ];
  if (problems.length > 0) throw new ApiError(400, "validation_failed", problems[0]!.message, { errors: problems });
}

const bookingOutcome = (booking: ActivityBooking): BookedOutcome => ({
  status: "confirm",
  supplierOrderId: booking.bookingId,
  bookingReference: booking.bookingId,
  paymentTimeLimit: null,
  supplierOrder: null,
  detail: booking,
});

/**
 * Books a slot through the shared booking path: checked and priced again at the supplier (a
 * total other than the one the agent accepted is 409 price_changed), everyone named in the
 * party's bands, always paid (activities are not held).
 */
export async function bookActivity(context: AppContext, user: ActingUser, request: ActivityBookingRequest, idempotencyKey: string | null): Promise<PlatformOrder> {
  const { travellers, contact, payment, expectedTotal, answers, ...slot } = request;
  const bands = bandsOf(slot.participants);
  if (travellers.length !== bands.length || travellers.some((traveller, index) => traveller.band !== bands[index])) {
    throw new ApiError(400, "validation_failed", `Name the ${bands.length} participants: ${slot.participants.adults} adults, ${slot.participants.children} children, ${slot.participants.infants} infants, in that order.`, { errors: [{ field: "travellers", message: `Name ${bands.length} participants` }] });
  }
  const { adapter, availability, price, terms } = await checkSlot(context, user, slot);
  if (price.total !== expectedTotal.amount || price.currency !== expectedTotal.currency) {
    throw new ApiError(409, "price_changed", `The price is now ${price.total} minor units of ${price.currency}; check the new price and book again.`);
  }
  assertAnswers(availability.questions, answers);
  return placeOrder(context, user, idempotencyKey, {
    kind: "activity",
    request,
    paymentSubject: { supplierId: adapter.supplierId, ownerCode: "" },
    charge: { amount: price.total, currency: price.currency },
    supplierDue: availability.total,
    isBookAndHold: false,
    payment,
    passengerNames: travellers.map((traveller) => `${traveller.firstName} ${traveller.lastName}`).join(", "),
    document: { supplierOrder: null, priceBreakdown: null, charge: null, cardCharge: null },
    item: { kind: "activity", priceBreakdown: price, cancellationTerms: terms, detail: null },
    book: async (clientReference, supplierPayment) => bookingOutcome(await callSupplier((signal) => adapter.book({ slot, travellers, contact, payment: supplierPayment!, clientReference, answers }, { signal }))),
  });
}

function bookingOf(row: OrderRow, item: ItemRow): ActivityBooking {
  const booking = item.detail as ActivityBooking | null;
  if (!booking || !row.supplier_order_id) throw new ApiError(422, "order_not_booked", `Order ${row.id} was never booked with the supplier.`);
  if (row.status !== "confirm") throw new ApiError(422, "not_cancellable", `Order ${row.id} cannot be cancelled (it is ${row.status}).`);
  return booking;
}

/** What cancelling now costs per the booking's policy, and what the agency gets back. */
export async function activityCancelQuote(context: AppContext, row: OrderRow, item: ItemRow) {
  const booking = bookingOf(row, item);
  const { penalty } = await callSupplier((signal) => activityAdapterOf(context, item.supplier_id).cancelQuote(booking.bookingId, { signal }), { repeatable: true });
  return penaltyQuote(context, row, booking.total, penalty);
}

/** Cancels at the supplier with the penalty its policy charges now; the rest goes back to the agency in the status's transaction. */
export async function cancelActivity(context: AppContext, user: SessionUser, row: OrderRow, item: ItemRow): Promise<PlatformOrder> {
  const booking = bookingOf(row, item);
  const cancelled = await callSupplier((signal) => activityAdapterOf(context, item.supplier_id).cancel(booking.bookingId, { signal }));
  const { quote, refundToAgency: refund } = await penaltyQuote(context, row, booking.total, cancelled.penalty);
  const saved = await context.db.transaction().execute(async (trx) => {
    await refundToAgency(context, trx, row, user, refund, ledgerReason("activityCancellation", { reference: row.booking_reference ?? "" }));
    // The booking as it was made (the agent's words, the titles) with the supplier's cancellation on it.
    const itemDetail: ActivityBooking = { ...booking, status: cancelled.booking.status, cancellation: cancelled.booking.cancellation };
    return recordChange(context, trx, row, user.users_id, { status: "cancel", refundedDelta: refund.amount, paymentTimeLimit: null, itemDetail }, { kind: quote.kind, detail: { quote, refundToAgency: refund } });
  });
  return platformOrder(context.db, saved);
}

/** The order's booking at its supplier by the platform's reference, for the reconciler. */
export async function findBookedActivity(context: AppContext, supplierId: string, clientReference: string): Promise<BookedOutcome | null> {
  const booking = await callSupplier((signal) => activityAdapterOf(context, supplierId).retrieveByClientReference(clientReference, { signal }), { repeatable: true });
  return booking && bookingOutcome(booking);
}
