import { clampMinor, conversionFactor, multiplyMinor, type Ratio } from "../../src/contract/money";
import {
  MARKUP_LAYERS,
  type AppliedMarkup,
  type MarkupLayer,
  type Offer,
  type PassengerTypeCode,
  type PricedOffer,
} from "../../src/contract/shopping";
import type { RuleIndex } from "./compileRules";
import { formatRate, type ExchangeRates } from "../../src/contract/exchangeRates";
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

/** Each pricing context's conversion factors into its selling currency, worked out at its first amount in a currency. */
const sellingFactors = new WeakMap<PricingContext, Map<string, Ratio>>();

/** Converts minor units into the selling currency, half-up, or explains which rate is missing. */
export function sellingAmount(amountMinor: number, currency: string, context: PricingContext): number {
  if (currency === context.sellingCurrency) return amountMinor;
  let factors = sellingFactors.get(context);
  if (!factors) sellingFactors.set(context, (factors = new Map()));
  let factor = factors.get(currency);
  if (!factor) {
    const rate = context.exchangeRates.rate(currency, context.sellingCurrency);
    if (!rate) throw new PricingError(`No exchange rate from ${currency} to ${context.sellingCurrency}.`);
    factors.set(currency, (factor = conversionFactor(currency, context.sellingCurrency, rate)));
  }
  return multiplyMinor(amountMinor, factor);
}

