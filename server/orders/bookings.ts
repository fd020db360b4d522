import type { Kysely } from "kysely";
import { BOOKED_STATUSES } from "../../src/contract/dashboard";
import type { PlatformOrderStatus } from "../../src/contract/orders";
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
