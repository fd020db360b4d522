import { z } from "zod";
import { creditAmountSchema, moneySchema } from "./money";

export const TOP_UP_STATUSES = ["pending", "approved", "rejected"] as const;
export const topUpStatusSchema = z.enum(TOP_UP_STATUSES);
export type TopUpStatus = z.infer<typeof topUpStatusSchema>;

/** A stored upload's name (/api/upload-pdf-aws or /api/upload-image-aws): the receipt of the payment. */
export const receiptNameSchema = z.string().regex(/^[0-9a-f]{64}\.(png|jpg|pdf)$/, "Upload the receipt (a PDF or a JPG)");

/** POST /api/top-up-requests: the caller's organisation asks the one above it for credit, in its own currency. */
export const topUpRequestBodySchema = z.object({
  amount: creditAmountSchema.positive("A positive amount"),
  currency: z.string().length(3),
  /** The bank transfer's or deposit's reference, as the receipt shows it. */
  paymentReference: z.string().trim().min(3, "At least 3 characters").max(100),
  note: z.string().trim().max(500).default(""),
  receipt: receiptNameSchema,
});
export type TopUpRequestBody = z.input<typeof topUpRequestBodySchema>;

/** GET /api/top-up-requests: the caller's organisation's own requests ("mine") or those of the organisations below it ("below"). */
export const topUpListQuerySchema = z.object({
  scope: z.enum(["mine", "below"]).default("below"),
  status: topUpStatusSchema.optional(),
  page: z.coerce.number<string>().int().min(1).default(1),
  pageSize: z.coerce.number<string>().int().min(1).max(100).default(20),
});

export const topUpRequestSchema = z.object({
  id: z.number().int(),
  organisationId: z.number().int(),
  organisationName: z.string(),
  amount: moneySchema,
  paymentReference: z.string(),
  note: z.string(),
  /** Where the receipt is served (/api/uploads/{name}). */
  receiptUrl: z.string(),
  status: topUpStatusSchema,
  requestedBy: z.string(),
  createdAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  /** Whether the caller may approve or reject it now. */
  canDecide: z.boolean(),
});
export type TopUpRequest = z.infer<typeof topUpRequestSchema>;

export const topUpRejectBodySchema = z.object({ reason: z.string().trim().min(3, "At least 3 characters").max(300) });
