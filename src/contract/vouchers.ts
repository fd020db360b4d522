import { z } from "zod";
import { moneySchema } from "./money";

/** A voucher's code as an agent types it: spaces dropped, letters capitalised (codes are EV-XXXX-XXXX-XXXX). */
export const voucherCodeSchema = z
  .string()
  .transform((code) => code.replace(/\s+/g, "").toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9-]{6,24}$/, "A voucher code, such as EV-7KQ4-M2XP-9HTD"));

export const voucherCheckRequestSchema = z.object({ code: voucherCodeSchema });

/** What a voucher can still pay, for the organisation checking out. */
export const redeemableVoucherSchema = z.object({
  code: z.string(),
  left: moneySchema,
  validUntil: z.iso.date(),
});
export type RedeemableVoucher = z.infer<typeof redeemableVoucherSchema>;
