import { describe, expect, it } from "vitest";
import { PRICED_OFFER as PRICED } from "../testing/pricedOffer";
import { checkoutSummary } from "./checkoutSummary";

const kwd = (amount: number) => ({ amount, currency: "KWD" });
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
    expect(summary.grandTotal).toEqual(kwd(569_445 + 9_603 + 4_000));
    expect(summary.orderRules).toMatchObject({ fareBrandName: "Economy Light", change: { allowed: false }, refund: { allowed: false } });
  });

  it("refuses extras in another currency", () => {
    expect(() => checkoutSummary(PRICED, { services: { amount: 1, currency: "GBP" }, seats: kwd(0) })).toThrow(RangeError);
  });
});
