import { randomBytes } from "node:crypto";
import type { Money } from "../../src/contract/money";
import { ApiError } from "../http/apiError";

/** IATA card type codes. */
export type CardType = "VI" | "CA" | "AX" | "DC" | "JC";

export interface CardDetails {
  readonly number: string;
  readonly expiryMonth: number;
  readonly expiryYear: number;
  readonly cvv: string;
  readonly holderName: string;
}

export interface CardToken {
  readonly token: string;
  readonly cardType: CardType;
  readonly last4: string;
  readonly holderName: string;
  readonly expiresAt: Date;
}

/** Sandbox cards that tokenise but are declined when charged. */
const DECLINED_CARDS: ReadonlyMap<string, string> = new Map([
  ["4000000000000002", "The card was declined by the issuer."],
  ["4000000000009995", "The card has insufficient funds."],
]);

const TOKEN_LIFETIME_MS = 15 * 60 * 1000;

export function passesLuhn(number: string): boolean {
  let sum = 0;
  [...number].reverse().forEach((digit, index) => {
    let value = Number(digit);
    if (index % 2 === 1) value = value * 2 > 9 ? value * 2 - 9 : value * 2;
    sum += value;
  });
  return sum % 10 === 0;
}

export function cardTypeOf(number: string): CardType | undefined {
  if (/^4\d{12}(\d{3})?$/.test(number)) return "VI";
  if (/^(5[1-5]\d{2}|2(2[2-9]\d|[3-6]\d{2}|7[01]\d|720))\d{12}$/.test(number)) return "CA";
  if (/^3[47]\d{13}$/.test(number)) return "AX";
  if (/^3(0[0-5]|[68]\d)\d{11}$/.test(number)) return "DC";
  if (/^35(2[89]|[3-8]\d)\d{12}$/.test(number)) return "JC";
  return undefined;
}

/** Field errors for a card, in the order a form shows them; empty when it can be tokenised. */
export function cardProblems(card: CardDetails, now: Date): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const type = cardTypeOf(card.number);
  if (!type || !passesLuhn(card.number)) problems.push({ field: "number", message: "This is not a valid card number." });
  const expiry = Date.UTC(card.expiryYear, card.expiryMonth, 1);
  if (expiry <= now.getTime()) problems.push({ field: "expiryYear", message: "The card has expired." });
  const cvvLength = type === "AX" ? 4 : 3;
  if (!new RegExp(`^\\d{${cvvLength}}$`).test(card.cvv)) problems.push({ field: "cvv", message: `The security code has ${cvvLength} digits.` });
  return problems;
}

/**
 * The sandbox card gateway: tokenises cards (the platform never stores card numbers; tokens
 * live 15 minutes in memory) and charges or refunds a token for a merchant account.
 */
export class SandboxCardGateway {
  readonly #vault = new Map<string, CardToken & { number: string }>();

  constructor(private readonly clock: () => Date) {}

  tokenise(card: CardDetails): CardToken {
    const now = this.clock();
    const problems = cardProblems(card, now);
    if (problems.length > 0) throw new ApiError(400, "card_invalid", "The card details are not valid.", { errors: problems });
    const token: CardToken = {
      token: `tok_${randomBytes(12).toString("hex")}`,
      cardType: cardTypeOf(card.number)!,
      last4: card.number.slice(-4),
      holderName: card.holderName,
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS),
    };
    this.#vault.set(token.token, { ...token, number: card.number });
    return token;
  }

  lookup(token: string): CardToken {
    const stored = this.#vault.get(token);
    if (!stored || stored.expiresAt.getTime() <= this.clock().getTime()) {
      throw new ApiError(422, "card_token_invalid", "The card token is unknown or has expired; enter the card again.");
    }
    const { number: _number, ...card } = stored;
    return card;
  }

  /** Charges the card; returns the gateway's reference. */
  charge(token: string, amount: Money, merchantId: string): string {
    this.lookup(token);
    const declined = DECLINED_CARDS.get(this.#vault.get(token)!.number);
    if (declined) throw new ApiError(422, "card_declined", declined);
    return `ch_${merchantId}_${randomBytes(6).toString("hex")}_${amount.amount}${amount.currency}`;
  }

  /** Gives (part of) a charge back to the card; returns the gateway's reference. */
  refund(chargeReference: string, amount: Money): string {
    if (!chargeReference.startsWith("ch_")) throw new ApiError(422, "charge_unknown", `The gateway has no charge ${chargeReference}.`);
    return `re_${randomBytes(6).toString("hex")}_${amount.amount}${amount.currency}`;
  }
}
