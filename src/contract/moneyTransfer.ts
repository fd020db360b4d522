import { z } from "zod";
import { personNameSchema } from "./personName";
import { countryCodeSchema } from "./countries";
import { minorUnitsSchema, moneySchema } from "./money";
import { paymentSchema } from "./shopping";

/**
 * Money transfer (menu section `dmt`): remittance brands and the corridors they serve, the
 * remitters (senders) an agency serves with their beneficiaries, quotes with a locked rate and
 * transfers paid from the agency's credit. docs/products.md tells the rules in words.
 */

/** How long a quote's rate and fee hold. */
export const QUOTE_LOCK_MINUTES = 10;
/** A remitter must be an adult on the day of the transfer, unless the money-transfer passenger types (REM) say another age. */
export const REMITTER_MIN_AGE = 18;

/**
 * What one person (the same ID, whichever agency serves them) may send, in the sending currency's
 * minor units, per day and per 30 days: the Gulf central banks' retail remittance caps as the
 * head office applies them. A currency not listed has no per-remitter cap.
 */
export const REMITTER_LIMITS: Readonly<Record<string, { perDay: number; per30Days: number }>> = {
  KWD: { perDay: 3_000_000, per30Days: 10_000_000 },
  SAR: { perDay: 3_500_000, per30Days: 12_000_000 },
  AED: { perDay: 3_500_000, per30Days: 12_000_000 },
};

export const PAYOUT_METHODS = ["bank", "cash", "wallet"] as const;
export const payoutMethodSchema = z.enum(PAYOUT_METHODS);
export type PayoutMethod = z.infer<typeof payoutMethodSchema>;

export const ID_TYPES = ["civilId", "passport", "residencePermit"] as const;
export const RELATIONSHIPS = ["family", "spouse", "parent", "child", "sibling", "friend", "business", "self"] as const;

/** created: paid, not yet with the partner; sent: with the partner; then paid out, rejected or cancelled, and refunded after either. */
export const TRANSFER_STATES = ["created", "sent", "paid", "rejected", "cancelled", "refunded"] as const;
export const transferStateSchema = z.enum(TRANSFER_STATES);
export type TransferState = z.infer<typeof transferStateSchema>;

/** A transfer may be cancelled while it waits for payout. */
export const cancellableTransfer = (state: TransferState) => state === "created" || state === "sent";

/** Screening of a remitter or beneficiary against the head office's list: a match waits for review. */
export const SCREENING_STATES = ["clear", "review", "blocked"] as const;
export type ScreeningState = (typeof SCREENING_STATES)[number];

const currencyCodeSchema = z.string().regex(/^[A-Z]{3}$/);
const isoDateSchema = z.iso.date("A date such as 1990-05-31");
const nameSchema = (what: string) => z.string().trim().min(1, `Enter the ${what}`).max(60, `The ${what} has at most 60 characters`);

export const feeBandSchema = z.object({ upTo: minorUnitsSchema.nullable(), flat: minorUnitsSchema, percentBps: z.number().int().min(0).max(10_000) });

export const corridorSchema = z.object({
  sendCountry: countryCodeSchema,
  sendCurrency: currencyCodeSchema,
  receiveCountry: countryCodeSchema,
  receiveCurrency: currencyCodeSchema,
  payoutMethods: z.array(payoutMethodSchema),
  minSend: moneySchema,
  maxSend: moneySchema,
  feeBands: z.array(feeBandSchema),
});
export type Corridor = z.infer<typeof corridorSchema>;

/** A brand as an organisation gets it: the corridors it may sell and the FX margin it applies. */
export const dmtBrandSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** The remittance partner behind it (the payment rules' supplier). */
  partner: z.string(),
  sandbox: z.boolean(),
  rateSource: z.string(),
  fxMarginBps: z.number().int(),
  corridors: z.array(corridorSchema),
});
export type DmtBrand = z.infer<typeof dmtBrandSchema>;

export const dmtBrandsQuerySchema = z.object({ receiveCountry: countryCodeSchema.optional(), payoutMethod: payoutMethodSchema.optional() });

export const remitterRequestSchema = z.object({
  firstName: personNameSchema("first name"),
  lastName: personNameSchema("last name"),
  idType: z.enum(ID_TYPES),
  idNumber: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{5,20}$/, "5 to 20 letters or digits, as on the ID"),
  idExpiry: isoDateSchema,
  nationality: countryCodeSchema,
  dateOfBirth: isoDateSchema,
  address: z.string().trim().min(5, "Enter the address").max(200),
  city: nameSchema("city"),
  country: countryCodeSchema,
  phone: z.string().trim().min(6, "Enter the phone number").max(20),
});
export type RemitterRequest = z.infer<typeof remitterRequestSchema>;

export const remitterSchema = remitterRequestSchema.extend({
  id: z.number().int(),
  organisationId: z.number().int(),
  screening: z.enum(SCREENING_STATES),
  createdAt: z.string(),
});
export type Remitter = z.infer<typeof remitterSchema>;

export const remitterListQuerySchema = z.object({ search: z.string().trim().max(60).optional() });

