import type { Money } from "../../contract/money";

/** Spec section 4, "Grand total": added to, subtracted from, set or cleared; one currency, minor units. */
export type GrandTotalAction =
  | { type: "add"; amount: Money }
  | { type: "subtract"; amount: Money }
  | { type: "set"; amount: Money }
  | { type: "clear" };

export function grandTotal(total: Money | null, action: GrandTotalAction): Money | null {
  if (action.type === "clear") return null;
  if (action.type === "set" || total === null) {
    return action.type === "subtract" ? { ...action.amount, amount: -action.amount.amount } : action.amount;
  }
  if (action.amount.currency !== total.currency) {
    throw new RangeError(`Cannot combine ${action.amount.currency} with a ${total.currency} grand total.`);
  }
  const delta = action.type === "add" ? action.amount.amount : -action.amount.amount;
  return { amount: total.amount + delta, currency: total.currency };
}
