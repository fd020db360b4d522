import type { Money } from "../../contract/money";
import type { Payment } from "../../contract/shopping";
import type { RedeemableVoucher } from "../../contract/vouchers";
import type { PaymentOptions } from "../api/bookingApi";

/** The agent's choice on the review step: one of the server's payment methods, or book and hold. */
export type PaymentChoice = { kind: "method"; paymentMethodId: number } | { kind: "hold" };

export type PaymentChoiceStatus =
  | { usable: true }
  | { usable: false; reason: "insufficientCredit" | "insufficientGuarantee"; available: Money }
  | { usable: false; reason: "notOffered" | "noGuarantee" | "applyVoucher" | "voucherShort" | "voucherCoversAll" | "notWithVoucher" };

/** Settlements that pay a whole booking elsewhere (BSP, cash and cheque received for the whole): never the rest after a voucher. */
const WHOLE_BOOKING_SETTLEMENTS: ReadonlySet<PaymentOptions["methods"][number]["settlement"]> = new Set(["bsp", "bspCard", "receipt"]);

/** What the applied voucher pays of `total`: as much as it has left, in the booking's currency; nothing without one. */
export function voucherShare(voucher: RedeemableVoucher | null, total: Money): Money {
  if (!voucher || voucher.left.currency !== total.currency) return { amount: 0, currency: total.currency };
  return { amount: Math.min(voucher.left.amount, total.amount), currency: total.currency };
}

/** What is left to pay once the voucher has paid its share. */
export const restToPay = (total: Money, voucher: RedeemableVoucher | null): Money => ({ amount: total.amount - voucherShare(voucher, total).amount, currency: total.currency });

/**
 * Whether the choice can pay `total` now: credit-settled methods need enough credit left, a bank
 * guarantee a valid guarantee that covers it. With a voucher applied, E-voucher alone pays when it
 * covers everything (and is then the only choice); otherwise the method pays the rest.
 */
export function paymentChoiceStatus(options: PaymentOptions, choice: PaymentChoice, total: Money, voucher: RedeemableVoucher | null = null): PaymentChoiceStatus {
  if (choice.kind === "hold") return options.bookAndHold ? (voucher ? { usable: false, reason: "notWithVoucher" } : { usable: true }) : { usable: false, reason: "notOffered" };
  const method = options.methods.find((entry) => entry.paymentMethodId === choice.paymentMethodId);
  if (!method) return { usable: false, reason: "notOffered" };
  const rest = restToPay(total, voucher);
  if (method.settlement === "voucher") {
    // E-voucher (7) or residual travel funds (10): the method of the voucher applied.
    if (!voucher || voucher.paymentMethodId !== method.paymentMethodId) return { usable: false, reason: "applyVoucher" };
    return rest.amount === 0 ? { usable: true } : { usable: false, reason: "voucherShort" };
  }
  if (voucher && rest.amount === 0) return { usable: false, reason: "voucherCoversAll" };
  if (voucher && WHOLE_BOOKING_SETTLEMENTS.has(method.settlement)) return { usable: false, reason: "notWithVoucher" };
  return amountStatus(options, method, rest);
}

function amountStatus(options: PaymentOptions, method: PaymentOptions["methods"][number], total: Money): PaymentChoiceStatus {
  const credit = options.availableCredit;
  if (method.settlement === "credit" && credit !== null && credit.currency === total.currency && credit.amount < total.amount) {
    return { usable: false, reason: "insufficientCredit", available: credit };
  }
  if (method.settlement === "guarantee") {
    const guarantee = options.availableGuarantee;
    if (guarantee === null) return { usable: false, reason: "noGuarantee" };
    if (guarantee.currency !== total.currency || guarantee.amount < total.amount) return { usable: false, reason: "insufficientGuarantee", available: guarantee };
  }
  return { usable: true };
}

/** What is left once `total` is taken from an account: the credit line's (null: unlimited) or the bank guarantee's. */
export function leftAfter(available: Money | null, total: Money): Money | null {
  if (available === null || available.currency !== total.currency) return available;
  return { amount: available.amount - total.amount, currency: available.currency };
}

/** The first usable choice, so the agent is never left with nothing selected. */
export function defaultPaymentChoice(options: PaymentOptions, total: Money, voucher: RedeemableVoucher | null = null): PaymentChoice | null {
  const choices: PaymentChoice[] = [
    ...options.methods.map((method): PaymentChoice => ({ kind: "method", paymentMethodId: method.paymentMethodId })),
    ...(options.bookAndHold ? [{ kind: "hold" } as const] : []),
  ];
  return choices.find((choice) => paymentChoiceStatus(options, choice, total, voucher).usable) ?? null;
}

/**
 * The choice the payment goes by: the agent's, or the first usable one before the agent chose.
 * A voucher applied after the choice can rule it out (it covers everything, or the method pays
 * whole bookings only): then the first usable one again.
 */
export function activePaymentChoice(options: PaymentOptions, choice: PaymentChoice | null, total: Money, voucher: RedeemableVoucher | null): PaymentChoice | null {
  if (choice && (!voucher || paymentChoiceStatus(options, choice, total, voucher).usable)) return choice;
  return defaultPaymentChoice(options, total, voucher);
}

/** Whether the sale is offered E-voucher or residual travel funds, so checkout shows (and asks for) the codes. */
export const offersVouchers = (options: PaymentOptions | undefined): boolean => options?.methods.some((method) => method.settlement === "voucher") ?? false;

export function isCardMethod(options: PaymentOptions, choice: PaymentChoice): boolean {
  return choice.kind === "method" && options.methods.some((method) => method.paymentMethodId === choice.paymentMethodId && (method.settlement === "card" || method.settlement === "bspCard"));
}

/** OrderCreate's isBookAndHold and payment; a card payment needs the gateway's token; an applied voucher pays first. */
export function orderPayment(
  choice: PaymentChoice,
  card: { holderName: string; token: string } | null,
  voucher: RedeemableVoucher | null = null,
): { isBookAndHold: boolean; payment: Payment | null } {
  if (choice.kind === "hold") return { isBookAndHold: true, payment: null };
  return { isBookAndHold: false, payment: { paymentMethodId: choice.paymentMethodId, card, ...(voucher ? { voucherCode: voucher.code } : {}) } };
}

/** What the agency rule deciding this sale restricts, and whether this booking is above its cap. */
export interface AgencyRuleNotice {
  readonly ruleName: string;
  readonly restrictions: readonly ("noCredit" | "noHold" | "cap")[];
  readonly cap: Money | null;
  readonly overCap: boolean;
}

export function agencyRuleNotice(options: PaymentOptions, total: Money): AgencyRuleNotice | null {
  const rule = options.agencyRule;
  if (!rule) return null;
  const restrictions = [...(rule.creditUsageAllowed ? [] : ["noCredit" as const]), ...(rule.holdAllowed ? [] : ["noHold" as const]), ...(rule.maxBookingAmount ? ["cap" as const] : [])];
  if (restrictions.length === 0) return null;
  const cap = rule.maxBookingAmount;
  return { ruleName: rule.name, restrictions, cap, overCap: cap !== null && cap.currency === total.currency && total.amount > cap.amount };
}
