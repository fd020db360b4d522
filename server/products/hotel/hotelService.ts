import { ledgerReason } from "../../../src/contract/ledgerReasons";
import type { ActingUser } from "../../http/sessionGuard";
import type { SessionUser } from "../../../src/contract/auth";
import { agencyPolicy, combinedPolicy } from "../../../src/contract/hotelCancellation";
import {
  MAX_NIGHTS,
  type Hotel,
  type HotelBooking,
  type HotelBookingRequest,
  type HotelPriceBreakdown,
  type HotelRate,
  type HotelRatesResponse,
  type HotelRecheckResponse,
  type HotelSearchRequest,
  type HotelSearchResponse,
  type HotelSummary,
  type PricedHotelRate,
  type DestinationSuggestion,
  guestProblems,
} from "../../../src/contract/hotels";
import type { Money } from "../../../src/contract/money";
import type { PlatformOrder } from "../../../src/contract/orders";
import type { Payment } from "../../../src/contract/shopping";
import type { AppContext } from "../../appContext";
import { ApiError } from "../../http/apiError";
import {
  addEvent,
  documentOf,
  givePaymentBack,
  paymentOptions,
  penaltyQuote,
  payingFor,
  placeOrder,
  planPayment,
  platformOrder,
  recordChange,
  refundToAgency,
  supplierFailureMessage,
  takePayment,
  paidNow,
  ticketedAfterAll,
  withCompensation,
  type BookedOutcome,
  type OrderRow,
} from "../../orders/orderService";
import { insuranceAddOn } from "../insurance/insuranceService";
import { createHotelPricer, hotelRateFacts, type HotelPricer } from "../../pricing/priceHotelRate";
import { PricingError } from "../../pricing/priceOffer";
import { cityDirectory } from "../../reference/cities";
import { availableTo, callSupplier, pricingContextFor, SEARCH_TIMEOUT_MS, searchOptionsFor } from "../../shopping/shoppingService";
import { hotelAdaptersOf } from "../../suppliers/connections";
import { askEach } from "../../suppliers/fanOut";
import { cheapestPerStayKind, cheapestRates, mergeHotels, stayOffers } from "./mergeRates";
import type { HotelAdapter } from "./types";

const DAY_MS = 86_400_000;
/** Hotels sell up to a year ahead. */
const BOOKING_HORIZON_DAYS = 365;

/** 400 naming the field when a stay cannot be searched: no supplier is asked. */
function assertStay(context: AppContext, request: Pick<HotelSearchRequest, "checkIn" | "checkOut" | "cityId">): number {
  const today = context.clock().toISOString().slice(0, 10);
  const nights = Math.round((Date.parse(request.checkOut) - Date.parse(request.checkIn)) / DAY_MS);
  const problems: { field: string; message: string }[] = [];
  if (request.checkIn < today) problems.push({ field: "checkIn", message: "Check-in cannot be in the past" });
  if (Date.parse(request.checkIn) - Date.parse(today) > BOOKING_HORIZON_DAYS * DAY_MS) problems.push({ field: "checkIn", message: `Hotels sell up to ${BOOKING_HORIZON_DAYS} days ahead` });
  if (nights < 1) problems.push({ field: "checkOut", message: "Check-out must be after check-in" });
  if (nights > MAX_NIGHTS) problems.push({ field: "checkOut", message: `At most ${MAX_NIGHTS} nights` });
  if (request.cityId !== undefined && !cityDirectory().byId(request.cityId)) problems.push({ field: "cityId", message: "Choose a city from the list" });
  if (problems.length > 0) {
    throw new ApiError(400, "validation_failed", `Some fields are not valid: ${problems.map((problem) => problem.field).join(", ")}.`, { errors: problems });
  }
  return nights;
}

const guestsOf = (rate: HotelRate) => rate.occupancy.adults + rate.occupancy.childAges.length;

/** Prices what can be priced; a rate in a currency without a stored rate is left out (the caller warns once). */
function priceRates(pricer: HotelPricer, hotel: Hotel, rates: readonly HotelRate[], checkIn: string, names: ReadonlyMap<string, string>, unpriced: Set<string>): PricedHotelRate[] {
  const priced: PricedHotelRate[] = [];
  for (const rate of rates) {
    try {
      const price = pricer.price(hotelRateFacts(hotel, rate, checkIn, guestsOf(rate)), rate.net);
      const agencyCancellationPolicy = agencyPolicy(rate.cancellationPolicy, rate.net.amount, { amount: price.total, currency: price.currency });
      priced.push({ ...rate, supplierName: names.get(rate.supplierId) ?? rate.supplierId, price, agencyCancellationPolicy });
    } catch (error) {
      if (!(error instanceof PricingError)) throw error;
      unpriced.add(`${rate.supplierId}|${error.message}`);
    }
  }
  return priced;
}

