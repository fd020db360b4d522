import { currencyDecimals } from "../lib/currencyDecimals";

/**
 * The arithmetic of a money-transfer quote, in integer minor units and exact decimals (bigint),
 * never a float. Rounding, chosen so the remitter is never promised more than is paid out and
 * the agency never collects less than it owes the partner:
 * - the rate the customer gets is the partner's rate less the margin, cut (not rounded) to
 *   RATE_DECIMALS decimals, and that shown rate is the one used;
 * - the amount received is rounded down to the receiving currency's minor unit;
 * - asked for an amount to receive, the amount to send is rounded up, then the amount received
 *   is worked out again from it (so it is at least the amount asked, by less than one minor unit
 *   of the sending currency's worth);
 * - a percentage fee is rounded up to the sending currency's minor unit.
 */

/** Rates are quoted and kept with this many decimals ("271.530000" rupees per dinar). */
export const RATE_DECIMALS = 6;
const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);
const BASIS_POINTS = 10_000n;

/** One fee band: amounts sent up to `upTo` (minor units; null: any amount above the previous band) pay flat + percentage. */
export interface FeeBand {
  readonly upTo: number | null;
  readonly flat: number;
  /** The percentage part in basis points (150 = 1.5 %). */
  readonly percentBps: number;
}

export interface QuoteInput {
  readonly sendCurrency: string;
  readonly receiveCurrency: string;
  /** The partner's rate: receiving-currency units per one sending-currency unit, as a decimal string. */
  readonly partnerRate: string;
  /** The organisation's FX margin, in basis points taken off the partner's rate. */
  readonly marginBps: number;
  readonly feeBands: readonly FeeBand[];
  readonly amount: { readonly of: "send" | "receive"; readonly minor: number };
}

export interface QuoteBreakdown {
  /** The rate the customer gets, with RATE_DECIMALS decimals. */
  readonly rate: string;
  readonly sendAmount: number;
  readonly receiveAmount: number;
  readonly fee: number;
  /** What the remitter pays: the amount sent and the fee. */
  readonly totalToPay: number;
}

/** A decimal string as an integer count of 10^-RATE_DECIMALS (more decimals are cut). */
function rateUnits(rate: string): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate);
  if (!match) throw new RangeError(`Not a rate: "${rate}".`);
  return BigInt(match[1]! + (match[2] ?? "").padEnd(RATE_DECIMALS, "0").slice(0, RATE_DECIMALS));
}

export function formatRate(units: bigint): string {
  return `${units / RATE_SCALE}.${(units % RATE_SCALE).toString().padStart(RATE_DECIMALS, "0")}`;
}

/** The partner's rate less the margin, cut to RATE_DECIMALS decimals. */
export function customerRate(partnerRate: string, marginBps: number): string {
  if (!Number.isInteger(marginBps) || marginBps < 0 || marginBps >= 10_000) throw new RangeError(`A margin of ${marginBps} basis points is out of range.`);
  return formatRate((rateUnits(partnerRate) * (BASIS_POINTS - BigInt(marginBps))) / BASIS_POINTS);
}

const ceilDivide = (numerator: bigint, denominator: bigint) => (numerator + denominator - 1n) / denominator;

/** 10^(receive decimals) / (10^(send decimals) × RATE_SCALE), as a numerator and denominator. */
function digitScale(sendCurrency: string, receiveCurrency: string): { up: bigint; down: bigint } {
  return { up: 10n ** BigInt(currencyDecimals(receiveCurrency)), down: 10n ** BigInt(currencyDecimals(sendCurrency)) * RATE_SCALE };
}

export function receivedFor(sendMinor: number, rate: string, sendCurrency: string, receiveCurrency: string): number {
  const { up, down } = digitScale(sendCurrency, receiveCurrency);
  return Number((BigInt(sendMinor) * rateUnits(rate) * up) / down);
}

export function sendFor(receiveMinor: number, rate: string, sendCurrency: string, receiveCurrency: string): number {
  const units = rateUnits(rate);
  if (units === 0n) throw new RangeError("A rate of zero cannot be quoted.");
  const { up, down } = digitScale(sendCurrency, receiveCurrency);
  return Number(ceilDivide(BigInt(receiveMinor) * down, units * up));
}

/** The band an amount falls in (the first whose `upTo` reaches it, or the open-ended last one). */
export function feeFor(sendMinor: number, bands: readonly FeeBand[]): number {
  const band = bands.find((candidate) => candidate.upTo === null || sendMinor <= candidate.upTo);
  if (!band) throw new RangeError(`No fee band covers ${sendMinor}.`);
  return band.flat + Number(ceilDivide(BigInt(sendMinor) * BigInt(band.percentBps), BASIS_POINTS));
}

export function quoteBreakdown(input: QuoteInput): QuoteBreakdown {
  if (!Number.isSafeInteger(input.amount.minor) || input.amount.minor <= 0) throw new RangeError("A quote needs a positive amount in minor units.");
  const rate = customerRate(input.partnerRate, input.marginBps);
  const sendAmount = input.amount.of === "send" ? input.amount.minor : sendFor(input.amount.minor, rate, input.sendCurrency, input.receiveCurrency);
  const receiveAmount = receivedFor(sendAmount, rate, input.sendCurrency, input.receiveCurrency);
  const fee = feeFor(sendAmount, input.feeBands);
  return { rate, sendAmount, receiveAmount, fee, totalToPay: sendAmount + fee };
}
