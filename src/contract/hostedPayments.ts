import { z } from "zod";
import { moneySchema } from "./money";
import { productKindSchema } from "./products";

/**
 * Where a hosted payment stands: open (the agent is on the card page, or left it, or a card was
 * declined there: another may be tried), claimed (paid, the booking being made), used (the booking
 * took it: its order tells the rest), declined (the page took another amount than the booking's,
 * given back), refunded (paid, but the booking could not be made: the money went back to the
 * card), expired (never paid in time).
 */
export const HOSTED_PAYMENT_STATUSES = ["open", "claimed", "used", "declined", "refunded", "expired"] as const;

export const hostedPaymentIdSchema = z.uuid();

/** The console page the card page sends the agent back to, followed by the hosted payment's id. */
export const CARD_PAGE_RETURN_ROUTE = "/search/card-page";

/** One booking's payment on the gateway's hosted payments page (method 19, HPP). */
export const hostedPaymentSchema = z.object({
  id: hostedPaymentIdSchema,
  product: productKindSchema,
  status: z.enum(HOSTED_PAYMENT_STATUSES),
  amount: moneySchema,
  /** The card page, to go back to while the payment is open. */
  redirectUrl: z.string(),
  orderId: z.number().int().nullable(),
  /** Why no booking came of it, in words for the agent. */
  failure: z.string().nullable(),
  expiresAt: z.string(),
});
export type HostedPayment = z.infer<typeof hostedPaymentSchema>;

/** What the card page sent the agent back with: Checkout.com adds its payment's id on success. */
export const hostedPaymentReturnSchema = z.object({ paymentId: z.string().regex(/^pay_[A-Za-z0-9]+$/).optional() });

export const hostedPaymentParamsSchema = z.object({ id: hostedPaymentIdSchema });

/** Test connection of a merchant rule's gateway, with what the form holds now (secrets left empty: the stored ones). */
export const merchantConnectionTestSchema = z.object({
  id: z.number().int().positive().optional(),
  apiUrl: z.url(),
  secretKey: z.string().min(8).optional(),
});
export const merchantConnectionResultSchema = z.object({ connected: z.boolean(), message: z.string(), durationMs: z.number().int() });
