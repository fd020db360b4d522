import { describe, expect, it } from "vitest";
import { sumMoney, toLocalMoney } from "./localMoney";

describe("toLocalMoney", () => {
  it("converts with the offer's rate and the currencies' decimals, rounding half up", () => {
    // 25.00 GBP at 0.3841 KWD per GBP = 9.6025 KWD -> 9.603 (three decimals)
    expect(toLocalMoney({ amount: 2500, currency: "GBP" }, { currency: "KWD", exchangeRate: "0.3841" })).toEqual({ amount: 9603, currency: "KWD" });
  });

  it("leaves amounts already in the selling currency alone", () => {
    expect(toLocalMoney({ amount: 1234, currency: "KWD" }, { currency: "KWD", exchangeRate: null })).toEqual({ amount: 1234, currency: "KWD" });
  });

  it("refuses to guess a missing rate", () => {
    expect(() => toLocalMoney({ amount: 100, currency: "EUR" }, { currency: "KWD", exchangeRate: null })).toThrow(RangeError);
  });
});

describe("sumMoney", () => {
  it("adds minor units of one currency and refuses a mix", () => {
    expect(sumMoney([{ amount: 1, currency: "KWD" }, { amount: 2, currency: "KWD" }], "KWD")).toEqual({ amount: 3, currency: "KWD" });
    expect(() => sumMoney([{ amount: 1, currency: "EUR" }], "KWD")).toThrow(RangeError);
  });
});
