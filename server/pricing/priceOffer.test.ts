import { describe, expect, it } from "vitest";
import { pricedOfferSchema, type PricedOffer } from "../../src/contract/shopping";
import { compileRules } from "./compileRules";
import type { MarkupRule } from "../../src/contract/markup";
import { priceOffer, PricingError, type PricingContext } from "./priceOffer";
import { AGENCY, BRANCH, context, HEAD_OFFICE, journey, offer, PARTNER, rule, segment } from "./testFixtures";

function price(rules: MarkupRule[], changes: { context?: Partial<PricingContext>; offer?: Parameters<typeof offer>[0] } = {}): PricedOffer {
  const priced = priceOffer(compileRules(rules), offer(changes.offer), context(changes.context));
  expect(pricedOfferSchema.parse(priced)).toEqual(priced);
  return priced;
}

/** Which rule ids priced each passenger type, e.g. { ADT: [2], CHD: [2], INF: [2] }. */
const winners = (priced: PricedOffer) =>
  Object.fromEntries(priced.priceBreakdown.items.map((item) => [item.passengerType, item.markups.map((markup) => markup.ruleId)]));

const winner = (priced: PricedOffer) => {
  const ids = new Set(priced.priceBreakdown.items.flatMap((item) => item.markups.map((markup) => markup.ruleId)));
  return ids.size === 1 ? [...ids][0] : [...ids];
};

const percentage = (value: string, extra: object = {}) => ({
  markupBy: "by_percentage" as const,
  percentage: value,
  currency: "GBP",
  appliesPer: "passenger" as const,
  ...extra,
});

describe("priceOffer without rules", () => {
  it("sells at the supplier's price", () => {
    const priced = price([]);
    expect(priced.priceBreakdown).toMatchObject({
      currency: "GBP",
      exchangeRate: null,
      bookingMarkups: [],
      totals: { base: 114_000, taxes: 31_000, markups: 0, total: 145_000 },
    });
    expect(priced.priceBreakdown.items.map((item) => item.unitTotal)).toEqual([50_000, 40_000, 5_000]);
  });
});

describe("specific beats generic", () => {
  it("a rule naming the airline beats one for every airline, whatever their priorities", () => {
    const priced = price([rule(1, { head: { priority: 1 } }), rule(2, { criteria: { airlines: ["BA"] }, rule: { markupBy: "by_amount", amount: 2_000, currency: "GBP", appliesPer: "passenger" } })]);
    expect(winners(priced)).toEqual({ ADT: [2], CHD: [2], INF: [2] });
    expect(priced.priceBreakdown.totals.markups).toBe(4 * 2_000);
  });

  it("more restricted criteria beat fewer", () => {
    const priced = price([rule(2, { criteria: { airlines: ["BA"] } }), rule(3, { criteria: { airlines: ["BA"], cabins: ["Y"] } })]);
    expect(winner(priced)).toBe(3);
  });

  it("at equal criteria, an airport beats a country beats a zone beats a region", () => {
    const region = rule(5, { criteria: { destination: { regions: ["EUROPE"] } } });
    const country = rule(6, { criteria: { destination: { countries: ["GB"] } } });
    const airport = rule(7, { criteria: { destination: { airports: ["LHR"] } } });
    expect(winner(price([region, country, airport]))).toBe(7);
    expect(winner(price([region, country]))).toBe(6);
    expect(winner(price([region]))).toBe(5);
    const fromMadrid = { journeys: [journey("J1", segment("MAD", "JFK", "2025-06-10T08:00"))] };
    const zone = rule(8, { criteria: { origin: { zones: ["Iberian Peninsula"] } } });
    const europe = rule(9, { criteria: { origin: { regions: ["Europe"] } } });
    expect(winner(price([europe, zone], { offer: fromMadrid }))).toBe(8);
  });

  it("a booking class beats a cabin", () => {
    expect(winner(price([rule(10, { criteria: { cabins: ["Y"] } }), rule(11, { criteria: { bookingClasses: ["Q"] } })]))).toBe(11);
  });

  it("a place rule applies only where its places contain the airport", () => {
    expect(winner(price([rule(12, { criteria: { destination: { countries: ["ES"], airports: ["JFK"] } } })]))).toEqual([]);
  });
});

