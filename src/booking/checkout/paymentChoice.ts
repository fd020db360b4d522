import type { Money } from "../../contract/money";
import type { Payment } from "../../contract/shopping";
import type { PaymentOptions } from "../api/bookingApi";

/** The agent's choice on the review step: one of the server's payment methods, or book and hold. */
export type PaymentChoice = { kind: "method"; paymentMethodId: number } | { kind: "hold" };

export type PaymentChoiceStatus =
  | { usable: true }
  | { usable: false; reason: "insufficientCredit" | "insufficientGuarantee"; available: Money }
  | { usable: false; reason: "notOffered" | "noGuarantee" };

/** Whether the choice can pay `total` now: credit-settled methods need enough credit left, a bank guarantee a valid guarantee that covers it. */
export function paymentChoiceStatus(options: PaymentOptions, choice: PaymentChoice, total: Money): PaymentChoiceStatus {
  if (choice.kind === "hold") return options.bookAndHold ? { usable: true } : { usable: false, reason: "notOffered" };
  const method = options.methods.find((entry) => entry.paymentMethodId === choice.paymentMethodId);
  if (!method) return { usable: false, reason: "notOffered" };
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
export function defaultPaymentChoice(options: PaymentOptions, total: Money): PaymentChoice | null {
  const choices: PaymentChoice[] = [
    ...options.methods.map((method): PaymentChoice => ({ kind: "method", paymentMethodId: method.paymentMethodId })),
    ...(options.bookAndHold ? [{ kind: "hold" } as const] : []),
  ];
  return choices.find((choice) => paymentChoiceStatus(options, choice, total).usable) ?? null;
}

export function isCardMethod(options: PaymentOptions, choice: PaymentChoice): boolean {
  return choice.kind === "method" && options.methods.some((method) => method.paymentMethodId === choice.paymentMethodId && (method.settlement === "card" || method.settlement === "bspCard"));
}

/** OrderCreate's isBookAndHold and payment; a card payment needs the gateway's token. */
export function orderPayment(
  choice: PaymentChoice,
  card: { holderName: string; token: string } | null,
): { isBookAndHold: boolean; payment: Payment | null } {
  if (choice.kind === "hold") return { isBookAndHold: true, payment: null };
  return { isBookAndHold: false, payment: { paymentMethodId: choice.paymentMethodId, card } };
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