/** `every`: price every rate (the hotel page); otherwise only what the result list needs (cheapestPerStayKind). */
async function searchAndPrice(context: AppContext, user: SessionUser, request: HotelSearchRequest, { every }: { every: boolean }) {
  const nights = assertStay(context, request);
  const [adapters, pricingContext] = await Promise.all([availableTo(context, user.organisation_id, hotelAdaptersOf(context)), pricingContextFor(context, user)]);
  const { answers, warnings } = await askEach(adapters, (adapter, signal) => adapter.search(request, { signal }), searchOptionsFor(context, "hotel search", user.organisation_id));
  const names = new Map(adapters.map((adapter) => [adapter.supplierId, adapter.supplierName]));
  const pricer = createHotelPricer(context.pricing.index(), pricingContext);
  const unpriced = new Set<string>();
  const hotels = mergeHotels(answers.map(({ adapter, answer }) => ({ supplierId: adapter.supplierId, hotels: answer.hotels }))).map((merged) => ({
    ...merged,
    priced: priceRates(pricer, merged.hotel, every ? merged.rates : cheapestPerStayKind(merged.rates), request.checkIn, names, unpriced),
  }));
  for (const entry of unpriced) {
    const [supplierId, message] = entry.split("|") as [string, string];
    warnings.push({ supplierId, supplierName: names.get(supplierId) ?? supplierId, reason: "error", message });
  }
  const suppliers = adapters.map((adapter) => ({ supplierId: adapter.supplierId, supplierName: adapter.supplierName }));
  return { nights, hotels, warnings, suppliers, currency: pricingContext.sellingCurrency };
}

/** Every hotel supplier the organisation may use, searched in parallel; hotels merged on their shared code, each rate priced. */
export async function searchHotels(context: AppContext, user: SessionUser, request: HotelSearchRequest): Promise<HotelSearchResponse> {
  const { nights, hotels, warnings, suppliers, currency } = await searchAndPrice(context, user, request, { every: false });
  const summaries: HotelSummary[] = [];
  for (const { hotel, supplierIds, priced } of hotels) {
    const offers = stayOffers(priced, request.rooms.length);
    if (offers.length > 0) summaries.push({ hotel, supplierIds: [...supplierIds], currency, stayOffers: offers });
  }
  return { hotels: summaries, suppliers, warnings, nights };
}

/** The price simulator's hotel rows: per hotel and supplier the cheapest rate of the first room, as `seller` would be charged. */
export async function simulateHotelPrices(context: AppContext, seller: SessionUser, request: HotelSearchRequest): Promise<{ hotelName: string; stars: number; rate: PricedHotelRate }[]> {
  const { hotels } = await searchAndPrice(context, seller, request, { every: true });
  return hotels.slice(0, SIMULATED_HOTELS).flatMap(({ hotel, priced }) =>
    cheapestRates(priced)
      .filter((rate) => rate.roomIndex === 0)
      .filter((rate, index, rates) => rates.findIndex((other) => other.supplierId === rate.supplierId) === index)
      .map((rate) => ({ hotelName: hotel.name, stars: hotel.stars, rate })),
  );
}

/** The simulator prices this many hotels of a city. */
const SIMULATED_HOTELS = 150;

/** The hotel page: one hotel's rates for each room, each supplier's cheapest of every kind. */
export async function hotelRates(context: AppContext, user: SessionUser, request: Omit<HotelSearchRequest, "cityId" | "hotelCodes" | "currency"> & { hotelCode: string }): Promise<HotelRatesResponse> {
  const { nights, hotels, warnings } = await searchAndPrice(context, user, { ...request, hotelCodes: [request.hotelCode] }, { every: true });
  const found = hotels[0];
  if (!found || found.priced.length === 0) throw new ApiError(404, "hotel_not_available", "This hotel has no rooms left for these dates and guests. Search again.");
  const rates = cheapestRates(found.priced);
  return {
    hotel: found.hotel,
    rooms: request.rooms.map((occupancy, roomIndex) => ({ roomIndex, occupancy, rates: rates.filter((rate) => rate.roomIndex === roomIndex) })),
    warnings,
    nights,
  };
}

