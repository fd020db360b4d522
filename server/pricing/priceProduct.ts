import { MARKUP_LAYERS, type AppliedMarkup, type MarkupLayer } from "../../src/contract/shopping";
import type { HotelPriceBreakdown } from "../../src/contract/hotels";
import type { Money } from "../../src/contract/money";
import type { MarkupRule } from "../../src/contract/markup";
import type { ProductKind } from "../../src/contract/products";
import type { RuleIndex } from "./compileRules";
import { formatRate } from "../../src/contract/exchangeRates";
import { markupAmount, sellingAmount, type PricingContext } from "./priceOffer";
import { matchSale, type CompiledRule } from "./ruleMatch";

/** What every product's sale tells the rules: its supplier, and how many people a "per passenger" amount counts. */
export interface ProductSaleFacts {
  readonly supplierId: string;
  readonly people: number;
}

/** A rule's tests of only what it restricts in a product's facts, and how narrow its place is (city 4, country 3). */
export interface ProductTests<Facts> {
  readonly checks: readonly ((facts: Facts) => boolean)[];
  readonly granularity: number;
}

/** Tests that a fact is one of the listed values; no test when the list is empty (any value). */
export function listed<Facts, Value>(values: readonly Value[], read: (facts: Facts) => Value): ((facts: Facts) => boolean)[] {
  if (values.length === 0) return [];
  const allowed = new Set(values);
  return [(facts) => allowed.has(read(facts))];
}

export interface ProductRules<Facts extends ProductSaleFacts> {
  readonly product: ProductKind;
  readonly testsOf: (rule: MarkupRule) => ProductTests<Facts>;
  /** Facts that choose the same rules share a key, so the winner is looked for once per sale. */
  readonly keyOf: (facts: Facts) => string;
}

export interface ProductPricer<Facts> {
  price(facts: Facts, net: Money): HotelPriceBreakdown;
}

/**
 * Prices a product other than flights in memory for one sale, as offers are (docs/pricing.md):
 * the supplier's price converted into the selling currency, then per layer the most specific
 * matching rule of the product (closer point of sale, more criteria, narrower place, priority,
 * newer) adds its markup; a rule by amount "per passenger" counts each person.
 */
export function createProductPricer<Facts extends ProductSaleFacts>(rules: ProductRules<Facts>, index: RuleIndex, context: PricingContext): ProductPricer<Facts> {
  const testsByRule = new WeakMap<CompiledRule, ProductTests<Facts>>();
  const testsOf = (compiled: CompiledRule) => {
    let tests = testsByRule.get(compiled);
    if (!tests) testsByRule.set(compiled, (tests = rules.testsOf(compiled.rule)));
    return tests;
  };
  const winners = new Map<string, CompiledRule | null>();
  const winnerFor = (layer: MarkupLayer, facts: Facts): CompiledRule | null => {
    const key = `${layer}|${facts.supplierId}|${rules.keyOf(facts)}`;
    if (winners.has(key)) return winners.get(key)!;
    let best: { compiled: CompiledRule; score: number } | null = null;
    for (const compiled of index.productCandidates(rules.product, layer, facts.supplierId, context.organisationPath)) {
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
        const amount = winner.markup.markupBy === "by_amount" && winner.rule.rule.appliesPer === "passenger" ? Math.max(once * facts.people, -fareBase) : once;
        markups.push({ ruleId: winner.rule.id, ruleName: winner.rule.head.name, layer, amount });
        fareBase += amount;
      }
      const rate = net.currency === context.sellingCurrency ? undefined : context.exchangeRates.rate(net.currency, context.sellingCurrency);
      return { currency: context.sellingCurrency, supplierPrice: net, exchangeRate: rate ? formatRate(rate) : null, base, markups, markupTotal: fareBase - base, total: fareBase };
    },
  };
}
