import type { SessionUser } from "../../src/contract/auth";
import type { Money } from "../../src/contract/money";
import type { AddOnCancellation, PlatformOrder } from "../../src/contract/orders";
import type { CancellationQuote } from "../../src/contract/shopping";
import type { AppContext } from "../appContext";
import { ApiError } from "../http/apiError";
import { activityCancelQuote, cancelActivity } from "../products/activity/activityService";
import { cancelHotel, hotelCancelQuote } from "../products/hotel/hotelService";
import { cancelPackage, packageCancelQuote } from "../products/package/packageService";
import { cancelPolicy, insuranceCancelQuote, policyCancellation } from "../products/insurance/insuranceService";
import type { ItemRow } from "./orderItems";
import { cancelOrder, cancelQuote, findOrder, platformOrder, type OrderRow } from "./orderService";


async function itemsOfOrder(context: AppContext, orderId: number): Promise<[ItemRow, ...ItemRow[]]> {
  const items = await context.db.selectFrom("order_items").selectAll().where("order_id", "=", orderId).orderBy("id").execute();
  if (items.length === 0) throw new ApiError(422, "order_not_booked", `Order ${orderId} has nothing to cancel.`);
  return items as [ItemRow, ...ItemRow[]];
}

const addOnCancellation = (context: AppContext, item: ItemRow): AddOnCancellation => ({ itemId: item.id, kind: item.kind, reference: item.supplier_reference, ...policyCancellation(context, item) });

/**
 * What cancelling an order would give back, whatever its product, and its add-ons (a policy
 * bought with a flight) offered for cancellation with it, each with its own refund or the reason it cannot be.
 */
export async function quoteCancellation(context: AppContext, user: SessionUser, row: OrderRow): Promise<{ quote: CancellationQuote; refundToAgency: Money; addOns: AddOnCancellation[] }> {
  const [main, ...addOns] = await itemsOfOrder(context, row.id);
  assertServicedHere(main);
  const base =
    main.kind === "hotel"
      ? await hotelCancelQuote(context, row)
      : main.kind === "insurance"
        ? insuranceCancelQuote(context, row, main)
        : main.kind === "activity"
          ? await activityCancelQuote(context, row, main)
          : main.kind === "package"
            ? await packageCancelQuote(context, row, main)
            : await cancelQuote(context, user, row.id);
  return { ...base, addOns: addOns.filter((item) => item.status !== "failed").map((item) => addOnCancellation(context, item)) };
}

/** A visa is cancelled as its application moves (before the embassy has it), a money transfer from the transfer (before payout): not by the order calls. */
function assertServicedHere(main: ItemRow): void {
  if (main.kind === "visa") throw new ApiError(422, "not_cancellable", "A visa application is cancelled from the application itself, while the embassy does not have it.");
  if (main.kind === "transfer") throw new ApiError(422, "not_cancellable", "A money transfer is cancelled from the transfer itself, before it is paid out.");
}

async function cancelMain(context: AppContext, user: SessionUser, row: OrderRow, main: ItemRow): Promise<PlatformOrder> {
  if (main.kind === "hotel") return cancelHotel(context, user, row);
  if (main.kind === "insurance") return cancelPolicy(context, user, row, main);
  if (main.kind === "activity") return cancelActivity(context, user, row, main);
  if (main.kind === "package") return cancelPackage(context, user, row, main);
  return cancelOrder(context, user, row.id);
}

/**
 * Cancels an order's main product and the add-ons named with it. Add-ons that cannot be
 * cancelled are refused before anything is cancelled; one whose insurer fails afterwards stays
 * issued and the order says so in its events.
 */
export async function cancelWithAddOns(context: AppContext, user: SessionUser, row: OrderRow, addOnItemIds: readonly number[]): Promise<{ order: PlatformOrder; addOnFailures: string[] }> {
  const [main, ...addOns] = await itemsOfOrder(context, row.id);
  assertServicedHere(main);
  const chosen = addOnItemIds.map((itemId) => {
    const item = addOns.find((candidate) => candidate.id === itemId);
    if (!item) throw new ApiError(404, "item_not_found", `Order ${row.id} has no add-on ${itemId}.`);
    const { cancellable, reason } = policyCancellation(context, item);
    if (!cancellable) throw new ApiError(422, "not_cancellable", reason!, { errors: [{ field: "addOnItemIds", message: reason! }] });
    return item;
  });
  let order = await cancelMain(context, user, row, main);
  const addOnFailures: string[] = [];
  for (const item of chosen) {
    try {
      order = await cancelPolicy(context, user, await findOrder(context, user, row.id), item);
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
  await cancelPolicy(context, user, row, item);
  return platformOrder(context.db, await findOrder(context, user, row.id));
}
