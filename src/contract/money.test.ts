import { describe, expect, it } from "vitest";
import {
  clampMinor,
  convertMinor,
  parseMajorToMinor,
  decimalStringSchema,
  invertRatio,
  moneySchema,
  minorToMajorText,
  multiplyMinor,
  multiplyRatios,
  parseRatio,
  percentageOfMinor,
  ratio,
} from "./money";

describe("parseRatio", () => {
  it("reads decimals and fractions exactly", () => {
    expect(parseRatio("2.5")).toEqual({ numerator: 25n, denominator: 10n });
    expect(parseRatio("-0.125")).toEqual({ numerator: -125n, denominator: 1000n });
    expect(parseRatio("3")).toEqual({ numerator: 3n, denominator: 1n });
    expect(parseRatio("1/3")).toEqual({ numerator: 1n, denominator: 3n });
  });

  it("refuses anything that is not a plain decimal", () => {
    expect(() => parseRatio("1e-3")).toThrow(RangeError);
    expect(() => parseRatio("abc")).toThrow(RangeError);
    expect(() => parseRatio("1/0")).toThrow(RangeError);
  });

  it("inverts and multiplies without losing precision", () => {
    const rate = parseRatio("0.3");
    expect(multiplyRatios(rate, invertRatio(rate))).toEqual({ numerator: 30n, denominator: 30n });
    expect(invertRatio(ratio(-2n, 3n))).toEqual({ numerator: -3n, denominator: 2n });
  });
});

describe("multiplyMinor and percentageOfMinor", () => {
  it("round half-up, away from zero", () => {
    expect(multiplyMinor(5, ratio(1n, 2n))).toBe(3);
    expect(multiplyMinor(-5, ratio(1n, 2n))).toBe(-3);
    expect(multiplyMinor(4, ratio(1n, 3n))).toBe(1);
    expect(multiplyMinor(5, ratio(1n, 3n))).toBe(2);
  });

  it("takes percentages of minor units, rounding once", () => {
    // 12.5% of 10.01 KWD (10010 fils) = 1251.25 fils -> 1251
    expect(percentageOfMinor(10_010, parseRatio("12.5"))).toBe(1_251);
    // 12.5% of 10.02 KWD = 1252.5 fils -> 1253
    expect(percentageOfMinor(10_020, parseRatio("12.5"))).toBe(1_253);
    // 7% of 1,005 JPY = 70.35 -> 70; of 1,050 JPY = 73.5 -> 74
    expect(percentageOfMinor(1_005, parseRatio("7"))).toBe(70);
    expect(percentageOfMinor(1_050, parseRatio("7"))).toBe(74);
    expect(percentageOfMinor(1_050, parseRatio("-7"))).toBe(-74);
  });

  it("refuses amounts that are not integer minor units", () => {
    expect(() => multiplyMinor(1.5, ratio(1n, 1n))).toThrow(RangeError);
    expect(() => multiplyMinor(Number.MAX_SAFE_INTEGER, ratio(2n, 1n))).toThrow(RangeError);
  });
});

describe("convertMinor", () => {
  it("converts between 2- and 3-decimal currencies", () => {
    // 100.00 GBP at 0.3841 KWD per GBP = 38.410 KWD
    expect(convertMinor(10_000, "GBP", "KWD", parseRatio("0.3841"))).toBe(38_410);
    // 38.410 KWD at 1/0.3841 GBP per KWD = 100.00 GBP
    expect(convertMinor(38_410, "KWD", "GBP", invertRatio(parseRatio("0.3841")))).toBe(10_000);
  });

  it("converts into zero-decimal currencies with half-up rounding", () => {
    // 10.50 EUR at 162.37 JPY per EUR = 1704.885 JPY -> 1705
    expect(convertMinor(1_050, "EUR", "JPY", parseRatio("162.37"))).toBe(1_705);
    // 1,000 JPY at 0.006158 EUR per JPY = 6.158 EUR -> 6.16 EUR
    expect(convertMinor(1_000, "JPY", "EUR", parseRatio("0.006158"))).toBe(616);
  });
});

describe("clampMinor", () => {
  it("applies optional bounds", () => {
    expect(clampMinor(50, 100, null)).toBe(100);
    expect(clampMinor(500, null, 300)).toBe(300);
    expect(clampMinor(200, 100, 300)).toBe(200);
    expect(clampMinor(200, null, null)).toBe(200);
  });
});

describe("schemas", () => {
  it("accept integer minor units with an ISO code only", () => {
    expect(moneySchema.safeParse({ amount: 1250, currency: "KWD" }).success).toBe(true);
    expect(moneySchema.safeParse({ amount: 12.5, currency: "KWD" }).success).toBe(false);
    expect(moneySchema.safeParse({ amount: 1250, currency: "kwd" }).success).toBe(false);
    expect(decimalStringSchema.safeParse("2.5").success).toBe(true);
    expect(decimalStringSchema.safeParse("2.").success).toBe(false);
  });
});

describe("parseMajorToMinor", () => {
  it("converts exactly per the currency's decimals", () => {
    expect(parseMajorToMinor("12.5", "KWD")).toBe(12500);
    expect(parseMajorToMinor("12.5", "USD")).toBe(1250);
    expect(parseMajorToMinor("1500", "JPY")).toBe(1500);
    expect(parseMajorToMinor("-3", "EUR")).toBe(-300);
    expect(parseMajorToMinor("0.001", "BHD")).toBe(1);
  });

  it("refuses more decimals than the currency has, and non-numbers", () => {
    expect(() => parseMajorToMinor("1.005", "USD")).toThrow(/at most 2 decimals/);
    expect(() => parseMajorToMinor("1.5", "JPY")).toThrow(/at most 0 decimals/);
    expect(() => parseMajorToMinor("1e3", "USD")).toThrow(/not an amount/);
  });
});

describe("minorToMajorText", () => {
  it("writes minor units as the decimal string parseMajorToMinor reads back", () => {
    expect(minorToMajorText(123450, "KWD")).toBe("123.450");
    expect(minorToMajorText(5, "USD")).toBe("0.05");
    expect(minorToMajorText(-1999, "EUR")).toBe("-19.99");
    expect(minorToMajorText(1500, "JPY")).toBe("1500");
    for (const [amount, currency] of [[1, "KWD"], [987654321, "AED"], [0, "GBP"]] as const) {
      expect(parseMajorToMinor(minorToMajorText(amount, currency), currency)).toBe(amount);
    }
  });

  it("refuses an amount that is not whole minor units", () => {
    expect(() => minorToMajorText(1.5, "USD")).toThrow(RangeError);
  });
});
