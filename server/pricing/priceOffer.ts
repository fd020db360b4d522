import { clampMinor, convertMinor, percentageOfMinor } from "../../src/contract/money";
import {
  MARKUP_LAYERS,
  type AppliedMarkup,
  type MarkupLayer,
  type Offer,
  type PassengerTypeCode,
  type PricedOffer,
} from "../../src/contract/shopping";
import type { RuleIndex } from "./compileRules";
import { formatRate, type ExchangeRates } from "./exchangeRates";
import type { LocateAirport } from "./geography";
import {
  acceptsPassengerType,
  compareMatches,
  matchesFare,
  matchRoute,
  matchSale,
  type CompiledMarkup,
  type CompiledRule,
  type OfferFacts,
  type RuleMatch,
  type SaleFacts,
} from "./ruleMatch";
import { classifyTripType } from "./tripType";

export interface PricingContext extends SaleFacts {
  /** The currency the agency sells in; supplier amounts are converted into it first. */
  readonly sellingCurrency: string;
  readonly exchangeRates: ExchangeRates;
  readonly locateAirport: LocateAirport;
}

export class PricingError extends Error {
  override readonly name = "PricingError";
}

function offerFacts(offer: Offer, locateAirport: LocateAirport): OfferFacts {
  const segments = offer.journeys.flatMap((journey) => journey.segments);
  const firstJourney = offer.journeys[0]!;
  const origin = firstJourney.segments[0]!.departure.iataCode;
  const destination = firstJourney.segments.at(-1)!.arrival.iataCode;
  return {
    supplierId: offer.supplierId,
    ownerCode: offer.ownerCode,
    cabins: segments.map((segment) => segment.cabinCode),
    bookingClasses: segments.map((segment) => segment.marketingCarrier.rbdCode),
    tripType: classifyTripType(offer.journeys, locateAirport),
    origin: { airportCode: origin, location: locateAirport(origin) },
    destination: { airportCode: destination, location: locateAirport(destination) },
    fareFamilyCode: offer.fareFamilyCode,
    fareCode: offer.fareCode,
    travelDate: segments[0]!.departure.dateTime.slice(0, 10),
  };
}

/** Converts minor units into the selling currency, half-up, or explains which rate is missing. */
export function sellingAmount(amountMinor: number, currency: string, context: PricingContext): number {
  if (currency === context.sellingCurrency) return amountMinor;
  const rate = context.exchangeRates.rate(currency, context.sellingCurrency);
  if (!rate) throw new PricingError(`No exchange rate from ${currency} to ${context.sellingCurrency}.`);
  return convertMinor(amountMinor, currency, context.sellingCurrency, rate);
}

/** A markup never takes the fare base below zero. */
export function markupAmount(markup: CompiledMarkup, fareBase: number, context: PricingContext): number {
  const inSelling = (amount: number | null) => (amount === null ? null : sellingAmount(amount, markup.currency, context));
  const amount =
    markup.markupBy === "by_amount"
      ? sellingAmount(markup.amount, markup.currency, context)
      : clampMinor(percentageOfMinor(fareBase, markup.percentage), inSelling(markup.minimum), inSelling(markup.maximum));
  return Math.max(amount, -fareBase);
}

interface ItemInPricing {
  readonly offerItemId: string;
  readonly passengerType: PassengerTypeCode;
  readonly passengerCount: number;
  readonly base: number;
  readonly taxes: number;
  readonly markups: AppliedMarkup[];
  /** Per passenger: the supplier base plus the markups of the layers applied so far. */
  fareBase: number;
}

/** Offers of one itinerary share these; only cabins and booking classes differ between their fares. */
const routeKey = (layer: string, facts: OfferFacts) =>
  [
    layer,
    facts.supplierId,
    facts.ownerCode,
    facts.tripType,
    facts.origin.airportCode,
    facts.destination.airportCode,
    facts.fareFamilyCode,
    facts.fareCode,
    facts.travelDate,
  ].join("|");

export interface OfferPricer {
  price(offer: Offer): PricedOffer;
}

/**
 * Prices offers in memory for one sale (organisation, date, currency): supplier amounts
 * converted into the selling currency, then the supplier layer and the agency layer, each
 * applying its most specific matching rule per passenger type (docs/pricing.md). Every markup
 * is listed with its rule and layer. The rules matching a route are found and ranked once per
 * pricer, so price a whole search with one.
 */