async function hotelAdapterFor(context: AppContext, user: SessionUser, supplierId: string): Promise<HotelAdapter> {
  const adapter = (await availableTo(context, user.organisation_id, hotelAdaptersOf(context))).find((candidate) => candidate.supplierId === supplierId);
  if (!adapter) throw new ApiError(404, "supplier_not_found", `Hotel supplier ${supplierId} is not available to your organisation.`);
  return adapter;
}

/** The rates checked again at the supplier and priced for the caller; what a booking is charged. */
export async function recheckRates(context: AppContext, user: SessionUser, supplierId: string, rateKeys: readonly string[], expectedTotal?: Money): Promise<HotelRecheckResponse & { hotel: Hotel; checkIn: string }> {
  const adapter = await hotelAdapterFor(context, user, supplierId);
  const answer = await callSupplier((signal) => adapter.recheck(rateKeys, { signal }), { repeatable: true });
  if (answer.checkIn < context.clock().toISOString().slice(0, 10)) throw new ApiError(422, "stay_started", "This stay has started; it can no longer be sold.");
  const pricer = createHotelPricer(context.pricing.index(), await pricingContextFor(context, user));
  const unpriced = new Set<string>();
  const rates = priceRates(pricer, answer.hotel, answer.rates, answer.checkIn, new Map([[adapter.supplierId, adapter.supplierName]]), unpriced);
  if (unpriced.size > 0) throw new ApiError(422, "pricing_failed", [...unpriced][0]!.split("|")[1]!);
  const currency = rates[0]!.price.currency;
  const total = { amount: rates.reduce((sum, rate) => sum + rate.price.total, 0), currency };
  const priceChanged = expectedTotal !== undefined && (expectedTotal.amount !== total.amount || expectedTotal.currency !== total.currency);
  return { rates, total, priceChanged, hotel: answer.hotel, checkIn: answer.checkIn };
}


/** The rooms' breakdowns as one: what the order's item shows. */
function bookingBreakdown(rates: readonly PricedHotelRate[]): HotelPriceBreakdown {
  const first = rates[0]!.price;
  return {
    currency: first.currency,
    supplierPrice: { amount: rates.reduce((sum, rate) => sum + rate.net.amount, 0), currency: rates[0]!.net.currency },
    exchangeRate: first.exchangeRate,
    base: rates.reduce((sum, rate) => sum + rate.price.base, 0),
    markups: rates.flatMap((rate) => rate.price.markups),
    markupTotal: rates.reduce((sum, rate) => sum + rate.price.markupTotal, 0),
    total: rates.reduce((sum, rate) => sum + rate.price.total, 0),
  };
}

const hotelOutcome = (booking: HotelBooking): BookedOutcome => ({
  status: booking.status === "hold" ? "hold" : "confirm",
  supplierOrderId: booking.bookingId,
  bookingReference: booking.bookingId,
  paymentTimeLimit: booking.holdUntil,
  supplierOrder: null,
  detail: booking,
});

/**
 * Books a hotel through the shared booking path (placeOrder): the rates rechecked and priced
 * again (never a client price; a change from what the agent accepted is a 409 with the new
 * total), hold only where every rate allows it, then the supplier books with the platform's reference.
 */
