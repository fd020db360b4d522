import { sql, type AliasedSelectQueryBuilder, type Kysely } from "kysely";
import { BOOKED_STATUSES } from "../../src/contract/dashboard";
import type { OrderRowStatus } from "../../src/contract/orderSummary";
import type { PlatformOrderStatus } from "../../src/contract/orders";
import type { ProductKind } from "../../src/contract/products";
import type { Database } from "../db/schema";

/**
 * What "a booking" is, for every count the platform shows (dashboard, reports, point of sale):
 * one product sold, i.e. an item of an order that reached its supplier, add-ons included (a
 * flight with insurance is two bookings, its order's total their sum). An order still being
 * booked or refused is none; an add-on its supplier never issued is none either.
 */
export function bookedItemsOf(db: Kysely<Database>, organisationIds: readonly number[], orderStatuses: readonly PlatformOrderStatus[] = BOOKED_STATUSES) {
  return db
    .selectFrom("orders")
    .innerJoin("order_items", "order_items.order_id", "orders.id")
    .where("orders.organisation_id", "in", organisationIds)
    .where("orders.status", "in", orderStatuses)
    .where("order_items.status", "in", BOOKED_STATUSES);
}

/** What bookings add up to on one UTC day, for one organisation, product, supplier and currency. */
export interface BookedDay {
  /** YYYY-MM-DD. */
  day: string;
  organisation_id: number;
  kind: ProductKind;
  supplier_id: string;
  currency: string;
  /** How its orders were paid; 0 while unpaid (a hold). */
  payment_method_id: number;
  bookings: number;
  sales: number;
  markup: number;
  commission: number;
}

/** Which days' bookings: UTC days from..to (both included; no end: up to today), narrowed like the reports' filters. */
export interface BookedDaysFilter {
  from: string;
  to?: string;
  /** The status the orders' rows show (showsRowStatus); unset, every booked one. */
  status?: OrderRowStatus;
  product?: ProductKind;
  supplierId?: string;
  userId?: number;
}

/**
 * The bookings (bookedItemsOf) of these organisations added up per UTC day of their order, as
 * `booked`: read from the day's sales (migration 0045, kept equal to the orders by triggers), a
 * few thousand rows for a year of a group. The reports and the dashboard's figures count from
 * here, so they agree.
 */
export function bookedDays(db: Kysely<Database>, organisationIds: readonly number[], filter: BookedDaysFilter): AliasedSelectQueryBuilder<BookedDay, "booked"> {
  return db
    .selectFrom("daily_sales")
    .where("organisation_id", "in", organisationIds)
    .where("row_status", "in", filter.status ? [filter.status] : [...BOOKED_STATUSES, "inProgress"])
    .where("item_status", "in", BOOKED_STATUSES)
    .where("day", ">=", sql<string>`${filter.from}::date`)
    .$if(filter.to !== undefined, (rows) => rows.where("day", "<=", sql<string>`${filter.to!}::date`))
    .$if(filter.product !== undefined, (rows) => rows.where("kind", "=", filter.product!))
    .$if(filter.supplierId !== undefined, (rows) => rows.where("supplier_id", "=", filter.supplierId!))
    .$if(filter.userId !== undefined, (rows) => rows.where("user_id", "=", filter.userId!))
    .select(["day", "organisation_id", "kind", "supplier_id", "currency", "payment_method_id", "bookings", "sales", "markup", "commission"])
    .as("booked");
}

/** What `booked` days add up to: how many, what they sold, the markup and commission they earned. */
export const bookedSums = [
  sql<number>`sum(booked.bookings)`.as("bookings"),
  sql<number>`sum(booked.sales)`.as("sales"),
  sql<number>`sum(booked.markup)`.as("markup"),
  sql<number>`sum(booked.commission)`.as("commission"),
] as const;

/** A group of days whose bookings added up to nothing (its items all moved on) is no group. */
export const anyBooked = sql<boolean>`sum(booked.bookings) > 0`;
