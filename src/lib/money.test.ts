import { describe, expect, it } from "vitest";
import { formatMinor } from "./money";

describe("formatMinor", () => {
  it("formats KWD with three decimals", () => {
    expect(formatMinor(1234567, "KWD", 3)).toBe("KWD 1,234.567");
    expect(formatMinor(5, "KWD", 3)).toBe("KWD 0.005");
  });

  it("formats JPY without decimals", () => {
    expect(formatMinor(1234567, "JPY", 0)).toBe("JPY 1,234,567");
  });

  it("formats USD with two decimals", () => {
    expect(formatMinor(199, "USD", 2)).toBe("USD 1.99");
    expect(formatMinor(0, "USD", 2)).toBe("USD 0.00");
  });

  it("leaves the code out when asked, for a column whose header names the currency", () => {
    expect(formatMinor(70_409, "KWD", 3, "en", { withCode: false })).toBe("70.409");
    expect(formatMinor(-1050, "USD", 2, "en", { withCode: false })).toBe("-10.50");
    expect(formatMinor(1234567, "KWD", 3, "ar", { withCode: false })).not.toContain("KWD");
  });

  it("formats negative amounts", () => {
    expect(formatMinor(-1050, "USD", 2)).toBe("-USD 10.50");
  });

  it("keeps exact digits beyond float precision", () => {
    expect(formatMinor(9007199254740993n, "USD", 2)).toBe("USD 90,071,992,547,409.93");
  });

  it("uses the requested decimal count even when the currency's default differs", () => {
    expect(formatMinor(12345, "JPY", 2)).toBe("JPY 123.45");
  });

  it("rejects fractional minor units", () => {
    expect(() => formatMinor(1.5, "USD", 2)).toThrow(RangeError);
  });

  it("localises digits for Arabic", () => {
    expect(formatMinor(1500, "KWD", 3, "ar-EG")).toContain("٥٠٠");
  });
});
