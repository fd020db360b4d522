import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema";
import { ApiError } from "../http/apiError";
import { ledgerReasonText } from "../../src/contract/ledgerReasons";
import { ACCOUNT_GUARANTEE_TEST, creditBack, type LedgerEntryWritten, type LedgerMovement } from "./ledger";

/**
 * Bank guarantees as a ledger account of their own: a booking paid with pay option 4 draws on one
 * of the organisation's guarantees, a refund gives it back to the guarantee it came from. Each
 * entry names its guarantee, and its running balance is what the organisation has drawn on all its
 * guarantees, so the statement shows the guarantees apart from the credit line.
 */

/** The writes an entry on a guarantee makes after its guarantee moved: the organisation's drawn total after it. */
async function writeGuaranteeEntry(trx: Transaction<Database>, kind: "debit" | "credit", movement: LedgerMovement, guaranteeId: number): Promise<LedgerEntryWritten> {
  const entry = await trx
    .insertInto("ledger_entries")
    .columns(["organisation_id", "kind", "amount", "currency", "credit_used_after", "order_id", "user_id", "reason", "reason_code", "reason_params", "guarantee_id"])
    .expression((insert) =>
      insert
        .selectFrom("bank_guarantees")
        .where("backed_organisation_id", "=", movement.organisationId)
        .select((select) => [
          select.val(movement.organisationId).as("organisation_id"),
          select.val(kind).as("kind"),
          select.val(movement.amount).as("amount"),
          select.val(movement.currency).as("currency"),
          sql<number>`coalesce(sum(used), 0)`.as("credit_used_after"),
          select.val(movement.orderId).as("order_id"),
          select.val(movement.userId).as("user_id"),
          select.val(ledgerReasonText(movement.reason)).as("reason"),
          select.val(movement.reason.code).as("reason_code"),
          sql<string>`${JSON.stringify(movement.reason.params)}::jsonb`.as("reason_params"),
          select.val(guaranteeId).as("guarantee_id"),
        ]),
    )
    .returning(["id", "credit_used_after"])
    .executeTakeFirstOrThrow();
  return { id: entry.id, creditUsedAfter: Number(entry.credit_used_after) };
}

/** What one guarantee can still pay on a date: nothing once it is switched off or expired. */
export function guaranteeLeft(guarantee: { amount: number; used: number; status: number; valid_until: string }, today: string): number {
  return guarantee.status === 1 && guarantee.valid_until >= today ? guarantee.amount - guarantee.used : 0;
}

/** The most one booking can draw on the organisation's guarantees today (one booking, one guarantee); null when it has none valid. */
export async function availableGuarantee(db: Reader, organisationId: number, currency: string, today: string): Promise<number | null> {
  const guarantees = (await guaranteesOf(db, organisationId)).filter((guarantee) => guarantee.currency === currency && guarantee.status === 1 && guarantee.valid_until >= today);
  return guarantees.length === 0 ? null : Math.max(...guarantees.map((guarantee) => guaranteeLeft(guarantee, today)));
}

type Reader = Pick<Kysely<Database>, "selectFrom">;

async function guaranteesOf(db: Reader, organisationId: number) {
  return db.selectFrom("bank_guarantees").select(["id", "bank_name", "reference", "amount", "used", "currency", "valid_until", "status"]).where("backed_organisation_id", "=", organisationId).orderBy("valid_until").orderBy("id").execute();
}

/**
 * Takes `amount` from the organisation's guarantee that expires first and still covers it, in the
 * caller's transaction: one conditional update under the row lock, so concurrent bookings never
 * draw a guarantee beyond its amount. Refuses in words when there is none, it expired, or it is
 * exhausted. Answers the entry and the guarantee drawn.
 */
