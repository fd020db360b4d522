import type { Money } from "./money";

/** An organisation's credit line as stored: limit and used, in minor units of its currency. */
export interface CreditLine {
  readonly credit_limit: number;
  readonly credit_used: number;
  readonly currency_code: string;
}

/** What a credit line offers whoever books from it: unlimited (a user with unlimited credit, the head office's administrators) has no available figure. */
export interface CreditStanding {
  readonly unlimited: boolean;
  readonly limit: Money;
  readonly used: Money;
  readonly available: Money | null;
}

/** The one derivation of credit standing that the dashboard, the checkout, the settings and Point of Sale all show. */
export function creditStanding(line: CreditLine, unlimited: boolean): CreditStanding {
  const money = (amount: number) => ({ amount: Number(amount), currency: line.currency_code });
  return {
    unlimited,
    limit: money(line.credit_limit),
    used: money(line.credit_used),
    available: unlimited ? null : money(Math.max(0, Number(line.credit_limit) - Number(line.credit_used))),
  };
}
