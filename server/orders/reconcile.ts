import { sql } from "kysely";
import type { AppContext } from "../appContext";
import { addOnReferenceOf, clientReferenceOf, confirmPendingOrder, failPendingAddOn, failPendingOrder, settleAddOn, platformOrder, settleInterruptedTicketing } from "./orderService";
import { findBooked, issuedAtSupplier } from "./productModule";
import { settleOpenHostedPayments } from "../payments/hostedPayments";

/** What one pass settled. */
export interface Reconciliation {
  confirmed: number;
  failed: number;
  /** Holds whose ticketing paid from credit and never heard back: ticketed, or the payment given back. */
  ticketingSettled: number;
  /** Orders whose supplier could not be asked this time; the next pass tries again. */
  unreachable: number;
  keysSettled: number;
  /** Add-ons (a policy bought with a booking) left being issued: issued, or their price given back. */
  addOnsSettled: number;
  /** Bookings their supplier moved on since the last pass (money transfers paid out, rejected or cancelled). */
  bookingsFollowed: number;
  /** Payments on the gateway's hosted page nobody came back from: booked, declined, expired, or given back to the card. */
  hostedPaymentsSettled: number;
}

const NEVER_BOOKED = "The supplier never confirmed the booking: the payment was given back.";

/**
 * Settles what a crash can leave between the ledger debit and the supplier's answer. An order
 * still pending after `staleAfterMs` (longer than any supplier call may take, so no request is
 * still waiting for it) is looked up at its supplier by the platform's reference: booked there,
 * it is confirmed as the booking request would have; unknown there, its payment is given back
 * and it is marked failed. Then every Idempotency-Key still "in progress" after that time is
 * settled to its order's final answer, or freed when no order was written for it (the request
 * died before paying), so a retry is answered instead of a 409 forever.
 */
export async function reconcile(context: AppContext, { staleAfterMs }: { staleAfterMs: number }): Promise<Reconciliation> {
  const { db, clock } = context;
  const cutoff = new Date(clock().getTime() - staleAfterMs);
  const result: Reconciliation = { confirmed: 0, failed: 0, ticketingSettled: 0, unreachable: 0, keysSettled: 0, addOnsSettled: 0, bookingsFollowed: 0, hostedPaymentsSettled: 0 };

  const pending = await db.selectFrom("orders").select(["id", "user_id", "supplier_id"]).where("status", "=", "pending").where("created_at", "<", cutoff).orderBy("id").execute();
  for (const order of pending) {
    let booked;
    try {
      booked = await findBooked(context, order.id, order.supplier_id, clientReferenceOf(order.id));
    } catch {
      result.unreachable += 1;
      continue;
    }
    if (booked) {
      await confirmPendingOrder(context, order.id, order.user_id, booked);
      result.confirmed += 1;
    } else {
      await failPendingOrder(context, order.id, order.user_id, NEVER_BOOKED);
      result.failed += 1;
    }
  }

  // Holds with more taken from the credit line than paid for them: a ticketing that never heard back.
  const interrupted = await sql<{ id: number; user_id: number; supplier_id: string; supplier_order_id: string }>`
    select orders.id, orders.user_id, orders.supplier_id, orders.supplier_order_id
    from orders join ledger_entries on ledger_entries.order_id = orders.id
    where orders.status = 'hold' and orders.supplier_order_id is not null
    group by orders.id
    having sum(case when ledger_entries.kind = 'debit' then ledger_entries.amount else -ledger_entries.amount end) > orders.paid
      and max(ledger_entries.created_at) < ${cutoff}`.execute(db);
  for (const order of interrupted.rows) {
    let atSupplier;
    try {
      atSupplier = await issuedAtSupplier(context, order);
    } catch {
      result.unreachable += 1;
      continue;
    }
    if ((await settleInterruptedTicketing(context, order.id, order.user_id, atSupplier)) !== "settled") result.ticketingSettled += 1;
  }

  // Add-ons of booked orders whose issue never heard back: issued at their supplier, or refunded.
  const addOns = await db
    .selectFrom("order_items")
    .innerJoin("orders", "orders.id", "order_items.order_id")
    .select(["order_items.id", "order_items.order_id", "order_items.kind", "order_items.supplier_id", "orders.user_id"])
    .where("order_items.status", "=", "pending")
    .where("orders.status", "not in", ["pending", "failed"])
    .where("order_items.created_at", "<", cutoff)
    .execute();
  for (const item of addOns) {
    const addOn = context.products.of(item.kind).addOn;
    if (!addOn) continue;
    let issued;
    try {
      issued = await addOn.findIssued(context, item.supplier_id, addOnReferenceOf(item.order_id, item.id));
    } catch {
      result.unreachable += 1;
      continue;
    }
    if (issued) await settleAddOn(context, item.id, item.user_id, issued);
    else await failPendingAddOn(context, item.order_id, item.id, item.user_id, addOn.notIssuedMessage);
    result.addOnsSettled += 1;
  }

  // Bookings their supplier moves on by itself (a money transfer paid out, or rejected and refunded).
  for (const product of context.products.modules) if (product.follow) result.bookingsFollowed += await product.follow(context);

  result.hostedPaymentsSettled = await settleOpenHostedPayments(context, cutoff);

  const stuck = await db.selectFrom("idempotency_keys").select(["user_id", "key", "route"]).where("status_code", "is", null).where("created_at", "<", cutoff).execute();
  for (const entry of stuck) {
    const order = context.products.bookingRoutes.has(entry.route)
      ? await db.selectFrom("orders").selectAll().where("user_id", "=", entry.user_id).where("idempotency_key", "=", entry.key).executeTakeFirst()
      : undefined;
    if (order?.status === "pending") continue;
    const settle = db.updateTable("idempotency_keys").where("user_id", "=", entry.user_id).where("key", "=", entry.key).where("status_code", "is", null);
    if (!order) {
      // No order, or one that failed and gave up its key: the key is free for a new attempt.
      await db.deleteFrom("idempotency_keys").where("user_id", "=", entry.user_id).where("key", "=", entry.key).where("status_code", "is", null).execute();
    } else {
      const body = { status: 200, data: await platformOrder(db, order), message: order.status === "hold" ? "Booked and held." : "Booked and ticketed." };
      await settle.set({ status_code: 200, response: JSON.stringify(body) }).execute();
    }
    result.keysSettled += 1;
  }
  return result;
}

/** How often a running server reconciles. */
export const RECONCILE_EVERY_MS = 60_000;
