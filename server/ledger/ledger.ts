import { sql, type Transaction } from "kysely";
import type { Database } from "../db/schema";
import { ApiError } from "../http/apiError";

/** One movement on an organisation's credit line; amounts in minor units of the organisation's currency. */
export interface LedgerMovement {
  readonly organisationId: number;
  readonly amount: number;
  readonly currency: string;
  readonly userId: number;
  readonly orderId: number | null;
  readonly reason: string;
}

export interface LedgerEntryWritten {
  readonly id: number;
  readonly creditUsedAfter: number;
}

function checkMovement(movement: LedgerMovement): void {
  if (!Number.isSafeInteger(movement.amount) || movement.amount <= 0) {
    throw new RangeError(`A ledger movement is a positive whole number of minor units, not ${movement.amount}.`);
  }
}

async function writeEntry(trx: Transaction<Database>, kind: "debit" | "credit", movement: LedgerMovement, creditUsedAfter: number) {
  const entry = await trx
    .insertInto("ledger_entries")
    .values({
      organisation_id: movement.organisationId,
      kind,
      amount: movement.amount,
      currency: movement.currency,
      credit_used_after: creditUsedAfter,
      order_id: movement.orderId,
      user_id: movement.userId,
      reason: movement.reason,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: entry.id, creditUsedAfter };
}

/**
 * Takes `amount` from the organisation's credit, inside the caller's transaction. The balance
 * moves by one conditional update (used + amount <= limit, checked by the database row lock),
 * so concurrent debits can never overspend; unlimited-credit users skip the limit only.
 */
export async function debitCredit(
  trx: Transaction<Database>,
  movement: LedgerMovement,
  { unlimited }: { unlimited: boolean },
): Promise<LedgerEntryWritten> {
  checkMovement(movement);
  const moved = await trx
    .updateTable("organisations")
    .set({ credit_used: sql`credit_used + ${movement.amount}` })
    .where("id", "=", movement.organisationId)
    .where("currency_code", "=", movement.currency)
    .$if(!unlimited, (query) => query.where(sql<boolean>`credit_used + ${movement.amount} <= credit_limit`))
    .returning("credit_used")
    .executeTakeFirst();
  if (moved) return writeEntry(trx, "debit", movement, moved.credit_used);

  const organisation = await trx
    .selectFrom("organisations")
    .select(["credit_limit", "credit_used", "currency_code"])
    .where("id", "=", movement.organisationId)
    .executeTakeFirst();
  if (!organisation) throw new ApiError(404, "organisation_not_found", `There is no organisation ${movement.organisationId}.`);
  if (organisation.currency_code !== movement.currency) {
    throw new ApiError(422, "currency_mismatch", `The credit line is in ${organisation.currency_code}, not ${movement.currency}.`);
  }
  const available = Math.max(0, organisation.credit_limit - organisation.credit_used);
  throw new ApiError(422, "credit_limit_exceeded", "Credit limit exceeded", {
    title: "Credit limit exceeded",
    errors: [{ field: "payment", message: `Available credit: ${available} (minor units of ${organisation.currency_code}); this needs ${movement.amount}.` }],
  });
}

/** Gives `amount` back to the organisation's credit (refunds, compensation, top-ups). */
export async function creditBack(trx: Transaction<Database>, movement: LedgerMovement): Promise<LedgerEntryWritten> {
  checkMovement(movement);
  const moved = await trx
    .updateTable("organisations")
    .set({ credit_used: sql`credit_used - ${movement.amount}` })
    .where("id", "=", movement.organisationId)
    .where("currency_code", "=", movement.currency)
    .returning("credit_used")
    .executeTakeFirst();
  if (!moved) throw new ApiError(422, "currency_mismatch", `The credit line of organisation ${movement.organisationId} is not in ${movement.currency}.`);
  return writeEntry(trx, "credit", movement, moved.credit_used);
}