export async function drawOnGuarantee(trx: Transaction<Database>, movement: LedgerMovement, today: string): Promise<LedgerEntryWritten & { guaranteeId: number }> {
  const drawn = await sql<{ id: number }>`
    with chosen as (
      select id from bank_guarantees
      where backed_organisation_id = ${movement.organisationId} and status = 1 and currency = ${movement.currency}
        and valid_until >= ${today} and used + ${movement.amount} <= amount
      order by valid_until, id limit 1 for update)
    update bank_guarantees set used = used + ${movement.amount} from chosen
    where bank_guarantees.id = chosen.id and used + ${movement.amount} <= amount
    returning bank_guarantees.id`.execute(trx);
  const guaranteeId = drawn.rows[0]?.id;
  if (guaranteeId !== undefined) return { ...(await writeGuaranteeEntry(trx, "debit", movement, guaranteeId)), guaranteeId };
  throw await guaranteeRefusal(trx, movement, today);
}

async function guaranteeRefusal(trx: Transaction<Database>, movement: LedgerMovement, today: string): Promise<ApiError> {
  const guarantees = (await guaranteesOf(trx, movement.organisationId)).filter((guarantee) => guarantee.status === 1 && guarantee.currency === movement.currency);
  const refuse = (code: string, message: string) => new ApiError(422, code, message, { errors: [{ field: "payment.paymentMethodId", message }] });
  if (guarantees.length === 0) return refuse("no_bank_guarantee", `Your organisation has no bank guarantee in ${movement.currency} to draw on: ask the organisation above yours to record one.`);
  const valid = guarantees.filter((guarantee) => guarantee.valid_until >= today);
  if (valid.length === 0) {
    const last = guarantees[guarantees.length - 1]!;
    return refuse("bank_guarantee_expired", `Your bank guarantee ${last.reference} from ${last.bank_name} expired on ${last.valid_until}: ask for it to be renewed, or pay another way.`);
  }
  const left = Math.max(...valid.map((guarantee) => guaranteeLeft(guarantee, today)));
  return refuse("bank_guarantee_exhausted", `Your bank guarantees have ${left} (minor units of ${movement.currency}) left on one guarantee; this booking needs ${movement.amount}.`);
}

/** Gives `amount` back to the guarantee it was drawn on. */
export async function giveBackToGuarantee(trx: Transaction<Database>, movement: LedgerMovement, guaranteeId: number): Promise<LedgerEntryWritten> {
  const moved = await trx
    .updateTable("bank_guarantees")
    .set({ used: sql`used - ${movement.amount}` })
    .where("id", "=", guaranteeId)
    .where("used", ">=", movement.amount)
    .returning("id")
    .executeTakeFirst();
  if (!moved) throw new RangeError(`Bank guarantee ${guaranteeId} has less than ${movement.amount} drawn to give back.`);
  return writeGuaranteeEntry(trx, "credit", movement, guaranteeId);
}

/**
 * Gives `amount` of an order back where it was taken: first to the guarantees its entries drew on
 * (net of what they gave back), then to the credit line. An order paid from the credit line only
 * gets it all on the credit line, as before guarantees.
 */
export async function giveBackToOrderAccounts(trx: Transaction<Database>, movement: LedgerMovement & { orderId: number }): Promise<void> {
  const drawn = await trx
    .selectFrom("ledger_entries")
    .select(["guarantee_id", sql<number>`sum(case when kind = 'debit' then amount else -amount end)`.as("net")])
    .where("order_id", "=", movement.orderId)
    .where("guarantee_id", ACCOUNT_GUARANTEE_TEST.guarantee, null)
    .groupBy("guarantee_id")
    .orderBy("guarantee_id", "desc")
    .execute();
  let left = movement.amount;
  for (const guarantee of drawn) {
    const share = Math.min(left, Number(guarantee.net));
    if (share <= 0) continue;
    await giveBackToGuarantee(trx, { ...movement, amount: share }, guarantee.guarantee_id!);
    left -= share;
  }
  if (left > 0) await creditBack(trx, { ...movement, amount: left });
}