export async function bookHotel(context: AppContext, user: ActingUser, request: HotelBookingRequest, idempotencyKey: string | null): Promise<PlatformOrder> {
  const rechecked = await recheckRates(context, user, request.supplierId, request.rooms.map((room) => room.rateKey), request.expectedTotal);
  if (rechecked.priceChanged) {
    throw new ApiError(409, "price_changed", `The price is now ${rechecked.total.amount} minor units of ${rechecked.total.currency}; check the new price and book again.`);
  }
  const guestErrors = rechecked.rates.flatMap((rate, index) => guestProblems(rate.occupancy, request.rooms[index]!.guests, index));
  if (guestErrors.length > 0) {
    throw new ApiError(400, "validation_failed", "The guests named do not match the rooms as searched.", { errors: guestErrors });
  }
  if (request.isBookAndHold && !rechecked.rates.every((rate) => rate.holdable)) {
    throw new ApiError(422, "hold_not_allowed", "These rates cannot be held unpaid: book and hold needs a refundable rate whose free cancellation ends more than a day ahead, at a supplier that holds rooms.");
  }
  const adapter = await hotelAdapterFor(context, user, request.supplierId);
  const breakdown = bookingBreakdown(rechecked.rates);
  const supplierDue = breakdown.supplierPrice;
  const terms = agencyPolicy(combinedPolicy(rechecked.rates.map((rate) => rate.cancellationPolicy)), supplierDue.amount, { amount: breakdown.total, currency: breakdown.currency });
  return placeOrder(context, user, idempotencyKey, {
    kind: "hotel",
    request,
    paymentSubject: { supplierId: request.supplierId, ownerCode: "" },
    charge: rechecked.total,
    supplierDue,
    isBookAndHold: request.isBookAndHold,
    payment: request.payment,
    passengerNames: request.rooms.flatMap((room) => room.guests.map((guest) => `${guest.firstName} ${guest.lastName}`)).join(", "),
    document: { supplierOrder: null, priceBreakdown: null, charge: null, cardCharge: null },
    item: { kind: "hotel", priceBreakdown: breakdown, cancellationTerms: terms, detail: null },
    addOns: request.insurance ? [await insuranceAddOn(context, user, request.insurance, request.contact)] : [],
    book: async (clientReference, supplierPayment) =>
      hotelOutcome(
        await callSupplier((signal) =>
          adapter.book({ rooms: request.rooms.map((room) => ({ rateKey: room.rateKey, guests: room.guests, specialRequests: room.specialRequests })), contact: request.contact, payment: supplierPayment, clientReference }, { signal }),
        ),
      ),
  });
}

/** The hotel booking of an order's item. */
async function hotelBookingOf(context: AppContext, row: OrderRow): Promise<HotelBooking> {
  const item = await context.db.selectFrom("order_items").select("detail").where("order_id", "=", row.id).where("kind", "=", "hotel").executeTakeFirst();
  const booking = item?.detail as HotelBooking | null | undefined;
  if (!booking || !row.supplier_order_id) throw new ApiError(422, "order_not_booked", `Order ${row.id} was never booked with the supplier.`);
  return booking;
}

function hotelAdapterOf(context: AppContext, supplierId: string): HotelAdapter {
  const adapter = hotelAdaptersOf(context).find((candidate) => candidate.supplierId === supplierId);
  if (!adapter) throw new ApiError(404, "supplier_not_found", `Hotel supplier ${supplierId} is not configured.`);
  return adapter;
}

/** Pays for a held hotel booking before its deadline: the supplier confirms it. */
export async function confirmHeldHotel(context: AppContext, user: ActingUser, row: OrderRow, payment: Payment): Promise<PlatformOrder> {
  const payer = payingFor(user, row);
  const booking = await hotelBookingOf(context, row);
  const adapter = hotelAdapterOf(context, row.supplier_id);
  const plan = paidNow(await planPayment(context, payer, payment, await paymentOptions(context, payer, { supplierId: row.supplier_id, ownerCode: "" })));
  const charge = { amount: row.total, currency: row.currency };
  const taken = await context.db.transaction().execute((trx) => takePayment(context, trx, plan, payer, row.id, charge, booking.total, ledgerReason("confirmation", { reference: row.booking_reference ?? "" })));
  try {
    const confirmed = await callSupplier((signal) => adapter.confirmHold(booking.bookingId, taken.supplierPayment, { signal }));
    const saved = await context.db.transaction().execute(async (trx) => {
      // A card charged now is kept with the order, so a cancellation refunds it.
      const document = taken.cardCharge ? { ...documentOf(row), cardCharge: taken.cardCharge } : undefined;
      return recordChange(context, trx, row, user.users_id, { status: "confirm", paymentMethodId: plan.paymentMethodId, paidDelta: charge.amount, paymentTimeLimit: null, itemDetail: confirmed, document }, { kind: "ticketed", detail: { confirmationNumber: confirmed.confirmationNumber } });
    });
    return platformOrder(context.db, saved);
  } catch (error) {
    const confirmedThere = await ticketedAfterAll(context, row, user.users_id, plan, error);
    if (confirmedThere) return platformOrder(context.db, confirmedThere);
    await context.db.transaction().execute(async (trx) => {
      await givePaymentBack(context, trx, plan, payer, row.id, charge, taken.cardCharge, ledgerReason("confirmationFailed", { reference: row.booking_reference ?? "" }));
      await addEvent(trx, row.id, user.users_id, "ticketing_failed", { reason: supplierFailureMessage(error) });
    });
    throw withCompensation(error, true);
  }
}

