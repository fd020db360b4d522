import { MARKUP_LAYERS, type AppliedMarkup, type MarkupLayer } from "../../src/contract/shopping";
import type { Hotel, HotelPriceBreakdown, HotelRate } from "../../src/contract/hotels";
import type { HotelCriteria, MarkupRule } from "../../src/contract/markup";
import type { RuleIndex } from "./compileRules";
import { formatRate } from "./exchangeRates";
import { markupAmount, sellingAmount, type PricingContext } from "./priceOffer";
import { matchSale, type CompiledRule } from "./ruleMatch";

/** What hotel rules look at in a rate. */
export interface HotelRateFacts {
  readonly supplierId: string;
  readonly countryCode: string;
  readonly cityId: string;
  readonly stars: number;
  readonly boardBasis: HotelRate["boardBasis"];
  readonly refundable: boolean;
  readonly checkIn: string;
  readonly guests: number;
}

type HotelCheck = (facts: HotelRateFacts) => boolean;

/** A hotel rule's tests of only what it restricts, and how narrow its place is (city 4, country 3). */
interface HotelTests {
  readonly checks: readonly HotelCheck[];
  readonly granularity: number;
}

function listed<T>(values: readonly T[], read: (facts: HotelRateFacts) => T): HotelCheck[] {
  if (values.length === 0) return [];
  const allowed = new Set(values);
  return [(facts) => allowed.has(read(facts))];
}

function hotelTestsOf(rule: MarkupRule): HotelTests {
  const criteria: HotelCriteria = rule.hotel;
  const { travelDates } = rule.criteria;
  const checks: HotelCheck[] = [
    ...listed(rule.contentSource.supplierIds, (facts) => facts.supplierId),
    ...listed(criteria.countries, (facts) => facts.countryCode),
    ...listed(criteria.cities, (facts) => facts.cityId),
    ...listed(criteria.starRatings, (facts) => facts.stars),
    ...listed(criteria.boardBases, (facts) => facts.boardBasis),
    ...(criteria.refundable === null ? [] : [(facts: HotelRateFacts) => facts.refundable === criteria.refundable]),
    ...(travelDates ? [(facts: HotelRateFacts) => travelDates.from <= facts.checkIn && facts.checkIn <= travelDates.to] : []),
  ];
  return { checks, granularity: criteria.cities.length > 0 ? 4 : criteria.countries.length > 0 ? 3 : 0 };
}

const testsByRule = new WeakMap<CompiledRule, HotelTests>();
const testsOf = (compiled: CompiledRule) => {
  let tests = testsByRule.get(compiled);
  if (!tests) testsByRule.set(compiled, (tests = hotelTestsOf(compiled.rule)));
  return tests;
};

export const hotelRateFacts = (hotel: Hotel, rate: HotelRate, checkIn: string, guests: number): HotelRateFacts => ({
  supplierId: rate.supplierId,
  countryCode: hotel.countryCode,
  cityId: hotel.cityId,
  stars: hotel.stars,
  boardBasis: rate.boardBasis,
  refundable: rate.refundable,
  checkIn,
  guests,
});

export interface HotelPricer {
  price(facts: HotelRateFacts, net: HotelRate["net"]): HotelPriceBreakdown;
}

/**
 * Prices hotel rates in memory for one sale, as offers are (docs/pricing.md): the supplier's
 * stay converted into the selling currency, then per layer the most specific matching hotel
 * rule (closer point of sale, more criteria, city over country, priority, newer) adds its
 * markup to the room's stay; a rule by amount "per passenger" counts each guest of the room.
 */
export function createHotelPricer(index: RuleIndex, context: PricingContext): HotelPricer {
  const winners = new Map<string, CompiledRule | null>();
  const winnerFor = (layer: MarkupLayer, facts: HotelRateFacts): CompiledRule | null => {
    const key = [layer, facts.supplierId, facts.countryCode, facts.cityId, facts.stars, facts.boardBasis, facts.refundable, facts.checkIn].join("|");
    if (winners.has(key)) return winners.get(key)!;
    let best: { compiled: CompiledRule; score: number } | null = null;
    for (const compiled of index.productCandidates("hotel", layer, facts.supplierId, context.organisationPath)) {
      const pointOfSale = matchSale(compiled, context);
      if (pointOfSale === null) continue;
      const tests = testsOf(compiled);
      if (!tests.checks.every((check) => check(facts))) continue;
      const score = pointOfSale * 10_000 + (compiled.restrictedCriteria + tests.checks.length) * 100 + tests.granularity;
      const better =
        best === null ||
        score > best.score ||
        (score === best.score && (compiled.rule.head.priority < best.compiled.rule.head.priority || (compiled.rule.head.priority === best.compiled.rule.head.priority && compiled.rule.id > best.compiled.rule.id)));
      if (better) best = { compiled, score };
    }
    winners.set(key, best?.compiled ?? null);
    return best?.compiled ?? null;
  };
  return {
    price(facts, net) {
      const base = sellingAmount(net.amount, net.currency, context);
      let fareBase = base;
      const markups: AppliedMarkup[] = [];
      for (const layer of MARKUP_LAYERS) {
        const winner = winnerFor(layer, facts);
        if (!winner) continue;
        const once = markupAmount(winner.markup, fareBase, context);
        const amount = winner.markup.markupBy === "by_amount" && winner.rule.rule.appliesPer === "passenger" ? Math.max(once * facts.guests, -fareBase) : once;
        markups.push({ ruleId: winner.rule.id, ruleName: winner.rule.head.name, layer, amount });
        fareBase += amount;
      }
      const rate = net.currency === context.sellingCurrency ? undefined : context.exchangeRates.rate(net.currency, context.sellingCurrency);
      const markupTotal = fareBase - base;
      return { currency: context.sellingCurrency, supplierPrice: net, exchangeRate: rate ? formatRate(rate) : null, base, markups, markupTotal, total: fareBase };
    },
  };
}
