import { z } from "zod";
import { providerDecimalSchema } from "../providerMoney";

/**
 * The parts of Cover Genius XCover answers (https://api.xcover.com/x, partner API 2.0) the adapter
 * reads, checked at the boundary. Prices come as decimal strings or JSON numbers: both are read as
 * the decimal text they stand for.
 */

const amountSchema = providerDecimalSchema;

const textBlockSchema = z.object({ title: z.string().default(""), description: z.string().default("") });

/** One benefit of a quote (with `extra_fields=benefits`): what it pays up to, and the excess. */
const benefitSchema = z.object({
  benefit_content_id: z.string(),
  description: z.string().optional(),
  limit: amountSchema.nullable().optional(),
  excess: amountSchema.nullable().optional(),
  currency: z.string().regex(/^[A-Z]{3}$/).optional(),
});

export const xcoverQuoteSchema = z.object({
  id: z.string(),
  status: z.string(),
  price: amountSchema,
  currency: z.string().regex(/^[A-Z]{3}$/),
  policy_start_date: z.string(),
  policy_end_date: z.string().optional(),
  policy: z.object({
    policy_type: z.string(),
    policy_name: z.string(),
    policy_code: z.string(),
    content: z.object({ title: z.string().optional(), description: z.string().optional(), exclusions: z.array(textBlockSchema).default([]) }).optional(),
    pds_url: z.url().optional(),
  }),
  benefits: z.array(benefitSchema).default([]),
  /** The trip's destinations as the quote request gave them, echoed on the quote. */
  destinations: z.array(z.object({ country: z.string().regex(/^[A-Z]{2}$/) })).default([]),
});
export type XCoverQuote = z.infer<typeof xcoverQuoteSchema>;

export const xcoverOfferSchema = z.object({
  id: z.string(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  total_price: amountSchema,
  pds_url: z.url().optional(),
  quotes: z.array(xcoverQuoteSchema).default([]),
});
export type XCoverOffer = z.infer<typeof xcoverOfferSchema>;

const insuredSchema = z.object({ first_name: z.string(), last_name: z.string(), birth_date: z.iso.date().optional() });

export const xcoverBookingSchema = z.object({
  id: z.string(),
  status: z.string(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  total_price: amountSchema,
  partner_transaction_id: z.string().optional(),
  created_at: z.string(),
  quotes: z.array(xcoverQuoteSchema.extend({ insured: z.array(insuredSchema).default([]) })).min(1),
});
export type XCoverBooking = z.infer<typeof xcoverBookingSchema>;

export const xcoverBookingListSchema = z.object({ results: z.array(xcoverBookingSchema).default([]) });

/** `quote_for_update`'s answer: the update to confirm, and the booking's total price once it is made. */
export const xcoverUpdatePreviewSchema = z.object({ update_id: z.string().min(1), currency: z.string().regex(/^[A-Z]{3}$/), total_price: amountSchema });

export const xcoverCancellationSchema = z.object({ cancellation_id: z.string().optional(), refund_amount: amountSchema, status: z.string() });

/** XCover's error envelope: `{ error, message, details }`; `detail` on authentication failures. */
export const xcoverErrorSchema = z.object({ error: z.string().optional(), message: z.string().optional(), detail: z.string().optional() });
