import { describe, expect, it } from "vitest";
import { creditTrend, periodFigures, rankAgencies } from "./figures";

describe("dashboard figures", () => {
  it("adds a period's sales per currency, overall and per product", () => {
    const figures = periodFigures(
      [
        { product: "flight", currency: "KWD", bookings: 3, total: 300_000, markup: 6_000 },
        { product: "flight", currency: "USD", bookings: 1, total: 50_00, markup: 0 },
        { product: "hotel", currency: "KWD", bookings: 2, total: 120_500, markup: -500 },
      ],
      1,
    );
    expect(figures.bookings).toBe(6);
    expect(figures.cancellations).toBe(1);
    expect(figures.sales).toEqual([{ amount: 420_500, currency: "KWD" }, { amount: 50_00, currency: "USD" }]);
    expect(figures.markup).toEqual([{ amount: 5_500, currency: "KWD" }, { amount: 0, currency: "USD" }]);
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

  it("ranks the organisations by bookings, then by name, with their sales per currency", () => {
    const ranked = rankAgencies(
      [
        { organisationId: 4, name: "Desert Rose Tours", currency: "KWD", total: 90_000 },
        { organisationId: 3, name: "Gulf Horizon Travel", currency: "KWD", total: 250_000 },
        { organisationId: 3, name: "Gulf Horizon Travel", currency: "USD", total: 12_00 },
        { organisationId: 5, name: "Branch", currency: "KWD", total: 10_000 },
      ],
      new Map([[3, 5], [4, 2], [5, 2]]),
      2,
    );
    expect(ranked).toEqual([
      { organisationId: 3, name: "Gulf Horizon Travel", bookings: 5, sales: [{ amount: 250_000, currency: "KWD" }, { amount: 12_00, currency: "USD" }] },
      { organisationId: 5, name: "Branch", bookings: 2, sales: [{ amount: 10_000, currency: "KWD" }] },
    ]);
  });
});