function assertCancellable(row: OrderRow): void {
  if (row.status !== "hold" && row.status !== "confirm") throw new ApiError(422, "not_cancellable", `Order ${row.id} cannot be cancelled (it is ${row.status}).`);
}

export async function hotelCancelQuote(context: AppContext, row: OrderRow) {
  assertCancellable(row);
  const booking = await hotelBookingOf(context, row);
  const adapter = hotelAdapterOf(context, row.supplier_id);
  const supplierQuote = await callSupplier((signal) => adapter.cancelQuote(booking.bookingId, { signal }), { repeatable: true });
  return penaltyQuote(context, row, booking.total, supplierQuote.penalty);
}

/** Cancels at the supplier with the penalty its policy charges now; the rest goes back to the agency in the status's transaction. */
export async function cancelHotel(context: AppContext, user: SessionUser, row: OrderRow): Promise<PlatformOrder> {
  assertCancellable(row);
  const booking = await hotelBookingOf(context, row);
  const adapter = hotelAdapterOf(context, row.supplier_id);
  const cancelled = await callSupplier((signal) => adapter.cancel(booking.bookingId, { signal }));
  const { quote, refundToAgency: refund } = await penaltyQuote(context, row, booking.total, cancelled.quote.penalty);
  const saved = await context.db.transaction().execute(async (trx) => {
    await refundToAgency(context, trx, row, user, refund, ledgerReason("hotelCancellation", { reference: row.booking_reference ?? "" }));
    return recordChange(context, trx, row, user.users_id, { status: "cancel", refundedDelta: refund.amount, paymentTimeLimit: null, itemDetail: cancelled.booking }, { kind: quote.kind, detail: { quote, refundToAgency: refund } });
  });
  return platformOrder(context.db, saved);
}

/** A hotel booking as its supplier has it now, for the reconciler. */
export async function retrieveHotelBooking(context: AppContext, supplierId: string, bookingId: string): Promise<HotelBooking> {
  const adapter = hotelAdapterOf(context, supplierId);
  return callSupplier((signal) => adapter.retrieve(bookingId, { signal }), { repeatable: true });
}

/** The order's booking at its supplier by the platform's reference, for the reconciler. */
export async function findBookedHotel(context: AppContext, supplierId: string, clientReference: string): Promise<BookedOutcome | null> {
  const adapter = hotelAdapterOf(context, supplierId);
  const booking = await callSupplier((signal) => adapter.retrieveByClientReference(clientReference, { signal }), { repeatable: true });
  return booking && hotelOutcome(booking);
}

/**
 * What the first destination look-up would build (the world's cities, the sandbox hotels' name
 * index: seconds on a cold server), built now, one step per turn of the event loop so that
 * requests arriving meanwhile are answered between steps.
 */
export function prepareDestinationLookUp(context: Parameters<typeof hotelAdaptersOf>[0]): void {
  const steps = [() => void cityDirectory(), ...hotelAdaptersOf(context).map((adapter) => () => adapter.prepareHotelNames?.())];
  const next = () => {
    steps.shift()?.();
    if (steps.length > 0) setImmediate(next);
  };
  setImmediate(next);
}

/** Destinations as the agent types: cities, then (from three letters) hotels by name from the suppliers' content. */
export async function findDestinations(context: AppContext, user: SessionUser, query: string, limit: number): Promise<DestinationSuggestion[]> {
  const cities = cityDirectory().find(query, { limit });
  const suggestions: DestinationSuggestion[] = cities.map((city) => ({ kind: "city", city }));
  if (query.trim().length < 3) return suggestions;
  const adapters = await availableTo(context, user.organisation_id, hotelAdaptersOf(context));
  const { answers } = await askEach(adapters, (adapter, signal) => adapter.findHotels(query, limit, { signal }), { timeoutMs: SEARCH_TIMEOUT_MS, breakers: context.supplierBreakers });
  const seen = new Set<string>();
  for (const hotel of answers.flatMap(({ answer }) => answer)) {
    const city = cityDirectory().byId(hotel.cityId);
    if (seen.has(hotel.hotelCode) || !city || seen.size >= limit) continue;
    seen.add(hotel.hotelCode);
    suggestions.push({ kind: "hotel", hotelCode: hotel.hotelCode, name: hotel.name, stars: hotel.stars, city });
  }
  return suggestions;
}
