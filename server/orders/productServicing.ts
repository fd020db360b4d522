import type { SessionUser } from "../../src/contract/auth";
import type { AddOnCancellation, CancelQuoteResponse, OrderCancelRequest, PlatformOrder } from "../../src/contract/orders";
import type { AppContext } from "../appContext";
import { ApiError } from "../http/apiError";
import { addOnAmounts, type ItemRow } from "./orderItems";
import { findOrder, platformOrder, type OrderRow } from "./orderService";
import type { AddOnService, CancellationService } from "./productModule";

async function itemsOfOrder(context: AppContext, orderId: number): Promise<[ItemRow, ...ItemRow[]]> {
  const items = await context.db.selectFrom("order_items").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
  if (items.length === 0) throw new ApiError(422, "order_not_booked", `Order ${orderId} has nothing to cancel.`);
  return items as [ItemRow, ...ItemRow[]];
}

function addOnServiceOf(context: AppContext, item: ItemRow): AddOnService {
  const addOn = context.products.of(item.kind).addOn;
  if (!addOn) throw new ApiError(422, "not_cancellable", `Item ${item.id} is not an add-on.`);
  return addOn;
}

const addOnCancellation = (context: AppContext, item: ItemRow): AddOnCancellation => ({ itemId: item.id, kind: item.kind, reference: item.supplier_reference, ...addOnServiceOf(context, item).cancellability(context, item) });

/** How the order calls cancel this main item, or 422 with why it is cancelled elsewhere (a visa from its application, a transfer from the transfer). */
function cancellationOf(context: AppContext, main: ItemRow): CancellationService {
  const { cancellation } = context.products.of(main.kind);
  if ("elsewhere" in cancellation) throw new ApiError(422, "not_cancellable", cancellation.elsewhere);
  return cancellation;
}

/**
 * What cancelling an order would give back, whatever its product, and its add-ons (a policy
 * bought with a flight) offered for cancellation with it, each with its own refund or the reason it cannot be.
 */
export async function quoteCancellation(context: AppContext, user: SessionUser, row: OrderRow): Promise<CancelQuoteResponse> {
  const [main, ...addOns] = await itemsOfOrder(context, row.id);
  const base = await cancellationOf(context, main).quote(context, user, row, main);
  // The agency's side of it, in its currency: what it paid for the booking (its add-ons apart) and keeps losing.
  const paid = row.paid - row.refunded - (await addOnAmounts(context.db, row.id)).standing;
  return {
    ...base,
    agencyPaid: { amount: paid, currency: row.currency },
    agencyPenalty: { amount: Math.max(0, paid - base.refundToAgency.amount), currency: row.currency },
    addOns: addOns.filter((item) => item.status !== "failed").map((item) => addOnCancellation(context, item)),
  };
}

/**
 * Cancels an order's main product and the add-ons named with it. Add-ons that cannot be
 * cancelled are refused before anything is cancelled; one whose insurer fails afterwards stays
 * issued and the order says so in its events.
 */
export async function cancelWithAddOns(context: AppContext, user: SessionUser, row: OrderRow, request: OrderCancelRequest): Promise<{ order: PlatformOrder; addOnFailures: string[] }> {
  const [main, ...addOns] = await itemsOfOrder(context, row.id);
  if (request.refundAs === "residualFunds" && main.kind !== "flight") {
    throw new ApiError(422, "residual_funds_not_possible", "Residual travel funds are kept from a refunded airline ticket only.", { errors: [{ field: "refundAs", message: "Refund as money" }] });
  }
  const cancellation = cancellationOf(context, main);
  const chosen = request.addOnItemIds.map((itemId) => {
    const item = addOns.find((candidate) => candidate.id === itemId);
    if (!item) throw new ApiError(404, "item_not_found", `Order ${row.id} has no add-on ${itemId}.`);
    const { cancellable, reason } = addOnServiceOf(context, item).cancellability(context, item);
    if (!cancellable) throw new ApiError(422, "not_cancellable", reason!, { errors: [{ field: "addOnItemIds", message: reason! }] });
    return item;
  });
  let order = await cancellation.cancel(context, user, row, main, request);
  const addOnFailures: string[] = [];
  for (const item of chosen) {
    try {
      order = await addOnServiceOf(context, item).cancel(context, user, await findOrder(context, user, row.id), item);
    } catch (error) {
      addOnFailures.push(error instanceof Error ? error.message : String(error));
    }
  }
  return { order, addOnFailures };
}

/** Cancels one add-on and keeps the rest of the order (the policy bought with a flight, the flight kept). */
export async function cancelAddOn(context: AppContext, user: SessionUser, row: OrderRow, itemId: number): Promise<PlatformOrder> {
  const [, ...addOns] = await itemsOfOrder(context, row.id);
  const item = addOns.find((candidate) => candidate.id === itemId);
  if (!item) throw new ApiError(404, "item_not_found", `Order ${row.id} has no add-on ${itemId}.`);
  await addOnServiceOf(context, item).cancel(context, user, row, item);
  return platformOrder(context.db, await findOrder(context, user, row.id));
}
