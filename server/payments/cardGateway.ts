import { createHash, randomBytes } from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import type { Money } from "../../src/contract/money";
import type { CardTokensTable, Database } from "../db/schema";
import { ApiError } from "../http/apiError";
import { openSecret, sealSecret } from "../resources/secretBox";

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

/** Who may use a token: the organisation and user that made it, nobody else. */
export interface CardOwner {
  readonly organisationId: number;
  readonly userId: number;
}

/** A token taken for one payment: what the gateway needs to charge it. */
export interface UsableCard extends CardToken {
  /** The sandbox issuer's answer, decided when the card was tokenised (the number is not kept). */
  readonly declineReason: string | null;
}

interface SealedDetails {
  holderName: string;
  declineReason: string | null;
}

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

const invalidToken = () => new ApiError(422, "card_token_invalid", "The card token is unknown, used or expired; enter the card again.");

/**
 * The sandbox card gateway: tokenises cards and charges or refunds a token for a merchant
 * account. Tokens are kept in the database (card_tokens: the token's hash, the details encrypted,
 * never the card number), bound to the organisation and user that made them, good for 15 minutes
 * and one payment, so every server instance honours them and a restart loses none.
 */
export class SandboxCardGateway {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: () => Date,
    private readonly sealingKey: string,
  ) {}

  async tokenise(card: CardDetails, owner: CardOwner): Promise<CardToken> {
    const now = this.clock();
    const problems = cardProblems(card, now);
    if (problems.length > 0) throw new ApiError(400, "card_invalid", "The card details are not valid.", { errors: problems });
    const token: CardToken = {
      token: `tok_${randomBytes(16).toString("hex")}`,
      cardType: cardTypeOf(card.number)!,
      last4: card.number.slice(-4),
      holderName: card.holderName,
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS),
    };
    const details: SealedDetails = { holderName: card.holderName, declineReason: DECLINED_CARDS.get(card.number) ?? null };
    await this.db.deleteFrom("card_tokens").where("expires_at", "<=", now).execute();
    await this.db
      .insertInto("card_tokens")
      .values({
        token_hash: hashOf(token.token),
        organisation_id: owner.organisationId,
        user_id: owner.userId,
        card_type: token.cardType,
        last4: token.last4,
        sealed_details: sealSecret(JSON.stringify(details), this.sealingKey),
        expires_at: token.expiresAt,
      })
      .execute();
    return token;
  }

  private async find(executor: Kysely<Database> | Transaction<Database>, token: string, owner: CardOwner) {
    const row = await executor
      .selectFrom("card_tokens")
      .selectAll()
      .where("token_hash", "=", hashOf(token))
      .where("organisation_id", "=", owner.organisationId)
      .where("user_id", "=", owner.userId)
      .where("used_at", "is", null)
      .where("expires_at", ">", this.clock())
      .executeTakeFirst();
    if (!row) throw invalidToken();
    return row;
  }

  private usable(token: string, row: Selectable<CardTokensTable>): UsableCard {
    const details = JSON.parse(openSecret(row.sealed_details, this.sealingKey)) as SealedDetails;
    return { token, cardType: row.card_type as CardType, last4: row.last4, holderName: details.holderName, expiresAt: row.expires_at, declineReason: details.declineReason };
  }

  /** The card behind a token its owner may still use; 422 card_token_invalid otherwise. */
  async lookup(token: string, owner: CardOwner): Promise<CardToken> {
    const { declineReason: _declineReason, ...card } = this.usable(token, await this.find(this.db, token, owner));
    return card;
  }

  /** Takes the token for one payment, inside the payment's transaction: a second use finds it gone. */
  async use(trx: Transaction<Database>, token: string, owner: CardOwner): Promise<UsableCard> {
    const row = await this.find(trx, token, owner);
    const taken = await trx
      .updateTable("card_tokens")
      .set({ used_at: this.clock() })
      .where("token_hash", "=", row.token_hash)
      .where("used_at", "is", null)
      .returning("token_hash")
      .executeTakeFirst();
    if (!taken) throw invalidToken();
    return this.usable(token, row);
  }

  /** Charges a card taken for this payment; returns the gateway's reference. */
  charge(card: UsableCard, amount: Money, merchantId: string): string {
    if (card.declineReason) throw new ApiError(422, "card_declined", card.declineReason);
    return `ch_${merchantId}_${randomBytes(6).toString("hex")}_${amount.amount}${amount.currency}`;
  }

  /** Gives (part of) a charge back to the card; returns the gateway's reference. */
  refund(chargeReference: string, amount: Money): string {
    if (!chargeReference.startsWith("ch_")) throw new ApiError(422, "charge_unknown", `The gateway has no charge ${chargeReference}.`);
    return `re_${randomBytes(6).toString("hex")}_${amount.amount}${amount.currency}`;
  }
}
