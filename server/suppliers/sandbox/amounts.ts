import { multiplyMinor, ratio, type Money } from "../../../src/contract/money";
import { currencyDecimals } from "../../../src/lib/currencyDecimals";

/**
 * The sandbox's price tables are written in hundredths of a major unit (pence, cents); this
 * turns them into the supplier currency's minor units (JPY has none, KWD three).
 */
export function hundredthsToMinor(hundredths: number, currency: string): number {
  return multiplyMinor(hundredths, ratio(10n ** BigInt(currencyDecimals(currency)), 100n));
}

export function moneyFromHundredths(hundredths: number, currency: string): Money {
  return { amount: hundredthsToMinor(hundredths, currency), currency };
}

export function roundToMajorUnit(amountMinor: number, currency: string): number {
  const unit = 10 ** currencyDecimals(currency);
  return multiplyMinor(amountMinor, ratio(1n, BigInt(unit))) * unit;
}