export const beneficiaryRequestSchema = z.object({
  firstName: personNameSchema("first name"),
  lastName: personNameSchema("last name"),
  relationship: z.enum(RELATIONSHIPS),
  country: countryCodeSchema,
  payoutMethod: payoutMethodSchema,
  phone: z.string().trim().max(20).default(""),
  bankName: z.string().trim().max(80).default(""),
  iban: z.string().trim().max(42).default(""),
  bic: z.string().trim().max(11).default(""),
  accountNumber: z.string().trim().max(34).default(""),
  /** A bank's routing code where there is no IBAN (India's IFSC). */
  bankCode: z.string().trim().max(20).default(""),
  walletPhone: z.string().trim().max(20).default(""),
  pickupCity: z.string().trim().max(60).default(""),
});
export type BeneficiaryRequest = z.infer<typeof beneficiaryRequestSchema>;

export const beneficiarySchema = beneficiaryRequestSchema.extend({
  id: z.number().int(),
  remitterId: z.number().int(),
  screening: z.enum(SCREENING_STATES),
});
export type Beneficiary = z.infer<typeof beneficiarySchema>;

export const screeningDecisionSchema = z.object({ decision: z.enum(["clear", "blocked"]), note: z.string().trim().max(300).default("") });

export const quoteRequestSchema = z
  .object({
    brandCode: z.string().min(1, "Choose a brand"),
    remitterId: z.number().int().positive(),
    beneficiaryId: z.number().int().positive(),
    sendAmount: minorUnitsSchema.positive("Enter an amount to send").optional(),
    receiveAmount: minorUnitsSchema.positive("Enter an amount to receive").optional(),
  })
  .refine((request) => (request.sendAmount === undefined) !== (request.receiveAmount === undefined), { message: "Give the amount to send or the amount to receive", path: ["sendAmount"] });
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/**
 * A detail of the recipient's account the partner asks for beyond the beneficiary's record (Wise's
 * account requirements for the currency): its key at the partner, its name in the partner's words,
 * and the partner's own checks.
 */
export const recipientFieldSchema = z.object({
  key: z.string(),
  label: z.string(),
  required: z.boolean(),
  example: z.string(),
  pattern: z.string().nullable(),
  minLength: z.number().int().nullable(),
  maxLength: z.number().int().nullable(),
  /** A choice among these, when the partner lists them. */
  options: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type RecipientField = z.infer<typeof recipientFieldSchema>;

export const transferQuoteSchema = z.object({
  id: z.string(),
  brandCode: z.string(),
  brandName: z.string(),
  remitterId: z.number().int(),
  beneficiaryId: z.number().int(),
  payoutMethod: payoutMethodSchema,
  /** The partner's rate, and the rate the customer gets after the organisation's margin. */
  partnerRate: z.string(),
  rate: z.string(),
  marginBps: z.number().int(),
  sendAmount: moneySchema,
  fee: moneySchema,
  totalToPay: moneySchema,
  receiveAmount: moneySchema,
  expiresAt: z.string(),
  /** What the partner needs to know of the recipient's account that the beneficiary's record does not say; asked before sending. */
  recipientFields: z.array(recipientFieldSchema),
});
export type TransferQuote = z.infer<typeof transferQuoteSchema>;

export const sendTransferRequestSchema = z.object({
  quoteId: z.string().min(1),
  payment: paymentSchema,
  purpose: z.string().trim().min(1, "Say what the money is for").max(80),
  /** The quote's recipient fields, by key. */
  recipientDetails: z.record(z.string(), z.string().trim().max(200)).default({}),
});
export type SendTransferRequest = z.infer<typeof sendTransferRequestSchema>;

export const transferEventSchema = z.object({ fromState: transferStateSchema.nullable(), toState: transferStateSchema, note: z.string(), at: z.string(), userName: z.string().nullable() });

export const transferSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  reference: z.string(),
  organisationId: z.number().int(),
  organisationName: z.string(),
  state: transferStateSchema,
  brandCode: z.string(),
  brandName: z.string(),
  partnerReference: z.string().nullable(),
  remitter: z.object({ id: z.number().int(), name: z.string(), idType: z.enum(ID_TYPES), idNumber: z.string(), phone: z.string() }),
  beneficiary: z.object({ id: z.number().int(), name: z.string(), country: z.string(), payoutMethod: payoutMethodSchema, payoutTo: z.string() }),
  purpose: z.string(),
  rate: z.string(),
  sendAmount: moneySchema,
  fee: moneySchema,
  totalToPay: moneySchema,
  receiveAmount: moneySchema,
  createdAt: z.string(),
  events: z.array(transferEventSchema),
});
export type Transfer = z.infer<typeof transferSchema>;

export const transferListQuerySchema = z.object({
  state: transferStateSchema.optional(),
  remitterId: z.coerce.number().int().positive().optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
});

/** Wise's transfers#state-change webhook as it documents it (schema 2.0.0); the server reads it only once its signature is checked. */
export const wiseWebhookSchema = z.object({
  event_type: z.string(),
  schema_version: z.string(),
  sent_at: z.string(),
  data: z.object({
    resource: z.object({ id: z.number().int(), profile_id: z.number().int(), account_id: z.number().int(), type: z.string() }),
    current_state: z.string(),
    previous_state: z.string().nullable(),
    occurred_at: z.string(),
  }),
});
