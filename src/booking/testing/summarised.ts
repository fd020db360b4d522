import type { PlatformOrder } from "../../contract/orders";
import { summariseOrder } from "../../contract/orderSummary";

/** A fixture order with its summary derived as the server derives it. */
export const summarised = (order: Omit<PlatformOrder, "summary">): PlatformOrder => ({ ...order, summary: summariseOrder(order) });