/** A markup never takes the fare base below zero. */
export function markupAmount(markup: CompiledMarkup, fareBase: number, context: PricingContext): number {
  const inSelling = (amount: number | null) => (amount === null ? null : sellingAmount(amount, markup.currency, context));
  const amount =
    markup.markupBy === "by_amount"
      ? sellingAmount(markup.amount, markup.currency, context)
      : clampMinor(multiplyMinor(fareBase, markup.percentage), inSelling(markup.minimum), inSelling(markup.maximum));
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

/** Offers of one itinerary share these; fare families, codes, cabins and booking classes differ between their fares. */
const routeKey = (layer: string, facts: OfferFacts) =>
  `${layer}|${facts.supplierId}|${facts.ownerCode}|${facts.tripType}|${facts.origin.airportCode}|${facts.destination.airportCode}|${facts.travelDate}`;

export interface OfferPricer {
  price(offer: Offer): PricedOffer;
}

/** Rules fitting the sale with the same point-of-sale rank and number of criteria: only the narrowness of places, the priority and the id order them. */
interface RankGroup {
  readonly pointOfSale: number;
  readonly rules: readonly CompiledRule[];
}

/** The sale's candidate rules in groups, best group first (compareMatches orders the same way, granularity aside). */
function rankGroups(candidates: readonly CompiledRule[], saleRank: (compiled: CompiledRule) => number | null): RankGroup[] {
  const ranked: { compiled: CompiledRule; pointOfSale: number }[] = [];
  for (const compiled of candidates) {
    const pointOfSale = saleRank(compiled);
    if (pointOfSale !== null) ranked.push({ compiled, pointOfSale });
  }
  ranked.sort((left, right) => right.pointOfSale - left.pointOfSale || right.compiled.restrictedCriteria - left.compiled.restrictedCriteria);
  const groups: { pointOfSale: number; criteria: number; rules: CompiledRule[] }[] = [];
  for (const { compiled, pointOfSale } of ranked) {
    const last = groups.at(-1);
    if (last && last.pointOfSale === pointOfSale && last.criteria === compiled.restrictedCriteria) last.rules.push(compiled);
    else groups.push({ pointOfSale, criteria: compiled.restrictedCriteria, rules: [compiled] });
  }
  return groups;
}

/** Sales remembered per rule book: an agency's searches of the day share their ranked rules. */
const MAX_REMEMBERED_SALES = 1_000;
const rankedSales = new WeakMap<RuleIndex, Map<string, Map<string, RankGroup[]>>>();

/** The rank groups already worked out for this sale (by layer, supplier and airline), to be filled as offers need them. */
function rankGroupsOfSale(index: RuleIndex, sale: SaleFacts): Map<string, RankGroup[]> {
  let sales = rankedSales.get(index);
  if (!sales) rankedSales.set(index, (sales = new Map()));
  const key = [sale.organisationPath.join(","), sale.pointOfSale.countryCode, sale.pointOfSale.marketIds.join(","), sale.bookingDate, sale.tourCode].join("|");
  let groups = sales.get(key);
  if (!groups) {
    if (sales.size >= MAX_REMEMBERED_SALES) sales.clear();
    sales.set(key, (groups = new Map()));
  }
  return groups;
}

/**
 * Prices offers in memory for one sale (organisation, date, currency): supplier amounts
 * converted into the selling currency, then the supplier layer and the agency layer, each
 * applying its most specific matching rule per passenger type (docs/pricing.md). Every markup
 * is listed with its rule and layer. Price a whole search with one pricer: the rules fitting the
 * sale are found and ranked once (and kept for the sale's next searches while the rule book
 * stands), and a route's matches are worked out group by group, best first, only as far as its
 * fares need (a winner is usually in the first groups).
 */
export function createOfferPricer(index: RuleIndex, context: PricingContext): OfferPricer {
  const saleGroups = rankGroupsOfSale(index, context);
  // A rule open to every airline or supplier is a candidate for many of them: its fit with the sale is worked out once.
  const saleRanks = new Map<CompiledRule, number | null>();
  const saleRank = (compiled: CompiledRule) => {
    let rank = saleRanks.get(compiled);
    if (rank === undefined) saleRanks.set(compiled, (rank = matchSale(compiled, context)));
    return rank;
  };
  const groupsFor = (layer: MarkupLayer, facts: OfferFacts) => {
    const key = `${layer}|${facts.supplierId}|${facts.ownerCode}`;
    let groups = saleGroups.get(key);
    if (!groups) {
      groups = rankGroups(index.candidates(layer, facts.supplierId, facts.ownerCode, context.organisationPath), saleRank);
      saleGroups.set(key, groups);
    }
    return groups;
  };
  const routeRules = new Map<string, RouteRules>();
  const rulesFor: RouteRulesOf = (layer, facts) => {
    const key = routeKey(layer, facts);
    let rules = routeRules.get(key);
    if (!rules) routeRules.set(key, (rules = { groups: groupsFor(layer, facts), matchesByGroup: [] }));
    return rules;
  };
  return { price: (offer) => priceWith(rulesFor, offer, context) };
}

/** A layer's rules for one itinerary: its rank groups, and each group's matches once worked out. */
interface RouteRules {
  readonly groups: readonly RankGroup[];
  readonly matchesByGroup: (RuleMatch[] | undefined)[];
}

type RouteRulesOf = (layer: MarkupLayer, facts: OfferFacts) => RouteRules;

/** The best match for a passenger type's fare: groups are worked out best first, and only as far as needed. */
function winnerOf({ groups, matchesByGroup }: RouteRules, facts: OfferFacts, passengerType: PassengerTypeCode): RuleMatch | undefined {
  for (let position = 0; position < groups.length; position += 1) {
    const group = groups[position]!;
    let matches = matchesByGroup[position];
    if (!matches) {
      matches = [];
      for (const compiled of group.rules) {
        const specificity = matchRoute(compiled, facts, group.pointOfSale);
        if (specificity) matches.push({ compiled, specificity });
      }
      matchesByGroup[position] = matches.sort(compareMatches);
    }
    // Matches come best first: a passenger type takes the first that fits its fare and type.
    const winner = matches.find((match) => acceptsPassengerType(match.compiled, passengerType) && matchesFare(match.compiled, facts));
    if (winner) return winner;
  }
  return undefined;
}

export function priceOffer(index: RuleIndex, offer: Offer, context: PricingContext): PricedOffer {
  return createOfferPricer(index, context).price(offer);
}

function priceWith(
  rulesFor: RouteRulesOf,
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
    const rules = rulesFor(layer, facts);
    const itemsByWinner = new Map<RuleMatch, ItemInPricing[]>();
    for (const item of items) {
      const winner = winnerOf(rules, facts, item.passengerType);
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

  let base = 0;
  let taxes = 0;
  let markups = 0;
  const pricedItems = items.map((item) => {
    base += item.base * item.passengerCount;
    taxes += item.taxes * item.passengerCount;
    for (const markup of item.markups) markups += markup.amount * item.passengerCount;
    const { offerItemId, passengerType, passengerCount, markups: itemMarkups } = item;
    return { offerItemId, passengerType, passengerCount, base: item.base, taxes: item.taxes, markups: itemMarkups, unitTotal: item.fareBase + item.taxes };
  });
  for (const markup of bookingMarkups) markups += markup.amount;
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
