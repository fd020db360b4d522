import { z } from "zod";
import { currencyCodeSchema, decimalStringSchema, invertRatio, multiplyRatios, parseRatio, ratio, type Ratio } from "./money";

/** A stored rate (GET /api/exchange-rates): one unit of `from` buys `rate` units of `to` (major units, as rates are quoted). */
export const storedExchangeRateSchema = z.object({
  from: currencyCodeSchema,
  to: currencyCodeSchema,
  /** Decimal text, e.g. "0.3841"; never a float. */
  rate: decimalStringSchema,
});
export type StoredExchangeRate = Readonly<z.infer<typeof storedExchangeRateSchema>>;

export interface ExchangeRates {
  /** Exact; undefined when no stored rate links the two currencies. */
  rate(from: string, to: string): Ratio | undefined;
}

/**
 * Rates from the stored list: direct, the inverse of a stored rate, or across one common
 * currency (GBP→USD→KWD). Ratios stay exact; rounding happens once, on the converted amount.
 */
export function createExchangeRates(stored: readonly StoredExchangeRate[]): ExchangeRates {
  const known = new Map<string, Ratio>();
  const neighbours = new Map<string, Set<string>>();
  const link = (from: string, to: string, rate: Ratio) => {
    known.set(`${from}>${to}`, rate);
    neighbours.set(from, (neighbours.get(from) ?? new Set()).add(to));
  };
  for (const entry of stored) {
    const rate = parseRatio(entry.rate);
    if (rate.numerator <= 0n) throw new RangeError(`The ${entry.from}→${entry.to} rate must be positive.`);
    link(entry.from, entry.to, rate);
    if (!known.has(`${entry.to}>${entry.from}`)) link(entry.to, entry.from, invertRatio(rate));
  }
  const direct = (from: string, to: string) => known.get(`${from}>${to}`);
  return {
    rate(from, to) {
      if (from === to) return ratio(1n, 1n);
      const rate = direct(from, to);
      if (rate) return rate;
      for (const via of neighbours.get(from) ?? []) {
        const onward = direct(via, to);
        if (onward) return multiplyRatios(direct(from, via)!, onward);
      }
      return undefined;
    },
  };
}

/** For display in a price breakdown: the rate with at most `digits` decimals, half-up. */
export function formatRate(rate: Ratio, digits = 8): string {
  const scale = 10n ** BigInt(digits);
  const scaled = (2n * rate.numerator * scale + rate.denominator) / (2n * rate.denominator);
  const whole = scaled / scale;
  const fraction = (scaled % scale).toString().padStart(digits, "0").replace(/0+$/, "");
  return fraction === "" ? whole.toString() : `${whole}.${fraction}`;
}
