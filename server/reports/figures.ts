import type { EarningsFigures } from "../../src/contract/reports";

/** Rows of several currencies added up per currency, in the order the currencies first appear. */
export function totalsByCurrency<Row extends { currency: string }, Total extends { currency: string }>(
  rows: readonly Row[],
  empty: (currency: string) => Total,
  add: (total: Total, row: Row) => Total,
): Total[] {
  const totals = new Map<string, Total>();
  for (const row of rows) totals.set(row.currency, add(totals.get(row.currency) ?? empty(row.currency), row));
  return [...totals.values()];
}

/** Earnings rows (sales, earnings) added up per currency. */
export const earningsTotals = (rows: readonly EarningsFigures[]): EarningsFigures[] =>
  totalsByCurrency(
    rows,
    (currency) => ({ currency, bookings: 0, sales: 0, markup: 0, commission: 0 }),
    (total, row) => ({
      currency: total.currency,
      bookings: total.bookings + row.bookings,
      sales: total.sales + row.sales,
      markup: total.markup + row.markup,
      commission: total.commission + row.commission,
    }),
  );

/** One page of rows already all in hand (the grouped reports have few). */
export const pageOf = <Row>(rows: readonly Row[], page: number, pageSize: number): Row[] => rows.slice((page - 1) * pageSize, page * pageSize);

/** The first instant after a report's last day (days are UTC, both ends included). */
export const dayAfter = (date: string): Date => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000);
export const startOfDay = (date: string): Date => new Date(`${date}T00:00:00Z`);
