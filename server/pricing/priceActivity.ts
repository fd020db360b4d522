import type { Activity } from "../../src/contract/activities";
import type { MarkupRule } from "../../src/contract/markup";
import type { RuleIndex } from "./compileRules";
import type { PricingContext } from "./priceOffer";
import { createProductPricer, listed, type ProductPricer, type ProductRules, type ProductSaleFacts, type ProductTests } from "./priceProduct";

/** What activity rules look at in an option sold for a party. */
export interface ActivityFacts extends ProductSaleFacts {
  readonly countryCode: string;
  readonly cityId: string;
  readonly category: Activity["category"];
  /** The first day the party could go: travel dates apply to it. */
  readonly date: string;
}

function activityTestsOf(rule: MarkupRule): ProductTests<ActivityFacts> {
  const criteria = rule.activity;
  const { travelDates } = rule.criteria;
  const checks = [
    ...listed(rule.contentSource.supplierIds, (facts: ActivityFacts) => facts.supplierId),
    ...listed(criteria.countries, (facts: ActivityFacts) => facts.countryCode),
    ...listed(criteria.cities, (facts: ActivityFacts) => facts.cityId),
    ...listed(criteria.categories, (facts: ActivityFacts) => facts.category),
    ...(travelDates ? [(facts: ActivityFacts) => travelDates.from <= facts.date && facts.date <= travelDates.to] : []),
  ];
  return { checks, granularity: criteria.cities.length > 0 ? 4 : criteria.countries.length > 0 ? 3 : 0 };
}

const ACTIVITY_RULES: ProductRules<ActivityFacts> = {
  product: "activity",
  testsOf: activityTestsOf,
  keyOf: (facts) => [facts.countryCode, facts.cityId, facts.category, facts.date].join("|"),
};

export const activityFacts = (activity: Activity, date: string, people: number): ActivityFacts => ({
  supplierId: activity.supplierId,
  countryCode: activity.city.countryCode,
  cityId: activity.city.id,
  category: activity.category,
  date,
  people,
});

/** Prices activities: the party's price of an option, marked up by the activity rules (a rule "per passenger" counts each participant). */
export const createActivityPricer = (index: RuleIndex, context: PricingContext): ProductPricer<ActivityFacts> => createProductPricer(ACTIVITY_RULES, index, context);