describe("point of sale", () => {
  const subtree = (id: number, organisationId: number) => rule(id, { pointOfSale: { organisationIds: [organisationId], includeSubtree: true } });

  it("the closest organisation up the tree wins: own, then agency, then partner, then head office, then everyone", () => {
    const everyone = rule(20);
    expect(winner(price([everyone, subtree(21, HEAD_OFFICE)]))).toBe(21);
    expect(winner(price([everyone, subtree(21, HEAD_OFFICE), subtree(22, PARTNER)]))).toBe(22);
    expect(winner(price([everyone, subtree(21, HEAD_OFFICE), subtree(22, PARTNER), subtree(23, AGENCY)]))).toBe(23);
    const ownBranch = rule(24, { pointOfSale: { organisationIds: [BRANCH] } });
    expect(winner(price([everyone, subtree(21, HEAD_OFFICE), subtree(23, AGENCY), ownBranch]))).toBe(24);
  });

  it("without the subtree flag a rule is for the listed organisations only", () => {
    const agencyOnly = rule(25, { pointOfSale: { organisationIds: [AGENCY] } });
    expect(winner(price([agencyOnly]))).toEqual([]);
    expect(winner(price([agencyOnly], { context: { organisationPath: [AGENCY, PARTNER, HEAD_OFFICE] } }))).toBe(25);
  });

  it("an organisation's own rule beats a network rule with more criteria", () => {
    const network = rule(26, { criteria: { airlines: ["BA"], cabins: ["Y"], destination: { airports: ["LHR"] } } });
    expect(winner(price([network, subtree(23, AGENCY)]))).toBe(23);
  });

  it("markets and countries of sale restrict and count as specific", () => {
    const gulf = rule(27, { pointOfSale: { markets: ["GCC"] } });
    const emirates = rule(28, { pointOfSale: { countries: ["AE"] } });
    expect(winner(price([rule(20), gulf, emirates]))).toBe(27);
    expect(winner(price([emirates]))).toEqual([]);
  });
});

describe("ties", () => {
  it("equally specific rules: priority 1 beats priority 5", () => {
    const low = rule(30, { criteria: { airlines: ["BA"] }, head: { priority: 5 } });
    const high = rule(31, { criteria: { airlines: ["BA"] }, head: { priority: 1 } });
    expect(winner(price([high, low]))).toBe(31);
  });

  it("equal priority too: the newest rule (highest id) wins", () => {
    expect(winner(price([rule(33, { head: { priority: 3 } }), rule(32, { head: { priority: 3 } })]))).toBe(33);
  });
});

describe("validity and status", () => {
  it("skips rules not yet or no longer valid on the booking date; the end date is included", () => {
    const notYet = rule(40, { criteria: { airlines: ["BA"] }, head: { validFrom: "2025-05-02" } });
    const expired = rule(41, { criteria: { airlines: ["BA"] }, head: { validTo: "2025-04-30" } });
    const lastDay = rule(42, { head: { validTo: "2025-05-01" } });
    expect(winner(price([notYet, expired, lastDay]))).toBe(42);
  });

  it("checks travel and booking date ranges", () => {
    const june = rule(43, { criteria: { travelDates: { from: "2025-06-01", to: "2025-06-30" } } });
    const july = rule(44, { criteria: { travelDates: { from: "2025-07-01", to: "2025-07-31" } } });
    const earlyBird = rule(45, { criteria: { bookingDates: { from: "2025-01-01", to: "2025-04-30" } } });
    expect(winner(price([june, july, earlyBird]))).toBe(43);
  });

  it("skips inactive rules however specific", () => {
    const inactive = rule(46, { head: { status: 0 }, criteria: { airlines: ["BA"], cabins: ["Y"] } });
    expect(winner(price([rule(47), inactive]))).toBe(47);
    expect(compileRules([rule(47), inactive]).ruleCount).toBe(1);
  });
});

