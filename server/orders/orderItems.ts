import type { Kysely, Selectable, Transaction } from "kysely";
import type { CancellationPolicy, HotelBooking, HotelPriceBreakdown } from "../../src/contract/hotels";
import type { OrderItem } from "../../src/contract/orders";
import type { ProductKind } from "../../src/contract/products";
import type { PriceBreakdown } from "../../src/contract/shopping";
import type { Database, OrderItemsTable, OrdersTable } from "../db/schema";

type ItemRow = Selectable<OrderItemsTable>;
type OrderRow = Selectable<OrdersTable>;

/** A new order's item, written in the order's own transaction. */
export interface NewItem {
  readonly kind: ProductKind;
  readonly priceBreakdown: PriceBreakdown | HotelPriceBreakdown | null;
  readonly cancellationTerms: CancellationPolicy | null;
  readonly detail: HotelBooking | null;
}

export async function insertItem(trx: Transaction<Database>, order: OrderRow, item: NewItem): Promise<void> {
  await trx
    .insertInto("order_items")
    .values({
      order_id: order.id,
      kind: item.kind,
      supplier_id: order.supplier_id,
      supplier_reference: order.booking_reference,
      status: order.status,
      currency: order.currency,
      total: order.total,
      price_breakdown: item.priceBreakdown && JSON.stringify(item.priceBreakdown),
      cancellation_terms: item.cancellationTerms && JSON.stringify(item.cancellationTerms),
      detail: item.detail && JSON.stringify(item.detail),
    })
    .execute();
}

/**
 * The order's item follows what the order went through (booked, ticketed, changed, cancelled):
 * every order the console books holds one item, whose status, reference and total are the
 * order's. `detail` replaces the product's booking when the supplier sent a new one.
 */
export async function followOrder(trx: Transaction<Database>, order: OrderRow, detail?: HotelBooking): Promise<void> {
  await trx
    .updateTable("order_items")
    .set({
      status: order.status,
      supplier_reference: order.booking_reference,
      total: order.total,
      ...(detail ? { detail: JSON.stringify(detail) } : {}),
      updated_at: order.updated_at,
    })
    .where("order_id", "=", order.id)
    .execute();
}

const toOrderItem = (row: ItemRow): OrderItem => ({
  id: row.id,
  kind: row.kind,
  supplierId: row.supplier_id,
  supplierReference: row.supplier_reference,
  status: row.status,
  total: { amount: row.total, currency: row.currency },
  priceBreakdown: (row.price_breakdown as OrderItem["priceBreakdown"]) ?? null,
  cancellationTerms: (row.cancellation_terms as CancellationPolicy | null) ?? null,
  hotel: row.kind === "hotel" ? ((row.detail as HotelBooking | null) ?? null) : null,
});

/** The items of these orders, by order id, in the order they were added. */
export async function itemsOf(db: Kysely<Database> | Transaction<Database>, orderIds: readonly number[]): Promise<Map<number, OrderItem[]>> {
  const byOrder = new Map<number, OrderItem[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  const rows = await db.selectFrom("order_items").selectAll().where("order_id", "in", orderIds).orderBy("id").execute();
  for (const row of rows) byOrder.get(row.order_id)?.push(toOrderItem(row));
  return byOrder;
}

/** The kind of an order's first item: which product serves it. */
export async function productOf(db: Kysely<Database>, orderId: number): Promise<ProductKind> {
  const row = await db.selectFrom("order_items").select("kind").where("order_id", "=", orderId).orderBy("id").limit(1).executeTakeFirst();
  return row?.kind ?? "flight";
}
