import { z } from "zod";
import { moneySchema } from "./money";

/** A voucher's code as an agent types it: spaces dropped, letters capitalised (codes are EV-XXXX-XXXX-XXXX). */
export const voucherCodeSchema = z
  .string()
  .transform((code) => code.replace(/\s+/g, "").toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9-]{6,24}$/, "A voucher code, such as EV-7KQ4-M2XP-9HTD"));

export const voucherCheckRequestSchema = z.object({ code: voucherCodeSchema });

/** What a checkout asks to see the codes it can use: a flight's airline and travellers let residual funds show. */
export const usableVouchersRequestSchema = z.object({
  airline: z.string().trim().max(3).default(""),
  travellers: z.array(z.string().trim().min(1).max(120)).max(9).default([]),
});

/** Residual travel funds pay a ticket on one airline for one traveller. */
export const residualRestrictionSchema = z.object({ airline: z.string(), travellerName: z.string() });

/** What a voucher can still pay, for the organisation checking out, and the method it pays as: E-voucher (7) or Residual Travel Funds (10). */
export const redeemableVoucherSchema = z.object({
  code: z.string(),
  left: moneySchema,
  validUntil: z.iso.date(),
  paymentMethodId: z.union([z.literal(7), z.literal(10)]),
  residual: residualRestrictionSchema.nullable(),
});
export type RedeemableVoucher = z.infer<typeof redeemableVoucherSchema>;

/** Residual travel funds a refunded flight left, as its order shows them. */
export const residualFundSchema = residualRestrictionSchema.extend({
  code: z.string(),
  amount: moneySchema,
  left: moneySchema,
  validUntil: z.iso.date(),
});
export type ResidualFund = z.infer<typeof residualFundSchema>;

/** How a flight refund is given: money back where it was paid, or kept as residual travel funds for its travellers. */
export const REFUND_FORMS = ["money", "residualFunds"] as const;
