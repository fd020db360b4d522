import { sql, type Transaction } from "kysely";
import type { Database } from "../db/schema";
import { ApiError } from "../http/apiError";
import { ledgerReasonText, type LedgerReason } from "../../src/contract/ledgerReasons";

/**
 * The two accounts an organisation's ledger keeps apart, told by an entry's guarantee_id: the credit
 * line's entries name no guarantee, a bank guarantee's name theirs. Every reader filters with this.
 */
export const ACCOUNT_GUARANTEE_TEST = { credit: "is", guarantee: "is not" } as const;

/** One movement on an organisation's credit line; amounts in minor units of the organisation's currency. */
export interface LedgerMovement {
  readonly organisationId: number;
  readonly amount: number;
  readonly currency: string;
  readonly userId: number;
  readonly orderId: number | null;
  readonly reason: LedgerReason;
}

export interface LedgerEntryWritten {
  readonly id: number;
  readonly creditUsedAfter: number;
}

const reasonColumns = (reason: LedgerReason) => ({ reason: ledgerReasonText(reason), reason_code: reason.code, reason_params: JSON.stringify(reason.params) });

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
      ...reasonColumns(movement.reason),
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
  // The balance moves and its entry is written in one statement: the row lock is held for as little as possible.
  const entry = await trx
    .with("moved", (db) =>
      db
        .updateTable("organisations")
        .set({ credit_used: sql`credit_used + ${movement.amount}` })
        .where("id", "=", movement.organisationId)
        .where("currency_code", "=", movement.currency)
        .$if(!unlimited, (query) => query.where(sql<boolean>`credit_used + ${movement.amount} <= credit_limit`))
        .returning("credit_used"),
    )
    .insertInto("ledger_entries")
    .columns(["organisation_id", "kind", "amount", "currency", "credit_used_after", "order_id", "user_id", "reason", "reason_code", "reason_params"])
    .expression((insert) =>
      insert
        .selectFrom("moved")
        .select((select) => [
          select.val(movement.organisationId).as("organisation_id"),
          select.val("debit").as("kind"),
          select.val(movement.amount).as("amount"),
          select.val(movement.currency).as("currency"),
          "moved.credit_used",
          select.val(movement.orderId).as("order_id"),
          select.val(movement.userId).as("user_id"),
          select.val(ledgerReasonText(movement.reason)).as("reason"),
          select.val(movement.reason.code).as("reason_code"),
          sql<string>`${JSON.stringify(movement.reason.params)}::jsonb`.as("reason_params"),
        ]),
    )
    .returning(["id", "credit_used_after"])
    .executeTakeFirst();
  if (entry) return { id: entry.id, creditUsedAfter: entry.credit_used_after };

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

/** One transfer of credit between an organisation and its parent (a top-up, or a charge taken back). */
export interface CreditTransfer {
  /** The organisation taking on the amount: its credit used goes up, its available credit down. */
  readonly fromOrganisationId: number;
  /** The organisation relieved of the amount: its credit used goes down, never below zero. */
  readonly toOrganisationId: number;
  readonly amount: number;
  readonly currency: string;
  readonly userId: number;
  readonly reason: LedgerReason;
}

/**
 * Moves credit between a parent and a child, in the caller's transaction: the one's available
 * credit goes down by exactly what the other's goes up, with a ledger entry on both sides. Each
 * side moves by one conditional update: the payer stays within its limit (unless `payerUnlimited`:
 * the head office, which funds the tree), the receiver's credit used never goes below zero. So
 * no credit is made out of nothing, whatever runs at the same time.
 */
export async function transferCredit(trx: Transaction<Database>, transfer: CreditTransfer, { payerUnlimited }: { payerUnlimited: boolean }): Promise<{ payer: LedgerEntryWritten; receiver: LedgerEntryWritten }> {
  const common = { amount: transfer.amount, currency: transfer.currency, userId: transfer.userId, orderId: null, reason: transfer.reason };
  const payer = await debitCredit(trx, { ...common, organisationId: transfer.fromOrganisationId }, { unlimited: payerUnlimited });
  checkMovement({ ...common, organisationId: transfer.toOrganisationId });
  const relieved = await trx
    .updateTable("organisations")
    .set({ credit_used: sql`credit_used - ${transfer.amount}` })
    .where("id", "=", transfer.toOrganisationId)
    .where("currency_code", "=", transfer.currency)
    .where("credit_used", ">=", transfer.amount)
    .returning("credit_used")
    .executeTakeFirst();
  if (!relieved) {
    const receiver = await trx.selectFrom("organisations").select(["credit_used", "currency_code"]).where("id", "=", transfer.toOrganisationId).executeTakeFirstOrThrow();
    if (receiver.currency_code !== transfer.currency) throw new ApiError(422, "currency_mismatch", `The credit line is in ${receiver.currency_code}, not ${transfer.currency}.`);
    throw new ApiError(422, "credit_used_exceeded", "More than the credit used", {
      errors: [{ field: "amount", message: `Only ${Math.max(0, receiver.credit_used)} (minor units of ${receiver.currency_code}) is owed: credit used never goes below zero.` }],
    });
  }
  const receiver = await writeEntry(trx, "credit", { ...common, organisationId: transfer.toOrganisationId }, relieved.credit_used);
  return { payer, receiver };
}

/**
 * A top-up (credit) of an organisation from its parent, or a charge (debit) taken back to the
 * parent, in the caller's transaction (transferCredit). The head office funds the tree: topping up
 * one of its direct children never runs into its own limit. Answers the organisation's entry.
 */
export async function moveCreditWithParent(
  trx: Transaction<Database>,
  movement: { organisationId: number; kind: "credit" | "debit"; amount: number; currency: string; userId: number; reason: LedgerReason },
): Promise<LedgerEntryWritten> {
  const child = await trx.selectFrom("organisations").select("parent_id").where("id", "=", movement.organisationId).executeTakeFirstOrThrow();
  if (child.parent_id === null) throw new ApiError(422, "no_parent", "The head office has no organisation above it to move credit with.");
  const parent = await trx.selectFrom("organisations").select(["id", "parent_id"]).where("id", "=", child.parent_id).executeTakeFirstOrThrow();
  const topUp = movement.kind === "credit";
  const moved = await transferCredit(
    trx,
    {
      fromOrganisationId: topUp ? parent.id : movement.organisationId,
      toOrganisationId: topUp ? movement.organisationId : parent.id,
      amount: movement.amount,
      currency: movement.currency,
      userId: movement.userId,
      reason: movement.reason,
    },
    { payerUnlimited: topUp && parent.parent_id === null },
  );
  return topUp ? moved.receiver : moved.payer;
}
