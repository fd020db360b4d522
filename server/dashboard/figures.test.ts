import { describe, expect, it } from "vitest";
import { creditTrend, periodFigures } from "./figures";

describe("dashboard figures", () => {
  it("adds a period's sales per currency, overall and per product", () => {
    const figures = periodFigures(
      [
        { product: "flight", currency: "KWD", orders: 3, total: 300_000 },
        { product: "flight", currency: "USD", orders: 1, total: 50_00 },
        { product: "hotel", currency: "KWD", orders: 2, total: 120_500 },
      ],
      5,
      1,
    );
    expect(figures.bookings).toBe(5);
    expect(figures.cancellations).toBe(1);
    expect(figures.sales).toEqual([{ amount: 420_500, currency: "KWD" }, { amount: 50_00, currency: "USD" }]);
    expect(figures.byProduct).toEqual([
      { product: "flight", bookings: 4, sales: [{ amount: 300_000, currency: "KWD" }, { amount: 50_00, currency: "USD" }] },
      { product: "hotel", bookings: 2, sales: [{ amount: 120_500, currency: "KWD" }] },
    ]);
  });

  it("carries the credit used across quiet days, starting from the balance before the window", () => {
    const trend = creditTrend(new Map([["2026-11-24", 5_000], ["2026-11-26", 2_000]]), 1_000, new Date("2026-11-26T15:00:00Z"), 4);
    expect(trend).toEqual([
      { date: "2026-11-23", used: 1_000 },
      { date: "2026-11-24", used: 5_000 },
      { date: "2026-11-25", used: 5_000 },
      { date: "2026-11-26", used: 2_000 },
    ]);
  });
});
