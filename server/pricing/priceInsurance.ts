import type { InsurancePlanCode, InsuranceProductCode } from "../../src/contract/insurance";
import type { MarkupRule } from "../../src/contract/markup";
import type { RuleIndex } from "./compileRules";
import type { PricingContext } from "./priceOffer";
import { createProductPricer, listed, type ProductPricer, type ProductRules, type ProductSaleFacts, type ProductTests } from "./priceProduct";

/** What insurance rules look at in a quote. */
export interface InsuranceQuoteFacts extends ProductSaleFacts {
  readonly plan: InsurancePlanCode;
  readonly product: InsuranceProductCode;
  readonly destination: string;
  readonly departureDate: string;
}

function insuranceTestsOf(rule: MarkupRule): ProductTests<InsuranceQuoteFacts> {
  const criteria = rule.insurance;
  const { travelDates } = rule.criteria;
  const checks = [
    ...listed(rule.contentSource.supplierIds, (facts: InsuranceQuoteFacts) => facts.supplierId),
    ...listed(criteria.plans, (facts: InsuranceQuoteFacts) => facts.plan),
    ...listed(criteria.products, (facts: InsuranceQuoteFacts) => facts.product),
    ...listed(criteria.destinations, (facts: InsuranceQuoteFacts) => facts.destination),
    ...(travelDates ? [(facts: InsuranceQuoteFacts) => travelDates.from <= facts.departureDate && facts.departureDate <= travelDates.to] : []),
  ];
  return { checks, granularity: criteria.destinations.length > 0 ? 3 : 0 };
}

const INSURANCE_RULES: ProductRules<InsuranceQuoteFacts> = {
  product: "insurance",
  testsOf: insuranceTestsOf,
  keyOf: (facts) => [facts.plan, facts.product, facts.destination, facts.departureDate].join("|"),
};

/** Prices insurance quotes: the premium, marked up by the insurance rules (a rule "per passenger" counts each person insured). */
export const createInsurancePricer = (index: RuleIndex, context: PricingContext): ProductPricer<InsuranceQuoteFacts> => createProductPricer(INSURANCE_RULES, index, context);
