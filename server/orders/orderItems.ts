import type { Kysely, Selectable, Transaction } from "kysely";
import { sql } from "kysely";
import type { CancellationPolicy, HotelBooking, HotelPriceBreakdown } from "../../src/contract/hotels";
import type { ActivityBooking } from "../../src/contract/activities";
import type { InsurancePolicy } from "../../src/contract/insurance";
import type { VisaState } from "../../src/contract/visas";
import type { TransferState } from "../../src/contract/moneyTransfer";
import type { PackageBooking } from "../../src/contract/packages";
import type { Money } from "../../src/contract/money";
import type { OrderItem } from "../../src/contract/orders";
import type { ProductKind } from "../../src/contract/products";
import type { PriceBreakdown } from "../../src/contract/shopping";
import type { Database, OrderItemsTable, OrdersTable } from "../db/schema";

export type ItemRow = Selectable<OrderItemsTable>;
type OrderRow = Selectable<OrdersTable>;

/** A product's own booking, kept on its item. */
export type ItemDetail = HotelBooking | InsurancePolicy | ActivityBooking | VisaItemDetail | PackageBooking | TransferItemDetail;

/** A visa item keeps its application's state, so order lists show it without reading the application. */
export interface VisaItemDetail {
  readonly applicationId: number;
  readonly state: VisaState;
  readonly visaName?: string;
  readonly country?: string;
  readonly travelDate?: string;
}

/** A money transfer's item keeps the transfer's state the same way. */
export interface TransferItemDetail {
  readonly transferId: number;
  readonly state: TransferState;
  /** Whom it pays, and in which country. */
  readonly beneficiary?: string;
  readonly country?: string;
}

/** A new order's item, written in the order's own transaction. */
export interface NewItem {
  readonly kind: ProductKind;
  readonly priceBreakdown: PriceBreakdown | HotelPriceBreakdown | null;
  readonly cancellationTerms: CancellationPolicy | null;
  readonly detail: ItemDetail | null;
}

/** What the agency's markup rules added to a price (flights and hotels keep it in different shapes). */
export function markupOf(breakdown: NewItem["priceBreakdown"]): number {
  if (breakdown === null) return 0;
  return "totals" in breakdown ? breakdown.totals.markups : breakdown.markupTotal;
}

/** The supplier's commission on an item: its percentage, for suppliers paid by commission, of the price before markup, half up. */
export const commissionOf = (supplierId: string, total: number, markup: number) =>
  sql<number>`coalesce((select floor(${total - markup} * commercial_percentage::numeric / 100 + 0.5)::bigint
    from suppliers where code = ${supplierId} and commercial_model = 'commission'), 0)`;

/**
 * Writes an item of a new order: the main product (status and reference the order's) or an
 * add-on, pending until issued. Its markup and the supplier's commission (the supplier's
 * percentage, for suppliers paid by commission, of the price before markup, half up) are kept
 * as booked, for the reports.
 */
export async function insertItem(trx: Transaction<Database>, order: OrderRow, item: NewItem, own: { supplierId: string; total: Money }): Promise<number> {
  const markup = markupOf(item.priceBreakdown);
  const row = await trx
    .insertInto("order_items")
    .values({
      order_id: order.id,
      kind: item.kind,
      supplier_id: own.supplierId,
      supplier_reference: order.booking_reference,
      status: order.status,
      currency: own.total.currency,
      total: own.total.amount,
      price_breakdown: item.priceBreakdown && JSON.stringify(item.priceBreakdown),
      cancellation_terms: item.cancellationTerms && JSON.stringify(item.cancellationTerms),
      detail: item.detail && JSON.stringify(item.detail),
      markup,
      commission: commissionOf(own.supplierId, own.total.amount, markup),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The order's main item (its first) follows what the order went through (booked, ticketed,
 * changed, cancelled): its status and reference are the order's, its total the order's less its
 * add-ons' (insurance bought with it), which keep their own status. `detail` replaces the
 * product's booking when the supplier sent a new one. One update statement reading the order
 * from `source`: the orders table inside the transaction that changed it, or the common table
 * expression of the statement that did (confirmPendingOrder).
 */
export const followingUpdate = (source: "orders" | "confirmed", orderId: number, detail?: ItemDetail) => sql<Record<string, never>>`
  update order_items as main set
    status = source.status,
    supplier_reference = source.booking_reference,
    total = source.total - (select coalesce(sum(other.total), 0) from order_items other where other.order_id = source.id and other.id <> main.id),
    detail = coalesce(${detail ? JSON.stringify(detail) : null}::jsonb, main.detail),
    updated_at = source.updated_at
  from ${sql.table(source)} as source
  where source.id = ${orderId} and main.id = (select min(id) from order_items where order_id = ${orderId})`;

/** The main item follows the order `order` was just saved as, in the caller's transaction (followingUpdate). */
export async function followOrder(trx: Transaction<Database>, order: OrderRow, detail?: ItemDetail): Promise<void> {
  await followingUpdate("orders", order.id, detail).execute(trx);
}

/** An order's items after its first: products bought with it (a policy with a flight), each with its own status. */
export async function addOnsOf(db: Kysely<Database> | Transaction<Database>, orderId: number): Promise<ItemRow[]> {
  const rows = await db.selectFrom("order_items").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
  return rows.slice(1);
}

/**
 * What the order's add-ons cost (`total`, part of the order's total whatever became of them) and
 * what they still hold of what was paid (`standing`: issued or being issued), so a cancellation of
 * the main product neither charges nor gives back the add-ons' price.
 */
export async function addOnAmounts(db: Kysely<Database> | Transaction<Database>, orderId: number): Promise<{ total: number; standing: number }> {
  const addOns = await addOnsOf(db, orderId);
  return {
    total: addOns.reduce((sum, item) => sum + item.total, 0),
    standing: addOns.filter((item) => item.status === "confirm" || item.status === "pending").reduce((sum, item) => sum + item.total, 0),
  };
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
  insurance: row.kind === "insurance" ? ((row.detail as InsurancePolicy | null) ?? null) : null,
  activity: row.kind === "activity" ? ((row.detail as ActivityBooking | null) ?? null) : null,
  visa: row.kind === "visa" ? ((row.detail as VisaItemDetail | null) ?? null) : null,
  package: row.kind === "package" ? ((row.detail as PackageBooking | null) ?? null) : null,
  transfer: row.kind === "transfer" ? ((row.detail as TransferItemDetail | null) ?? null) : null,
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
