import { describe, expect, it } from "vitest";
import { compileRules } from "./compileRules";
import type { MarkupRule } from "../../src/contract/markup";
import { priceOffer, type PricingContext } from "./priceOffer";
import { AGENCY, context, HEAD_OFFICE, offer, rule } from "./testFixtures";

/** The worked examples of docs/pricing.md, number for number. */

const price = (rules: MarkupRule[], changes: Partial<PricingContext> = {}) => priceOffer(compileRules(rules), offer(), context(changes));
const perPassenger = (priced: ReturnType<typeof price>) =>
  priced.priceBreakdown.items.map((item) => [item.passengerType, ...item.markups.map((markup) => `#${markup.ruleId} ${markup.amount}`)]);

const networkWide = { organisationIds: [HEAD_OFFICE], includeSubtree: true };
const percent = (value: string, extra: object = {}) => ({
  markupBy: "by_percentage" as const,
  percentage: value,
  currency: "GBP",
  appliesPer: "passenger" as const,
  ...extra,
});

describe("docs/pricing.md worked examples", () => {
  const networkDefault = rule(101, { head: { name: "Network default 5%" }, pointOfSale: networkWide, rule: percent("5") });
  const baToUk = rule(102, {
    head: { name: "BA to the UK 3%" },
    pointOfSale: networkWide,
    criteria: { airlines: ["BA"], destination: { countries: ["GB"] } },
    rule: percent("3"),
  });
  const agencyFee = rule(103, {
    head: { name: "Salmiya Travel fee" },
    pointOfSale: { organisationIds: [AGENCY], includeSubtree: true },
    rule: { markupBy: "by_amount", amount: 1_200, currency: "GBP", appliesPer: "passenger" },
  });

  it("1. the closest organisation wins, then the most specific rule", () => {
    const all = price([networkDefault, baToUk, agencyFee]);
    expect(perPassenger(all)).toEqual([["ADT", "#103 1200"], ["CHD", "#103 1200"], ["INF", "#103 1200"]]);
    expect(all.priceBreakdown.totals).toEqual({ base: 114_000, taxes: 31_000, markups: 4_800, total: 149_800 });
    const network = price([networkDefault, baToUk]);
    expect(perPassenger(network)).toEqual([["ADT", "#102 1200"], ["CHD", "#102 900"], ["INF", "#102 120"]]);
    expect(network.priceBreakdown.totals.total).toBe(148_420);
    expect(price([networkDefault]).priceBreakdown.totals.total).toBe(150_700);
  });

  it("2. equally specific rules: priority, then the newest", () => {
    const promoA = rule(104, { head: { name: "Summer promo A", priority: 1 }, pointOfSale: networkWide, criteria: { airlines: ["BA"] } });
    const promoB = rule(105, { head: { name: "Summer promo B", priority: 2 }, pointOfSale: networkWide, criteria: { airlines: ["BA"] } });
    expect(perPassenger(price([promoA, promoB]))[0]).toEqual(["ADT", "#104 1000"]);
    const promoBFirst = rule(105, { head: { name: "Summer promo B", priority: 1 }, pointOfSale: networkWide, criteria: { airlines: ["BA"] } });
    expect(perPassenger(price([promoA, promoBFirst]))[0]).toEqual(["ADT", "#105 1000"]);
  });

  it("3. the two layers stack", () => {
    const supplierFee = rule(201, { layer: "supplier", head: { name: "BA NDC fee 2%" }, contentSource: { supplierIds: ["ba-ndc"] }, rule: percent("2") });
    const agencyMarkup = rule(202, { head: { name: "Agency markup 10%" }, rule: percent("10") });
    const priced = price([supplierFee, agencyMarkup]);
    expect(perPassenger(priced)).toEqual([
      ["ADT", "#201 800", "#202 4080"],
      ["CHD", "#201 600", "#202 3060"],
      ["INF", "#201 80", "#202 408"],
    ]);
    expect(priced.priceBreakdown.items.map((item) => item.unitTotal)).toEqual([54_880, 43_660, 5_488]);
    expect(priced.priceBreakdown.totals).toEqual({ base: 114_000, taxes: 31_000, markups: 13_908, total: 158_908 });
  });

  it("4. per passenger or per booking, with a maximum", () => {
    const capped = rule(204, { head: { name: "Capped 10%" }, rule: percent("10", { maximum: 2_500 }) });
    expect(perPassenger(price([capped]))).toEqual([["ADT", "#204 2500"], ["CHD", "#204 2500"], ["INF", "#204 400"]]);
    const cappedPerBooking = rule(205, { head: { name: "Capped 10% per booking" }, rule: percent("10", { appliesPer: "booking", maximum: 5_000 }) });
    const priced = price([cappedPerBooking]);
    expect(priced.priceBreakdown.bookingMarkups).toEqual([{ ruleId: 205, ruleName: "Capped 10% per booking", layer: "agency", amount: 5_000 }]);
    expect(priced.priceBreakdown.totals.total).toBe(150_000);
  });

  it("5. selling in Kuwaiti dinars", () => {
    const commission = rule(206, { layer: "supplier", head: { name: "1%, at least 5.00 GBP" }, rule: percent("1", { minimum: 500 }) });
    const serviceFee = rule(207, { head: { name: "Service fee 10.00 USD" }, rule: { markupBy: "by_amount", amount: 1_000, currency: "USD", appliesPer: "passenger" } });
    const priced = price([commission, serviceFee], { sellingCurrency: "KWD" });
    expect(priced.priceBreakdown.items.map((item) => [item.base, item.taxes, ...item.markups.map((markup) => markup.amount), item.unitTotal])).toEqual([
      [153_640, 38_410, 1_921, 3_075, 197_046],
      [115_230, 38_410, 1_921, 3_075, 158_636],
      [15_364, 3_841, 1_921, 3_075, 24_201],
    ]);
    expect(priced.priceBreakdown.totals).toEqual({ base: 437_874, taxes: 119_071, markups: 19_984, total: 576_929 });
    expect(priced.priceBreakdown.exchangeRate).toBe("0.3841");
  });
});
