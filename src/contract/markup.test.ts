import { describe, expect, it } from "vitest";
import { markupRuleSchema } from "./markup";
import { rule } from "../../server/pricing/testFixtures";

describe("markupRuleSchema", () => {
  const valid = rule(1);

  it("fills empty criteria as 'any'", () => {
    expect(valid.criteria).toMatchObject({ airlines: [], origin: { regions: [], zones: [], countries: [], airports: [] }, travelDates: null });
    expect(valid.pointOfSale).toEqual({ organisationIds: [], includeSubtree: false, markets: [], countries: [] });
  });

  it("refuses inconsistent rules with the field at fault", () => {
    const issuePath = (input: unknown) => markupRuleSchema.safeParse(input).error?.issues[0]?.path;
    expect(issuePath({ ...valid, head: { ...valid.head, validTo: "2024-12-31" } })).toEqual(["head", "validTo"]);
    expect(issuePath({ ...valid, rule: { markupBy: "by_percentage", percentage: "5", currency: "GBP", appliesPer: "passenger", minimum: 900, maximum: 100 } })).toEqual(["rule", "maximum"]);
    expect(issuePath({ ...valid, rule: { markupBy: "by_percentage", percentage: "5.5.5", currency: "GBP", appliesPer: "passenger" } })).toEqual(["rule", "percentage"]);
    expect(issuePath({ ...valid, rule: { markupBy: "by_amount", amount: 10.5, currency: "GBP", appliesPer: "passenger" } })).toEqual(["rule", "amount"]);
    expect(issuePath({ ...valid, criteria: { ...valid.criteria, travelDates: { from: "2025-02-01", to: "2025-01-01" } } })).toEqual(["criteria", "travelDates", "to"]);
    expect(issuePath({ ...valid, criteria: { ...valid.criteria, fareFamilies: ["F13"] } })).toEqual(["criteria", "fareFamilies", 0]);
  });
});
