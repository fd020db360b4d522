import { z } from "zod";
import { currencyDecimals } from "../lib/currencyDecimals";

/**
 * Money is an integer number of minor units plus an ISO 4217 code (design section 3). Every
 * multiplication here goes through BigInt and rounds once, half-up (half away from zero), so
 * no float ever touches an amount.
 */

export const currencyCodeSchema = z.string().regex(/^[A-Z]{3}$/, "An ISO 4217 currency code, e.g. KWD");

export const minorUnitsSchema = z.number().int().refine(Number.isSafeInteger, "Amount out of range");

/**
 * The largest credit limit or credit movement, in minor units: 1,000,000,000 of a three-decimal
 * currency. Far above any agency's line, far below where integer arithmetic stops being exact.
 */
export const MAX_CREDIT_AMOUNT = 1_000_000_000_000;

/** A credit limit or a top-up: a whole number of minor units from 0 up to MAX_CREDIT_AMOUNT. */
export const creditAmountSchema = z.number().int("A whole number of minor units").min(0, "Cannot be negative").max(MAX_CREDIT_AMOUNT, `At most ${MAX_CREDIT_AMOUNT} minor units`);

export const moneySchema = z.object({ amount: minorUnitsSchema, currency: currencyCodeSchema });
export type Money = z.infer<typeof moneySchema>;

/** A decimal written as text ("2.5", "-0.125", "3"), so percentages and rates never pass through a float. */
export const decimalStringSchema = z.string().regex(/^-?\d+(\.\d+)?$/, "A decimal number such as 2.5");

/** An exact fraction; the denominator is always positive. */
export interface Ratio {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

export function ratio(numerator: bigint, denominator: bigint): Ratio {
  if (denominator === 0n) throw new RangeError("A ratio cannot have a zero denominator.");
  return denominator < 0n ? { numerator: -numerator, denominator: -denominator } : { numerator, denominator };
}

/** "2.5" -> 25/10, "1/3" -> 1/3. */
export function parseRatio(text: string): Ratio {
  const fraction = /^(-?\d+)\/(\d+)$/.exec(text);
  if (fraction) return ratio(BigInt(fraction[1]!), BigInt(fraction[2]!));
  const decimal = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!decimal) throw new RangeError(`Not a decimal number: "${text}".`);
  const [, sign, whole, fractionDigits = ""] = decimal;
  const magnitude = BigInt(whole! + fractionDigits);
  return ratio(sign === "-" ? -magnitude : magnitude, 10n ** BigInt(fractionDigits.length));
}

export function multiplyRatios(left: Ratio, right: Ratio): Ratio {
  return ratio(left.numerator * right.numerator, left.denominator * right.denominator);
}

export function invertRatio(value: Ratio): Ratio {
  return ratio(value.denominator, value.numerator);
}

/** numerator / denominator rounded half away from zero. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const absoluteNumerator = numerator < 0n ? -numerator : numerator;
  const absoluteDenominator = denominator < 0n ? -denominator : denominator;
  const rounded = (2n * absoluteNumerator + absoluteDenominator) / (2n * absoluteDenominator);
  return negative ? -rounded : rounded;
}

function toSafeMinorUnits(value: bigint): number {
  const result = Number(value);
  if (!Number.isSafeInteger(result)) throw new RangeError(`Amount ${value} is too large for minor units.`);
  return result;
}

function assertMinorUnits(amountMinor: number): void {
  if (!Number.isSafeInteger(amountMinor)) {
    throw new RangeError(`Money must be an integer number of minor units, got ${amountMinor}.`);
  }
}

/** amountMinor × factor, rounded half-up to whole minor units. */
export function multiplyMinor(amountMinor: number, factor: Ratio): number {
  assertMinorUnits(amountMinor);
  return toSafeMinorUnits(divideHalfUp(BigInt(amountMinor) * factor.numerator, factor.denominator));
}

/** `percentage` per cent of amountMinor, e.g. 12.5% of 1001 fils = 125 fils (125.125 rounded). */
export function percentageOfMinor(amountMinor: number, percentage: Ratio): number {
  return multiplyMinor(amountMinor, percentageFactor(percentage));
}

/** `percentage` per cent as a factor: 12.5 → 125/1000. */
export function percentageFactor(percentage: Ratio): Ratio {
  return ratio(percentage.numerator, percentage.denominator * 100n);
}

/**
 * Converts an amount between currencies. `rate` is units of the target per one unit of the
 * source (major units, as rates are quoted); the differing minor-unit digits of the two
 * currencies are accounted for before the single half-up rounding.
 */
export function convertMinor(amountMinor: number, fromCurrency: string, toCurrency: string, rate: Ratio): number {
  return multiplyMinor(amountMinor, conversionFactor(fromCurrency, toCurrency, rate));
}

/** What convertMinor multiplies minor units by: the rate with the currencies' differing minor-unit digits folded in (work it out once for many amounts). */
export function conversionFactor(fromCurrency: string, toCurrency: string, rate: Ratio): Ratio {
  const digitShift = currencyDecimals(toCurrency) - currencyDecimals(fromCurrency);
  const scale = digitShift >= 0 ? ratio(10n ** BigInt(digitShift), 1n) : ratio(1n, 10n ** BigInt(-digitShift));
  return multiplyRatios(rate, scale);
}

/** An amount split into `parts` whole minor units that add up to it; the first parts carry the remainder. */
export function splitMinor(amount: number, parts: number): number[] {
  const base = Math.floor(amount / parts);
  const remainder = amount - base * parts;
  return Array.from({ length: parts }, (_, index) => base + (index < remainder ? 1 : 0));
}

export function clampMinor(amountMinor: number, minimum: number | null, maximum: number | null): number {
  if (minimum !== null && amountMinor < minimum) return minimum;
  if (maximum !== null && amountMinor > maximum) return maximum;
  return amountMinor;
}

/**
 * A decimal amount as people type it ("12.5", "-3") in minor units of the currency, exactly:
 * more decimals than the currency has is an error, never a rounding.
 */
export function parseMajorToMinor(text: string, currencyCode: string): number {
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new RangeError(`"${text}" is not an amount.`);
  const decimals = currencyDecimals(currencyCode);
  const fraction = match[3] ?? "";
  if (fraction.length > decimals) throw new RangeError(`${currencyCode} amounts have at most ${decimals} decimals.`);
  const minor = Number(BigInt(match[2]! + fraction.padEnd(decimals, "0")));
  if (!Number.isSafeInteger(minor)) throw new RangeError(`"${text}" is too large.`);
  return match[1] ? -minor : minor;
}

/** Minor units as a plain decimal amount ("123.450" for 123450 KWD fils), the exact inverse of parseMajorToMinor: what providers that take decimal strings are sent. */
export function minorToMajorText(amountMinor: number, currencyCode: string): string {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError(`Money must be an integer number of minor units, got ${amountMinor}.`);
  const decimals = currencyDecimals(currencyCode);
  const absolute = BigInt(Math.abs(amountMinor));
  const scale = 10n ** BigInt(decimals);
  const fraction = decimals === 0 ? "" : `.${(absolute % scale).toString().padStart(decimals, "0")}`;
  return `${amountMinor < 0 ? "-" : ""}${absolute / scale}${fraction}`;
}
