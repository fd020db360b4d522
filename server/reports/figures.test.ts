import { describe, expect, it } from "vitest";
import { dayAfter, earningsTotals, pageOf, startOfDay, totalsByCurrency } from "./figures";

describe("report figures", () => {
  it("adds earnings up per currency, in the order the currencies first appear", () => {
    const row = (currency: string, bookings: number, sales: number, markup: number, commission: number) => ({ currency, bookings, sales, markup, commission });
    expect(earningsTotals([row("KWD", 2, 1000, 100, 9), row("USD", 1, 500, -20, 0), row("KWD", 1, 250, 25, 2)])).toEqual([row("KWD", 3, 1250, 125, 11), row("USD", 1, 500, -20, 0)]);
    expect(earningsTotals([])).toEqual([]);
  });

  it("adds any figures up per currency with the caller's own sum", () => {
    const totals = totalsByCurrency(
      [
        { currency: "EUR", debits: 5 },
        { currency: "EUR", debits: 7 },
      ],
      (currency) => ({ currency, debits: 0 }),
      (total, row) => ({ currency: total.currency, debits: total.debits + row.debits }),
    );
    expect(totals).toEqual([{ currency: "EUR", debits: 12 }]);
  });

  it("pages rows in hand and bounds a period by whole UTC days, both ends included", () => {
    expect(pageOf([1, 2, 3, 4, 5], 2, 2)).toEqual([3, 4]);
    expect(pageOf([1, 2, 3], 3, 2)).toEqual([]);
    expect(startOfDay("2026-02-28").toISOString()).toBe("2026-02-28T00:00:00.000Z");
    expect(dayAfter("2026-02-28").toISOString()).toBe("2026-03-01T00:00:00.000Z");
    expect(dayAfter("2026-12-31").toISOString()).toBe("2027-01-01T00:00:00.000Z");
  });
});
