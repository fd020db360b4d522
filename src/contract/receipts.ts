import { z } from "zod";
import { moneySchema } from "./money";

/**
 * Cash and cheque (pay option 5, docs/payments.md): a flight booked this way is held at the airline
 * until an organisation above the agency records the money; the receipt settles and tickets it. A
 * cheque that bounces is charged back to the agency.
 */
export const RECEIPT_METHODS = ["cash", "cheque"] as const;
export const receiptMethodSchema = z.enum(RECEIPT_METHODS);
export type ReceiptMethod = z.infer<typeof receiptMethodSchema>;

/** The payment method ids (spec section 3) that wait for a receipt. */
export const RECEIPT_METHOD_BY_PAYMENT_METHOD: Readonly<Record<number, ReceiptMethod>> = { 18: "cash", 14: "cheque" };

/** The money received: the booking's whole total, on the day it came; a cheque with its number and bank. */
export const receiptRequestSchema = z.object({
  amount: z.number().int().positive("The amount received"),
  receivedOn: z.iso.date("The day the money came"),
  chequeNumber: z.string().trim().min(1).max(30).optional(),
  bankName: z.string().trim().min(1).max(80).optional(),
  scanUrl: z.union([z.literal(""), z.url("The address of the scanned receipt or cheque")]).default(""),
});
export type ReceiptRequest = z.input<typeof receiptRequestSchema>;

export const receiptSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  reference: z.string().nullable(),
  organisationId: z.number().int(),
  organisationName: z.string(),
  method: receiptMethodSchema,
  amount: moneySchema,
  chequeNumber: z.string().nullable(),
  bankName: z.string().nullable(),
  receivedOn: z.iso.date(),
  scanUrl: z.string(),
  status: z.enum(["received", "bounced"]),
  recordedBy: z.string(),
  createdAt: z.iso.datetime(),
  bouncedAt: z.iso.datetime().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

/** A held flight of an organisation below the caller's, waiting for its cash or cheque. */
export const awaitingReceiptSchema = z.object({
  orderId: z.number().int(),
  reference: z.string().nullable(),
  organisationId: z.number().int(),
  organisationName: z.string(),
  method: receiptMethodSchema,
  amount: moneySchema,
  bookedAt: z.iso.datetime(),
  /** When the airline lets the hold go unpaid. */
  paymentTimeLimit: z.iso.datetime().nullable(),
});
export type AwaitingReceipt = z.infer<typeof awaitingReceiptSchema>;

export const receiptListQuerySchema = z.object({
  page: z.coerce.number<string>().int().min(1).default(1),
  pageSize: z.coerce.number<string>().int().min(1).max(200).default(50),
});
