import { convertMinor, type Money } from "../../src/contract/money";
import type {
  AirShoppingRequest,
  Offer,
  OfferReference,
  PricedAirShoppingResponse,
  PricedOffer,
} from "../../src/contract/shopping";
import type { SessionUser } from "../../src/contract/auth";
import type { AppContext } from "../appContext";
import { flightAdaptersOf } from "../suppliers/connections";
import { ApiError } from "../http/apiError";
import { organisationPath } from "../organisations/tree";
import { createOfferPricer, PricingError, type PricingContext } from "../pricing/priceOffer";
import { fanOut, type FanOutOptions, type NamedSupplier } from "../suppliers/fanOut";
import { searchProblems } from "./searchRules";
import { sellerMarkets } from "../pricing/sellerMarkets";
import { isPaused } from "../suppliers/breakers";
import { SupplierError } from "../suppliers/supplierError";
import type { SupplierAdapter } from "../suppliers/types";
import { supplierCallLog } from "../suppliers/callLog";

/** Each supplier gets this long to answer a search; a slower one is left out with a warning. */
export const SEARCH_TIMEOUT_MS = 8_000;

/** How a search made for an organisation asks its suppliers: each in time, through its circuit breaker, every call recorded. */
export const searchOptionsFor = (context: AppContext, operation: string, organisationId: number): FanOutOptions => ({
  timeoutMs: SEARCH_TIMEOUT_MS,
  log: supplierCallLog(context, operation, organisationId),
  breakers: context.supplierBreakers,
});
/** Single-offer calls (price, services, seats, orders) wait a little longer. */
export const SUPPLIER_CALL_TIMEOUT_MS = 15_000;

const SUPPLIER_ERROR_STATUS: Record<SupplierError["code"], number> = {
  OFFER_NOT_FOUND: 404,
  ORDER_NOT_FOUND: 404,
  OFFER_EXPIRED: 409,
  INVALID_REQUEST: 422,
  NOT_PERMITTED: 422,
  SEAT_UNAVAILABLE: 422,
  PAYMENT_MISMATCH: 422,
  SUPPLIER_FAILURE: 502,
  RATE_LIMITED: 503,
  TIMEOUT: 504,
};

/** A supplier's refusal as the API reports it (codes in lower case: offer_expired, supplier_failure...). */
export function supplierApiError(error: unknown): unknown {
  if (error instanceof SupplierError) return new ApiError(SUPPLIER_ERROR_STATUS[error.code], error.code.toLowerCase(), error.message);
  if (error instanceof DOMException && error.name === "TimeoutError") {
    return new ApiError(504, "timeout", "The supplier did not answer in time. Try again.");
  }
  if (isPaused(error)) return new ApiError(503, "supplier_paused", "This supplier failed again and again and is paused for a moment; nothing was sent to it. Try again shortly.");
  return error;
}

/** Pauses before a read is asked again: the supplier gets a moment to recover. */
const REPEAT_DELAYS_MS = [200, 600];

/** A failure worth one more try: the supplier broke down, it did not refuse (a time-out has already waited long enough). */
const isTransient = (error: unknown) => error instanceof SupplierError && error.code === "SUPPLIER_FAILURE";

/**
 * Runs one supplier call with the platform's time-out, mapping its errors for the API. A call
 * that only reads (a price, a seat map, a booking's state: `repeatable`) is asked again after a
 * transient failure, twice at most; one that books, pays, changes or cancels never is.
 */
