import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { RedeemableVoucher } from "../../src/contract/vouchers";
import type { Database } from "../db/schema";
import { ApiError } from "../http/apiError";

/**
 * E-vouchers (pay option 8, docs/payments.md): a voucher pays a new booking fully or partly, the
 * rest another way. Every change of a voucher's `used` is a movement naming its order, written in
 * the order's transaction, so an order's share is always what its movements add up to.
 */

/** How much of one voucher pays a booking, in the booking's currency (the voucher's). */
export interface VoucherUse {
  readonly voucherId: number;
  readonly code: string;
  readonly amount: number;
}

type Reader = Pick<Kysely<Database>, "selectFrom">;

const refuse = (status: number, code: string, message: string) => new ApiError(status, code, message, { errors: [{ field: "payment.voucherCode", message }] });

/**
 * The voucher by this code held by the organisation or one above it, with what it can still pay
 * today. Another agency's voucher does not exist for the caller; a withdrawn, expired or used-up
 * one is refused in words.
 */
export async function redeemableVoucher(db: Reader, organisationPath: readonly number[], code: string, today: string): Promise<RedeemableVoucher & { id: number }> {
  const voucher = await db
    .selectFrom("vouchers")
    .select(["id", "code", "amount", "used", "currency", "valid_until", "status"])
    .where("code", "=", code)
    .where("holder_organisation_id", "in", [...organisationPath])
    .executeTakeFirst();
  if (!voucher) throw refuse(404, "voucher_not_found", `There is no voucher ${code} for your agency. Check the code.`);
  if (voucher.status !== 1) throw refuse(422, "voucher_withdrawn", `Voucher ${code} was withdrawn by the organisation that issued it.`);
  if (voucher.valid_until < today) throw refuse(422, "voucher_expired", `Voucher ${code} expired on ${voucher.valid_until}.`);
  const left = Number(voucher.amount) - Number(voucher.used);
  if (left <= 0) throw refuse(422, "voucher_used_up", `Voucher ${code} has been redeemed in full.`);
  return { id: voucher.id, code: voucher.code, left: { amount: left, currency: voucher.currency }, validUntil: voucher.valid_until };
}

/** Takes the voucher's share of a booking in the order's transaction: refused when the voucher changed since it was checked. */
export async function redeemVoucher(trx: Transaction<Database>, use: VoucherUse, orderId: number, userId: number, today: string): Promise<void> {
  const redeemed = await trx
    .updateTable("vouchers")
    .set({ used: sql`used + ${use.amount}` })
    .where("id", "=", use.voucherId)
    .where("status", "=", 1)
    .where("valid_until", ">=", today)
    .where(sql<boolean>`used + ${use.amount} <= amount`)
    .returning("id")
    .executeTakeFirst();
  if (!redeemed) throw refuse(409, "voucher_changed", `Voucher ${use.code} was redeemed or changed while you booked. Check it again.`);
  await trx.insertInto("voucher_movements").values({ voucher_id: use.voucherId, order_id: orderId, user_id: userId, kind: "redeem", amount: use.amount }).execute();
}

/** What each voucher paid for an order, net of what went back to it: the latest redeemed first. */
async function voucherSharesOf(trx: Transaction<Database>, orderId: number) {
  return trx
    .selectFrom("voucher_movements")
    .select(["voucher_id", sql<string>`sum(case when kind = 'redeem' then amount else -amount end)`.as("net")])
    .where("order_id", "=", orderId)
    .groupBy("voucher_id")
    .orderBy("voucher_id", "desc")
    .execute();
}

/**
 * Gives up to `amount` of an order's money back to the vouchers that paid it, before anything
 * goes back where the rest was paid; answers how much the vouchers took back. A voucher past its
 * date gets its value back too: its issuer may extend it.
 */
export async function returnToVouchers(trx: Transaction<Database>, orderId: number, userId: number, amount: number): Promise<number> {
  let returned = 0;
  for (const share of await voucherSharesOf(trx, orderId)) {
    const back = Math.min(amount - returned, Number(share.net));
    if (back <= 0) continue;
    await trx.updateTable("vouchers").set({ used: sql`used - ${back}` }).where("id", "=", share.voucher_id).execute();
    await trx.insertInto("voucher_movements").values({ voucher_id: share.voucher_id, order_id: orderId, user_id: userId, kind: "return", amount: back }).execute();
    returned += back;
  }
  return returned;
}
