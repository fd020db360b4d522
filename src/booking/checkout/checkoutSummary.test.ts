import { describe, expect, it } from "vitest";
import { offer } from "../../../server/pricing/testFixtures";
import type { PricedOffer } from "../../contract/shopping";
import { checkoutSummary } from "./checkoutSummary";

const kwd = (amount: number) => ({ amount, currency: "KWD" });
const markup = (amount: number) => ({ ruleId: 1, ruleName: "Agency", layer: "agency" as const, amount });

const PRICED: PricedOffer = {
  ...offer(),
  priceBreakdown: {
    currency: "KWD",
    supplierPrice: offer().totalPrice,
    exchangeRate: "0.3841",
    items: [
      { offerItemId: "OI1", passengerType: "ADT", passengerCount: 2, base: 153_640, taxes: 38_410, markups: [markup(5_000)], unitTotal: 197_050 },
      { offerItemId: "OI2", passengerType: "CHD", passengerCount: 1, base: 115_230, taxes: 38_410, markups: [], unitTotal: 153_640 },
    ],
    bookingMarkups: [markup(2_500)],
    totals: { base: 422_510, taxes: 115_230, markups: 12_500, total: 550_240 },
  },
};

describe("checkout summary", () => {
  it("lists the fare per passenger type with its markup, and the line total", () => {
    const { fareDetails } = checkoutSummary(PRICED, { services: kwd(0), seats: kwd(0) });
    expect(fareDetails[0]).toEqual({
      passengerType: "ADT",
      passengerCount: 2,
      base: kwd(153_640),
      taxes: kwd(38_410),
      markup: kwd(5_000),
      unitTotal: kwd(197_050),
      total: kwd(394_100),
    });
    expect(fareDetails[1]!.total).toEqual(kwd(153_640));
  });

  it("adds the extras to the priced fare for the grand total, and states the fare's rules", () => {
    const summary = checkoutSummary(PRICED, { services: kwd(9_603), seats: kwd(4_000) });
    expect(summary.bookingMarkup).toEqual(kwd(2_500));
    expect(summary.grandTotal).toEqual(kwd(550_240 + 9_603 + 4_000));
    expect(summary.orderRules).toMatchObject({ fareBrandName: "Economy Light", change: { allowed: false }, refund: { allowed: false } });
  });

  it("refuses extras in another currency", () => {
    expect(() => checkoutSummary(PRICED, { services: { amount: 1, currency: "GBP" }, seats: kwd(0) })).toThrow(RangeError);
  });
});
