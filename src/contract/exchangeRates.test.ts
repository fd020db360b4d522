import { describe, expect, it } from "vitest";
import { parseRatio } from "./money";
import { createExchangeRates, formatRate } from "./exchangeRates";

describe("createExchangeRates", () => {
  const rates = createExchangeRates([
    { from: "GBP", to: "KWD", rate: "0.3841" },
    { from: "USD", to: "KWD", rate: "0.3075" },
  ]);

  it("finds direct, inverse and cross rates exactly", () => {
    expect(rates.rate("GBP", "KWD")).toEqual(parseRatio("0.3841"));
    expect(rates.rate("KWD", "GBP")).toEqual({ numerator: 10_000n, denominator: 3_841n });
    expect(rates.rate("GBP", "USD")).toEqual({ numerator: 3_841n * 10_000n, denominator: 10_000n * 3_075n });
    expect(rates.rate("EUR", "EUR")).toEqual({ numerator: 1n, denominator: 1n });
    expect(rates.rate("GBP", "EUR")).toBeUndefined();
  });

  it("refuses rates that are not positive decimals", () => {
    expect(() => createExchangeRates([{ from: "GBP", to: "KWD", rate: "0" }])).toThrow(RangeError);
    expect(() => createExchangeRates([{ from: "GBP", to: "KWD", rate: "0.38e1" }])).toThrow(RangeError);
  });

  it("formats a rate for the breakdown", () => {
    expect(formatRate(parseRatio("0.3841"))).toBe("0.3841");
    expect(formatRate(rates.rate("KWD", "GBP")!)).toBe("2.60348867");
    expect(formatRate(parseRatio("3"))).toBe("3");
  });
});
