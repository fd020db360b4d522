import { describe, expect, it } from "vitest";
import { priceSliderAccess } from "./priceSlider";

describe("priceSliderAccess", () => {
  it("reads the value as money in the currency's decimals, not as minor units", () => {
    expect(priceSliderAccess({ min: 0, max: 2_000_000 }, "KWD", "en").ariaValueTextFormatterForHandle(1_231_037)).toBe("KWD 1,231.037");
  });

  it("moves a hundredth of the range per key press, and at least one minor unit", () => {
    expect(priceSliderAccess({ min: 10_000, max: 1_010_000 }, "KWD", "en").step).toBe(10_000);
    expect(priceSliderAccess({ min: 0, max: 50 }, "KWD", "en").step).toBe(1);
  });
});