export function createOfferPricer(index: RuleIndex, context: PricingContext): OfferPricer {
  const saleCandidates = new Map<string, { compiled: CompiledRule; pointOfSale: number }[]>();
  const routeMatches = new Map<string, RuleMatch[]>();
  const candidatesFor = (layer: MarkupLayer, facts: OfferFacts) => {
    const key = `${layer}|${facts.supplierId}|${facts.ownerCode}`;
    let candidates = saleCandidates.get(key);
    if (!candidates) {
      candidates = index.candidates(layer, facts.supplierId, facts.ownerCode, context.organisationPath).flatMap((compiled) => {
        const pointOfSale = matchSale(compiled, context);
        return pointOfSale === null ? [] : [{ compiled, pointOfSale }];
      });
      saleCandidates.set(key, candidates);
    }
    return candidates;
  };
  const matchesFor = (layer: MarkupLayer, facts: OfferFacts): RuleMatch[] => {
    const key = routeKey(layer, facts);
    let matches = routeMatches.get(key);
    if (!matches) {
      matches = candidatesFor(layer, facts)
        .flatMap(({ compiled, pointOfSale }) => {
          const specificity = matchRoute(compiled, facts, pointOfSale);
          return specificity ? [{ compiled, specificity }] : [];
        })
        .sort(compareMatches);
      routeMatches.set(key, matches);
    }
    return matches;
  };
  return { price: (offer) => priceWith(matchesFor, offer, context) };
}

export function priceOffer(index: RuleIndex, offer: Offer, context: PricingContext): PricedOffer {
  return createOfferPricer(index, context).price(offer);
}

function priceWith(
  matchesFor: (layer: MarkupLayer, facts: OfferFacts) => RuleMatch[],
  offer: Offer,
  context: PricingContext,
): PricedOffer {
  const facts = offerFacts(offer, context.locateAirport);
  const supplierCurrency = offer.totalPrice.currency;
  const items: ItemInPricing[] = offer.offerItems.map((item) => {
    const base = sellingAmount(item.unitPrice.base, supplierCurrency, context);
    return {
      offerItemId: item.offerItemId,
      passengerType: item.passengerType,
      passengerCount: item.paxRefIds.length,
      base,
      taxes: sellingAmount(item.unitPrice.taxes, supplierCurrency, context),
      markups: [],
      fareBase: base,
    };
  });
  const bookingMarkups: AppliedMarkup[] = [];

  for (const layer of MARKUP_LAYERS) {
    // Matches come best first: each passenger type takes the first that fits its fare and type.
    const matches = matchesFor(layer, facts);
    const itemsByWinner = new Map<RuleMatch, ItemInPricing[]>();
    for (const item of items) {
      const winner = matches.find(
        (match) => acceptsPassengerType(match.compiled, item.passengerType) && matchesFare(match.compiled, facts),
      );
      if (winner) itemsByWinner.set(winner, [...(itemsByWinner.get(winner) ?? []), item]);
    }
    const layerMarkups = new Map<ItemInPricing, number>();
    for (const [{ compiled }, wonItems] of itemsByWinner) {
      const applied = { ruleId: compiled.rule.id, ruleName: compiled.rule.head.name, layer };
      if (compiled.rule.rule.appliesPer === "passenger") {
        for (const item of wonItems) {
          const amount = markupAmount(compiled.markup, item.fareBase, context);
          item.markups.push({ ...applied, amount });
          layerMarkups.set(item, amount);
        }
      } else {
        const bookingFareBase = wonItems.reduce((sum, item) => sum + item.fareBase * item.passengerCount, 0);
        bookingMarkups.push({ ...applied, amount: markupAmount(compiled.markup, bookingFareBase, context) });
      }
    }
    for (const [item, amount] of layerMarkups) item.fareBase += amount;
  }

  const pricedItems = items.map(({ fareBase, ...item }) => ({ ...item, unitTotal: fareBase + item.taxes }));
  const base = pricedItems.reduce((sum, item) => sum + item.base * item.passengerCount, 0);
  const taxes = pricedItems.reduce((sum, item) => sum + item.taxes * item.passengerCount, 0);
  const passengerMarkups = pricedItems.reduce(
    (sum, item) => sum + item.passengerCount * item.markups.reduce((itemSum, markup) => itemSum + markup.amount, 0),
    0,
  );
  const markups = passengerMarkups + bookingMarkups.reduce((sum, markup) => sum + markup.amount, 0);
  const rate = supplierCurrency === context.sellingCurrency ? undefined : context.exchangeRates.rate(supplierCurrency, context.sellingCurrency);
  return {
    ...offer,
    priceBreakdown: {
      currency: context.sellingCurrency,
      supplierPrice: offer.totalPrice,
      exchangeRate: rate ? formatRate(rate) : null,
      items: pricedItems,
      bookingMarkups,
      totals: { base, taxes, markups, total: base + taxes + markups },
    },
  };
}
