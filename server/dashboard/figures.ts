import type { Money } from "../../src/contract/money";
import type { PeriodFigures } from "../../src/contract/dashboard";
import type { ProductKind } from "../../src/contract/products";

/** One group of bookings (bookedItemsOf): a product in a currency, how many and what they sold. */
export interface SalesGroup {
  readonly product: ProductKind;
  readonly currency: string;
  readonly bookings: number;
  readonly total: number;
  /** What the agency's markup rules added to those items. */
  readonly markup: number;
}

const sumByCurrency = <Group extends { currency: string; total: number }>(groups: readonly Group[], amount: (group: Group) => number = (group) => group.total): Money[] => {
  const totals = new Map<string, number>();
  for (const group of groups) totals.set(group.currency, (totals.get(group.currency) ?? 0) + amount(group));
  return [...totals].sort(([left], [right]) => left.localeCompare(right)).map(([currency, amount]) => ({ amount, currency }));
};

/** A period's figures from its grouped sales and its cancellations; products in the order they were sold in. */
export function periodFigures(groups: readonly SalesGroup[], cancellations: number): PeriodFigures {
  const products = [...new Set(groups.map((group) => group.product))];
  return {
    bookings: groups.reduce((sum, group) => sum + group.bookings, 0),
    cancellations,
    sales: sumByCurrency(groups),
    markup: sumByCurrency(groups, (group) => group.markup),
    byProduct: products.map((product) => {
      const ofProduct = groups.filter((group) => group.product === product);
      return { product, bookings: ofProduct.reduce((sum, group) => sum + group.bookings, 0), sales: sumByCurrency(ofProduct) };
    }),
  };
}

const DAY_MS = 86_400_000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * Credit used at the end of each of the last `days` days (UTC), from the days that had ledger
 * entries (their last balance) and the balance before the window; a quiet day keeps the day
 * before's balance.
 */
export function creditTrend(closingByDay: ReadonlyMap<string, number>, openingUsed: number, today: Date, days = 30): { date: string; used: number }[] {
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()) - (days - 1) * DAY_MS;
  let used = openingUsed;
  return Array.from({ length: days }, (_, index) => {
    const date = isoDay(start + index * DAY_MS);
    used = closingByDay.get(date) ?? used;
    return { date, used };
  });
}

/** What one organisation's booked items sold this month in one currency. */
export interface AgencyGroup {
  readonly organisationId: number;
  readonly name: string;
  readonly currency: string;
  readonly total: number;
}

/** Organisations ranked by their bookings (then by name), their sales per currency, the first `limit`. */
export function rankAgencies(groups: readonly AgencyGroup[], bookingsByOrganisation: ReadonlyMap<number, number>, limit = 10) {
  const names = new Map(groups.map((group) => [group.organisationId, group.name]));
  return [...bookingsByOrganisation]
    .map(([organisationId, bookings]) => ({
      organisationId,
      name: names.get(organisationId) ?? "",
      bookings,
      sales: sumByCurrency(groups.filter((group) => group.organisationId === organisationId)),
    }))
    .sort((left, right) => right.bookings - left.bookings || left.name.localeCompare(right.name))
    .slice(0, limit);
}
