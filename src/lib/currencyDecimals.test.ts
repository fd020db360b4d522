import { describe, expect, it } from "vitest";
import { currencyDecimals } from "./currencyDecimals";

describe("currencyDecimals", () => {
  it("follows the spec's currency lists", () => {
    expect(currencyDecimals("KWD")).toBe(3);
    expect(currencyDecimals("jpy")).toBe(0);
    expect(currencyDecimals("INR")).toBe(0);
    expect(currencyDecimals("USD")).toBe(2);
  });
});