export async function callSupplier<T>(call: (signal: AbortSignal) => Promise<T>, { repeatable = false }: { repeatable?: boolean } = {}): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call(AbortSignal.timeout(SUPPLIER_CALL_TIMEOUT_MS));
    } catch (error) {
      const delay = REPEAT_DELAYS_MS[attempt];
      if (!repeatable || delay === undefined || !isTransient(error)) throw supplierApiError(error);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** The adapters not switched off in supplier_settings. */
export function switchedOn<Adapter extends NamedSupplier>(context: AppContext, adapters: readonly Adapter[]): Adapter[] {
  const { inactive } = context.supplierConfiguration.current();
  return adapters.filter((adapter) => !inactive.has(adapter.supplierId));
}

/** The active flight suppliers: every configured adapter not switched off in supplier_settings. */
export function activeSuppliers(context: AppContext): SupplierAdapter[] {
  return switchedOn(context, flightAdaptersOf(context));
}

/**
 * The suppliers an organisation may shop with, of any product: switched-on adapters whose row in
 * the suppliers table is active (status 1) and, when that row names brands, lists the
 * organisation or one of its ancestors. A supplier with no brands is open to every organisation.
 */
export async function availableTo<Adapter extends NamedSupplier>(context: AppContext, organisationId: number, adapters: readonly Adapter[]): Promise<Adapter[]> {
  const path = await organisationPath(context.db, organisationId);
  const { brandsByCode } = context.supplierConfiguration.current();
  return switchedOn(context, adapters).filter((adapter) => {
    const brands = brandsByCode.get(adapter.supplierId);
    return brands !== undefined && (brands.length === 0 || brands.some((id) => path.includes(id)));
  });
}

export async function activeSuppliersFor(context: AppContext, organisationId: number): Promise<SupplierAdapter[]> {
  return availableTo(context, organisationId, flightAdaptersOf(context));
}

export async function adapterFor(context: AppContext, supplierId: string): Promise<SupplierAdapter> {
  const adapter = activeSuppliers(context).find((candidate) => candidate.supplierId === supplierId);
  if (!adapter) throw new ApiError(404, "supplier_not_found", `Supplier ${supplierId} is not available.`);
  return adapter;
}

/** Who sells, where and when: everything about the sale the markup rules look at. */
export async function pricingContextFor(context: AppContext, user: SessionUser): Promise<PricingContext> {
  const { db, clock, pricing, locateAirport } = context;
  // The organisation's country of sale; the signed-in user's country while the organisation has none.
  const [organisation, path] = await Promise.all([
    db
      .selectFrom("organisations")
      .leftJoin("countries", (join) => join.on("countries.id", "=", user.country_id ?? 0))
      .select(["organisations.currency_code", "organisations.country_code", "organisations.tour_code", "countries.code as user_country"])
      .where("organisations.id", "=", user.organisation_id)
      .executeTakeFirstOrThrow(),
    organisationPath(db, user.organisation_id),
  ]);
  const countryCode = organisation.country_code ?? organisation.user_country ?? null;
  return {
    organisationPath: path,
    pointOfSale: { countryCode, marketIds: sellerMarkets(pricing.markets(), countryCode) },
    bookingDate: clock().toISOString().slice(0, 10),
    tourCode: organisation.tour_code,
    sellingCurrency: organisation.currency_code,
    exchangeRates: pricing.rates(),
    locateAirport,
  };
}

function pricingFailure(error: unknown): unknown {
  return error instanceof PricingError ? new ApiError(422, "pricing_failed", error.message) : error;
}

/** 400 naming each leg's field when the search cannot be run (searchRules.ts): no supplier is asked. */
export function assertSearchable(context: AppContext, request: AirShoppingRequest): void {
  const problems = searchProblems(request, context.clock().toISOString().slice(0, 10), (code) => context.locateAirport(code) !== undefined);
  if (problems.length > 0) {
    throw new ApiError(400, "validation_failed", `Some fields are not valid: ${problems.map((problem) => problem.field).join(", ")}.`, { errors: problems });
  }
}

/** Every active supplier searched in parallel; each offer priced with the organisation's rules. */
export async function searchFlights(context: AppContext, user: SessionUser, request: AirShoppingRequest): Promise<PricedAirShoppingResponse> {
  assertSearchable(context, request);
  const [adapters, pricingContext] = await Promise.all([activeSuppliersFor(context, user.organisation_id), pricingContextFor(context, user)]);
  const { offers, warnings } = await fanOut(adapters, request, searchOptionsFor(context, "flight search", user.organisation_id));
  const pricer = createOfferPricer(context.pricing.index(), pricingContext);
  const priced: PricedOffer[] = [];
  for (const offer of offers) {
    try {
      priced.push(pricer.price(offer));
    } catch (error) {
      // An offer in a currency without a stored rate cannot be sold; the others still can.
      if (!(error instanceof PricingError)) throw error;
      warnings.push({ supplierId: offer.supplierId, supplierName: offer.supplierName, reason: "error", message: error.message });
    }
  }
  return { offers: priced, warnings: dedupeWarnings(warnings) };
}

function dedupeWarnings(warnings: PricedAirShoppingResponse["warnings"]): PricedAirShoppingResponse["warnings"] {
  const seen = new Set<string>();
  return warnings.filter((warning) => {
    const key = `${warning.supplierId}|${warning.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Prices an already-fetched supplier offer for the caller's organisation. */
async function priceForUser(context: AppContext, user: SessionUser, offer: Offer): Promise<PricedOffer> {
  const pricingContext = await pricingContextFor(context, user);
  try {
    return createOfferPricer(context.pricing.index(), pricingContext).price(offer);
  } catch (error) {
    throw pricingFailure(error);
  }
}

/** OfferPrice at the supplier (price guarantee), then the platform's markups: what orders are created from. */
export async function priceOfferFor(context: AppContext, user: SessionUser, reference: OfferReference): Promise<PricedOffer> {
  const adapter = (await activeSuppliersFor(context, user.organisation_id)).find((candidate) => candidate.supplierId === reference.supplierId);
  if (!adapter) throw new ApiError(404, "supplier_not_found", `Supplier ${reference.supplierId} is not available to your organisation.`);
  const { pricedOffer } = await callSupplier((signal) => adapter.offerPrice(reference, { signal }), { repeatable: true });
  const departure = pricedOffer.journeys[0]?.segments[0]?.departure.dateTime.slice(0, 10);
  if (departure !== undefined && departure < context.clock().toISOString().slice(0, 10)) {
    throw new ApiError(422, "flight_departed", `This flight departed on ${departure}; it can no longer be sold.`);
  }
  return priceForUser(context, user, pricedOffer);
}

/** A supplier amount in the organisation's selling currency, half-up; 422 when no rate is stored. */
export function toSellingCurrency(context: AppContext, amount: Money, sellingCurrency: string): Money {
  if (amount.currency === sellingCurrency) return amount;
  const rate = context.pricing.rates().rate(amount.currency, sellingCurrency);
  if (!rate) throw new ApiError(422, "exchange_rate_missing", `No exchange rate from ${amount.currency} to ${sellingCurrency} is stored.`);
  return { amount: convertMinor(amount.amount, amount.currency, sellingCurrency, rate), currency: sellingCurrency };
}