describe("travel criteria", () => {
  const returnTrip = { journeys: [journey("J1", segment("KWI", "LHR", "2025-06-10T08:00")), journey("J2", segment("LHR", "KWI", "2025-06-17T08:00"))] };

  it("matches trip types", () => {
    const roundTrip = rule(50, { criteria: { tripTypes: ["RT"] } });
    expect(winner(price([roundTrip], { offer: returnTrip }))).toBe(50);
    expect(winner(price([roundTrip]))).toEqual([]);
  });

  it("matches suppliers, fare families, fare codes and tour codes", () => {
    expect(winner(price([rule(51, { contentSource: { supplierIds: ["lufthansa-group-ndc"] } })]))).toEqual([]);
    expect(winner(price([rule(52, { contentSource: { supplierIds: ["ba-ndc"] } })]))).toBe(52);
    expect(winner(price([rule(53, { criteria: { fareFamilies: ["F02"] } })]))).toEqual([]);
    expect(winner(price([rule(54, { criteria: { fareCodes: ["70J"] } })]))).toBe(54);
    const tour = rule(55, { criteria: { tourCodes: ["TC1"] } });
    expect(winner(price([tour]))).toEqual([]);
    expect(winner(price([tour], { context: { tourCode: "TC1" } }))).toBe(55);
  });

  it("applies passenger-type rules to their passengers only; the others fall back", () => {
    const adults = rule(56, { criteria: { passengerTypes: ["ADT"] } });
    expect(winners(price([adults, rule(57)]))).toEqual({ ADT: [56], CHD: [57], INF: [57] });
  });
});

describe("per passenger or per booking", () => {
  it("charges an amount per passenger, or once per booking", () => {
    const perPassenger = price([rule(60)]);
    expect(perPassenger.priceBreakdown.totals.markups).toBe(4 * 1_000);
    const perBooking = price([rule(61, { rule: { markupBy: "by_amount", amount: 1_000, currency: "GBP", appliesPer: "booking" } })]);
    expect(perBooking.priceBreakdown.bookingMarkups).toEqual([{ ruleId: 61, ruleName: "Rule 61", layer: "agency", amount: 1_000 }]);
    expect(perBooking.priceBreakdown.items.every((item) => item.markups.length === 0)).toBe(true);
    expect(perBooking.priceBreakdown.totals).toMatchObject({ markups: 1_000, total: 146_000 });
  });

  it("takes a booking percentage of the fare base of the passengers the rule won", () => {
    const all = price([rule(62, { rule: percentage("5", { appliesPer: "booking" }) })]);
    expect(all.priceBreakdown.bookingMarkups[0]!.amount).toBe(5_700);
    const adults = price([rule(63, { criteria: { passengerTypes: ["ADT"] }, rule: percentage("5", { appliesPer: "booking" }) })]);
    expect(adults.priceBreakdown.bookingMarkups[0]!.amount).toBe(4_000);
  });
});

describe("minimum and maximum", () => {
  it("raise a small percentage to the minimum", () => {
    const priced = price([rule(70, { rule: percentage("1", { minimum: 500 }) })]);
    expect(priced.priceBreakdown.items.map((item) => item.markups[0]!.amount)).toEqual([500, 500, 500]);
  });

  it("cap a large percentage at the maximum", () => {
    const priced = price([rule(71, { rule: percentage("10", { maximum: 2_500 }) })]);
    expect(priced.priceBreakdown.items.map((item) => item.markups[0]!.amount)).toEqual([2_500, 2_500, 400]);
  });

  it("apply to the booking amount for booking rules", () => {
    const priced = price([rule(72, { rule: percentage("10", { appliesPer: "booking", maximum: 5_000 }) })]);
    expect(priced.priceBreakdown.bookingMarkups[0]!.amount).toBe(5_000);
  });
});

describe("percentage rounding per currency decimals", () => {
  const single = (currency: string, base: number) => ({ currency, items: [{ passengerType: "ADT" as const, count: 1, base, taxes: 0 }] });
  const twoAndAHalf = (currency: string) => rule(80, { rule: percentage("2.5", { currency }) });

  it("rounds half-up in minor units: pence, fils (3 decimals) and yen (none)", () => {
    // 2.5% of 123.40 GBP = 3.085 GBP -> 309 pence
    expect(price([twoAndAHalf("GBP")], { offer: single("GBP", 12_340), context: { sellingCurrency: "GBP" } }).priceBreakdown.items[0]!.markups[0]!.amount).toBe(309);
    // 2.5% of 123.420 KWD = 3.0855 KWD -> 3086 fils
    expect(price([twoAndAHalf("KWD")], { offer: single("KWD", 123_420), context: { sellingCurrency: "KWD" } }).priceBreakdown.items[0]!.markups[0]!.amount).toBe(3_086);
    // 2.5% of 1,220 JPY = 30.5 JPY -> 31 yen
    expect(price([twoAndAHalf("JPY")], { offer: single("JPY", 1_220), context: { sellingCurrency: "JPY" } }).priceBreakdown.items[0]!.markups[0]!.amount).toBe(31);
  });
});

