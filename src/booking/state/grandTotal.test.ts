import { describe, expect, it } from "vitest";
import { grandTotal } from "./grandTotal";

const kwd = (amount: number) => ({ amount, currency: "KWD" });

describe("grand total", () => {
  it("is set, added to, subtracted from and cleared in minor units", () => {
    let total = grandTotal(null, { type: "set", amount: kwd(120_500) });
    total = grandTotal(total, { type: "add", amount: kwd(7_250) });
    total = grandTotal(total, { type: "subtract", amount: kwd(2_000) });
    expect(total).toEqual(kwd(125_750));
    expect(grandTotal(total, { type: "clear" })).toBeNull();
  });

  it("refuses to add another currency", () => {
    expect(() => grandTotal(kwd(1), { type: "add", amount: { amount: 1, currency: "EUR" } })).toThrow(RangeError);
  });
});
