import { convertMinor, parseRatio, type Money } from "../../contract/money";
import type { PriceBreakdown } from "../../contract/shopping";

/**
 * A supplier amount (ancillary, seat, penalty) in the agency's selling currency, converted with
 * the offer's own exchange rate exactly as the server converts it when the order is charged.
 */
export function toLocalMoney(amount: Money, breakdown: Pick<PriceBreakdown, "currency" | "exchangeRate">): Money {
  if (amount.currency === breakdown.currency) return amount;
  if (breakdown.exchangeRate === null) {
    throw new RangeError(`The offer has no exchange rate from ${amount.currency} to ${breakdown.currency}.`);
  }
  return { amount: convertMinor(amount.amount, amount.currency, breakdown.currency, parseRatio(breakdown.exchangeRate)), currency: breakdown.currency };
}

export function sumMoney(amounts: readonly Money[], currency: string): Money {
  let total = 0;
  for (const amount of amounts) {
    if (amount.currency !== currency) throw new RangeError(`Cannot add ${amount.currency} to a ${currency} total.`);
    total += amount.amount;
  }
  return { amount: total, currency };
}
