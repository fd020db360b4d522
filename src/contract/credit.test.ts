import { describe, expect, it } from "vitest";
import { creditStanding } from "./credit";

describe("credit standing", () => {
  it("is what is left of the limit, never below zero", () => {
    expect(creditStanding({ credit_limit: 500_000, credit_used: 120_250, currency_code: "KWD" }, false).available).toEqual({ amount: 379_750, currency: "KWD" });
    expect(creditStanding({ credit_limit: 100, credit_used: 250, currency_code: "KWD" }, false).available).toEqual({ amount: 0, currency: "KWD" });
  });

  it("has no available figure when unlimited, whatever the stored limit", () => {
    expect(creditStanding({ credit_limit: 0, credit_used: 0, currency_code: "KWD" }, true)).toEqual({ unlimited: true, limit: { amount: 0, currency: "KWD" }, used: { amount: 0, currency: "KWD" }, available: null });
  });
});
