import { z } from "zod";
import { providerDecimalSchema } from "../providerMoney";

/**
 * What the platform reads of Wise Platform API answers (https://docs.wise.com/api-reference).
 * Only the fields used are named; Wise adds fields freely, so objects are not strict.
 */

/** GET /v2/profiles: the profiles the token may act for. */
export const wiseProfilesSchema = z.array(z.object({ id: z.number().int(), type: z.string() }));

/** GET /v1/currency-pairs: the routes the account may send on. */
export const wiseCurrencyPairsSchema = z.object({
  sourceCurrencies: z.array(
    z.object({
      currencyCode: z.string().regex(/^[A-Z]{3}$/),
      maxInvoiceAmount: providerDecimalSchema.nullable().optional(),
      targetCurrencies: z.array(z.object({ currencyCode: z.string().regex(/^[A-Z]{3}$/), minInvoiceAmount: providerDecimalSchema.nullable().optional() })),
    }),
  ),
});

const paymentOptionSchema = z.object({
  payIn: z.string(),
  payOut: z.string(),
  disabled: z.boolean().default(false),
  sourceAmount: providerDecimalSchema,
  targetAmount: providerDecimalSchema,
  fee: z.object({ total: providerDecimalSchema }).optional(),
  disabledReason: z.object({ message: z.string() }).nullable().optional(),
});

/** POST /v3/profiles/{profileId}/quotes: the rate, the amounts of each way to pay in and out, and until when it holds. */
export const wiseQuoteSchema = z.object({
  id: z.string(),
  sourceCurrency: z.string(),
  targetCurrency: z.string(),
  rate: providerDecimalSchema,
  expirationTime: z.string(),
  paymentOptions: z.array(paymentOptionSchema),
});
export type WiseQuote = z.infer<typeof wiseQuoteSchema>;

const requirementFieldSchema = z.object({
  key: z.string(),
  type: z.string(),
  required: z.boolean().default(false),
  example: z.string().nullable().optional(),
  minLength: z.number().int().nullable().optional(),
  maxLength: z.number().int().nullable().optional(),
  validationRegexp: z.string().nullable().optional(),
  valuesAllowed: z.array(z.object({ key: z.string(), name: z.string() })).nullable().optional(),
});

/** GET /v1/quotes/{quoteId}/account-requirements: the kinds of recipient account the route takes, each with its fields. */
export const wiseAccountRequirementsSchema = z.array(
  z.object({
    type: z.string(),
    title: z.string(),
    fields: z.array(z.object({ name: z.string(), group: z.array(requirementFieldSchema) })),
  }),
);
export type WiseAccountRequirement = z.infer<typeof wiseAccountRequirementsSchema>[number];

/** POST /v1/accounts: the recipient account made. */
export const wiseAccountSchema = z.object({ id: z.number().int() });

/** A transfer (POST /v1/transfers, GET /v1/transfers/{id}, the list GET /v1/transfers). */
export const wiseTransferSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  customerTransactionId: z.string().nullable().optional(),
  details: z.object({ reference: z.string().nullable().optional() }).nullable().optional(),
});
export type WiseTransfer = z.infer<typeof wiseTransferSchema>;
export const wiseTransferListSchema = z.array(wiseTransferSchema);

/** POST /v3/profiles/{profileId}/transfers/{transferId}/payments: whether the balance paid the transfer. */
export const wisePaymentSchema = z.object({ type: z.string(), status: z.string(), errorCode: z.string().nullable().optional() });

/** Wise's refusals: a list of errors on validation, or OAuth's error and description on credentials. */
export const wiseErrorSchema = z.object({
  errors: z.array(z.object({ code: z.string().optional(), message: z.string().optional(), path: z.string().nullable().optional() })).optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
  message: z.string().optional(),
});
