import { randomInt } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { Money } from "../../src/contract/money";
import type { RedeemableVoucher, ResidualFund } from "../../src/contract/vouchers";
import type { Database } from "../db/schema";
import { ApiError } from "../http/apiError";

/**
 * E-vouchers (pay option 8, docs/payments.md): a voucher pays a new booking fully or partly, the
 * rest another way. Every change of a voucher's `used` is a movement naming its order, written in
 * the order's transaction, so an order's share is always what its movements add up to. Residual
 * travel funds (pay option 11) are vouchers a refunded flight left, for one airline and traveller.
 */

/** Letters and digits a person reads back without confusing them (no 0/O, 1/I/L). */
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** A voucher's code: its prefix and 12 characters drawn by a cryptographic generator (31^12 codes), in groups of four. */
export function drawVoucherCode(prefix: "EV" | "RTF"): string {
  const characters = Array.from({ length: 12 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]!).join("");
  return `${prefix}-${characters.slice(0, 4)}-${characters.slice(4, 8)}-${characters.slice(8)}`;
}

/** A traveller's name as residual funds keep it and compare it: capitals, single spaces. */
export const travellerKey = (name: string) => name.trim().replace(/\s+/g, " ").toUpperCase();

const E_VOUCHER = 7;
const RESIDUAL_TRAVEL_FUNDS = 10;

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
    .select(["id", "code", "amount", "used", "currency", "valid_until", "status", "airline", "traveller_name"])
    .where("code", "=", code)
    .where("holder_organisation_id", "in", [...organisationPath])
    .executeTakeFirst();
  if (!voucher) throw refuse(404, "voucher_not_found", `There is no voucher ${code} for your agency. Check the code.`);
  if (voucher.status !== 1) throw refuse(422, "voucher_withdrawn", `Voucher ${code} was withdrawn by the organisation that issued it.`);
  if (voucher.valid_until < today) throw refuse(422, "voucher_expired", `Voucher ${code} expired on ${voucher.valid_until}.`);
  const left = Number(voucher.amount) - Number(voucher.used);
  if (left <= 0) throw refuse(422, "voucher_used_up", `Voucher ${code} has been redeemed in full.`);
  return {
    id: voucher.id,
    code: voucher.code,
    left: { amount: left, currency: voucher.currency },
    validUntil: voucher.valid_until,
    paymentMethodId: voucher.airline === null ? E_VOUCHER : RESIDUAL_TRAVEL_FUNDS,
    residual: voucher.airline === null ? null : { airline: voucher.airline, travellerName: voucher.traveller_name! },
  };
}

/**
 * Keeps a flight's refund as residual travel funds, one per traveller (the refund shared evenly,
 * the odd minor units to the first), on the ticket's airline, for a year. They are held by the
 * order's organisation and issued by the organisation above it, which holds the money.
 */
export async function keepAsResidualFunds(
  trx: Transaction<Database>,
  order: { id: number; organisation_id: number; passenger_names: string },
  refund: Money,
  airline: string,
  issuerId: number,
  validUntil: string,
): Promise<void> {
  const travellers = order.passenger_names.split(",").map(travellerKey).filter((name) => name !== "");
  const share = Math.floor(refund.amount / travellers.length);
  const rows = travellers.map((travellerName, index) => ({
    organisation_id: issuerId,
    holder_organisation_id: order.organisation_id,
    code: drawVoucherCode("RTF"),
    amount: share + (index === 0 ? refund.amount - share * travellers.length : 0),
    currency: refund.currency,
    valid_until: validUntil,
    notes: `Residual value of order ${order.id}`,
    status: 1,
    airline,
    traveller_name: travellerName,
    source_order_id: order.id,
  }));
  await trx.insertInto("vouchers").values(rows.filter((row) => row.amount > 0)).execute();
}

/** The residual travel funds a refunded order left, with what each still has. */
export async function residualFundsOf(db: Reader, orderId: number): Promise<ResidualFund[]> {
  const rows = await db
    .selectFrom("vouchers")
    .select(["code", "amount", "used", "currency", "valid_until", "airline", "traveller_name"])
    .where("source_order_id", "=", orderId)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    code: row.code,
    airline: row.airline!,
    travellerName: row.traveller_name!,
    amount: { amount: Number(row.amount), currency: row.currency },
    left: { amount: Number(row.amount) - Number(row.used), currency: row.currency },
    validUntil: row.valid_until,
  }));
}

/**
 * The vouchers the organisation (or one above it) holds that can pay today, in its currency: its
 * e-vouchers, and the residual funds of this airline for these travellers. The fullest first.
 */
export async function usableVouchers(db: Reader, organisationPath: readonly number[], currency: string, today: string, sale: { airline: string; travellers: readonly string[] }): Promise<RedeemableVoucher[]> {
  const travellers = sale.travellers.map(travellerKey);
  const rows = await db
    .selectFrom("vouchers")
    .select(["code", "amount", "used", "currency", "valid_until", "airline", "traveller_name"])
    .where("holder_organisation_id", "in", [...organisationPath])
    .where("status", "=", 1)
    .where("valid_until", ">=", today)
    .where("currency", "=", currency)
    .where(sql<boolean>`used < amount`)
    .where((where) =>
      where.or([where("airline", "is", null), ...(sale.airline !== "" && travellers.length > 0 ? [where.and([where("airline", "=", sale.airline), where("traveller_name", "in", travellers)])] : [])]),
    )
    .orderBy(sql`amount - used`, "desc")
    .limit(20)
    .execute();
  return rows.map((row) => ({
    code: row.code,
    left: { amount: Number(row.amount) - Number(row.used), currency: row.currency },
    validUntil: row.valid_until,
    paymentMethodId: row.airline === null ? E_VOUCHER : RESIDUAL_TRAVEL_FUNDS,
    residual: row.airline === null ? null : { airline: row.airline, travellerName: row.traveller_name! },
  }));
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
