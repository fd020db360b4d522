import { describe, expect, it } from "vitest";
import { compileRules } from "./compileRules";
import { AGENCY, BRANCH, HEAD_OFFICE, PARTNER, rule } from "./testFixtures";

describe("compileRules", () => {
  const index = compileRules([
    rule(1),
    rule(2, { contentSource: { supplierIds: ["ba-ndc"] }, criteria: { airlines: ["BA", "IB"] } }),
    rule(3, { contentSource: { supplierIds: ["travelfusion"] } }),
    rule(4, { criteria: { airlines: ["LH"] } }),
    rule(5, { pointOfSale: { organisationIds: [AGENCY], includeSubtree: true } }),
    rule(6, { pointOfSale: { organisationIds: [999] } }),
    rule(7, { layer: "supplier" }),
  ]);
  const ids = (found: { rule: { id: number } }[]) => found.map((compiled) => compiled.rule.id).sort((left, right) => left - right);
  const path = [BRANCH, AGENCY, PARTNER, HEAD_OFFICE];

  it("hands out only the rules whose supplier, airline, organisation and layer could apply", () => {
    expect(ids(index.candidates("agency", "ba-ndc", "BA", path))).toEqual([1, 2, 5]);
    expect(ids(index.candidates("agency", "travelfusion", "FR", path))).toEqual([1, 3, 5]);
    expect(ids(index.candidates("agency", "lufthansa-group-ndc", "LH", [HEAD_OFFICE]))).toEqual([1, 4]);
    expect(ids(index.candidates("supplier", "ba-ndc", "BA", path))).toEqual([7]);
    expect(index.ruleCount).toBe(7);
  });
});