describe("both layers", () => {
  const supplierFee = rule(90, { layer: "supplier", contentSource: { supplierIds: ["ba-ndc"] }, rule: percentage("2") });
  const agencyMarkup = rule(91, { rule: percentage("10") });

  it("stack: the agency percentage applies to the base after the supplier layer", () => {
    const priced = price([supplierFee, agencyMarkup, rule(92, { head: { priority: 20 } })]);
    const markups = priced.priceBreakdown.items.map((item) => item.markups.map((markup) => [markup.layer, markup.ruleId, markup.amount]));
    expect(markups).toEqual([
      [["supplier", 90, 800], ["agency", 91, 4_080]],
      [["supplier", 90, 600], ["agency", 91, 3_060]],
      [["supplier", 90, 80], ["agency", 91, 408]],
    ]);
    expect(priced.priceBreakdown.items.map((item) => item.unitTotal)).toEqual([54_880, 43_660, 5_488]);
    expect(priced.priceBreakdown.totals).toEqual({ base: 114_000, taxes: 31_000, markups: 13_908, total: 158_908 });
  });

  it("never marks up a booking fee of the supplier layer", () => {
    const bookingFee = rule(93, { layer: "supplier", rule: { markupBy: "by_amount", amount: 1_500, currency: "GBP", appliesPer: "booking" } });
    const priced = price([bookingFee, agencyMarkup]);
    expect(priced.priceBreakdown.bookingMarkups).toEqual([{ ruleId: 93, ruleName: "Rule 93", layer: "supplier", amount: 1_500 }]);
    expect(priced.priceBreakdown.items[0]!.markups).toEqual([{ ruleId: 91, ruleName: "Rule 91", layer: "agency", amount: 4_000 }]);
  });

  it("lets a discount take the fare base to zero but not below", () => {
    const giveaway = rule(94, { rule: { markupBy: "by_amount", amount: -50_000, currency: "GBP", appliesPer: "passenger" } });
    const priced = price([giveaway]);
    expect(priced.priceBreakdown.items.map((item) => [item.markups[0]!.amount, item.unitTotal])).toEqual([
      [-40_000, 10_000],
      [-30_000, 10_000],
      [-4_000, 1_000],
    ]);
  });
});

describe("currency conversion", () => {
  it("converts the supplier's amounts and the rules' amounts into the selling currency with stored rates", () => {
    const commission = rule(95, { layer: "supplier", rule: percentage("1", { minimum: 500 }) });
    const serviceFee = rule(96, { rule: { markupBy: "by_amount", amount: 1_000, currency: "USD", appliesPer: "passenger" } });
    const priced = price([commission, serviceFee], { context: { sellingCurrency: "KWD" } });
    const adult = priced.priceBreakdown.items[0]!;
    // 400.00 GBP × 0.3841 = 153.640 KWD; taxes 100.00 GBP = 38.410 KWD.
    expect([adult.base, adult.taxes]).toEqual([153_640, 38_410]);
    // 1% = 1.536 KWD is under the 5.00 GBP minimum = 1.9205 KWD -> 1.921; 10.00 USD × 0.3075 = 3.075 KWD.
    expect(adult.markups.map((markup) => markup.amount)).toEqual([1_921, 3_075]);
    expect(adult.unitTotal).toBe(153_640 + 38_410 + 1_921 + 3_075);
    expect(priced.priceBreakdown).toMatchObject({ currency: "KWD", exchangeRate: "0.3841", supplierPrice: { currency: "GBP", total: 145_000 } });
  });

  it("refuses to guess a missing rate", () => {
    expect(() => price([], { context: { sellingCurrency: "EUR" } })).toThrow(PricingError);
  });
});
