import { describe, expect, it } from "vitest";
import { emptyMarkupRule, markupRuleFormValues, toMarkupRuleBody } from "./markupRuleForm";

const blank = emptyMarkupRule("2026-11-22", "KWD");

describe("markup rule form", () => {
  it("turns typed amounts into minor units of the rule's currency", () => {
    const result = toMarkupRuleBody({ ...blank, head: { ...blank.head, name: "Agency 5 KWD" }, rule: { markupBy: "by_amount", currency: "kwd", appliesPer: "booking", amount: "5.250" } });
    expect(result.ok && result.body.rule).toEqual({ markupBy: "by_amount", currency: "KWD", appliesPer: "booking", amount: 5_250 });
  });

  it("names every mistake with its field: missing name, too many decimals, percentage, bad range", () => {
    const result = toMarkupRuleBody({
      ...blank,
      head: { ...blank.head, validTo: "2026-01-01" },
      rule: { markupBy: "by_percentage", currency: "KWD", appliesPer: "passenger", percentage: "abc", minimum: "1.2345" },
    });
    expect(result.ok).toBe(false);
    const paths = result.ok ? [] : result.errors.map((error) => error.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["rule.minimum", "head.name", "head.validTo", "rule.percentage"]));
  });

  it("gives a stored rule back with its amounts as typed", () => {
    const result = toMarkupRuleBody({ ...blank, head: { ...blank.head, name: "3%" }, rule: { markupBy: "by_percentage", currency: "KWD", appliesPer: "passenger", percentage: "3", minimum: "1.000", maximum: "25" } });
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    expect(result.body.rule).toMatchObject({ minimum: 1_000, maximum: 25_000 });
    const values = markupRuleFormValues({ ...result.body, id: 7 });
    expect(values.rule).toEqual({ markupBy: "by_percentage", currency: "KWD", appliesPer: "passenger", percentage: "3", minimum: "1.000", maximum: "25.000" });
  });
});
