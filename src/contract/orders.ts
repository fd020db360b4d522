import { REFUND_FORMS } from "./vouchers";
import { z } from "zod";
import { creditAmountSchema, moneySchema } from "./money";
import {
  cancellationQuoteSchema,
  orderSchema,
  paymentSchema,
  priceBreakdownSchema,
  reshopOfferSchema,
} from "./shopping";
import { recordIdSchema } from "./ids";
import { bookedOnBehalfSchema } from "./bookingFor";
import { ledgerReasonFields } from "./ledgerReasons";
import { DEFAULT_REFUND_RFIC, rficSchema } from "./rfic";
import { cancellationPolicySchema, hotelBookingSchema, hotelPriceBreakdownSchema } from "./hotels";
import { activityBookingSchema } from "./activities";
import { insurancePolicySchema } from "./insurance";
import { visaStateSchema } from "./visas";
import { transferStateSchema } from "./moneyTransfer";
import { packageBookingSchema } from "./packages";
import { productKindSchema } from "./products";
import { orderRowStatusSchema, orderSummarySchema } from "./orderSummary";

/**
 * The platform's orders: the supplier's NDC order plus what the agency was charged. Every
 * order-changing call needs an Idempotency-Key header (docs/api.md).
 */

/** The spec's statuses, plus pending (being booked) and failed (the supplier refused; any debit was given back). */
const PLATFORM_ORDER_STATUSES = ["pending", "failed", "hold", "confirm", "exchange", "cancel", "Voided", "refund"] as const;
export const platformOrderStatusSchema = z.enum(PLATFORM_ORDER_STATUSES);
export type PlatformOrderStatus = z.infer<typeof platformOrderStatusSchema>;

/** What the agency pays, in its own currency: the priced fare and the ancillaries converted. */
export const orderChargeSchema = z.object({
  fare: moneySchema,
  services: moneySchema,
  seats: moneySchema,
  total: moneySchema,
});
export type OrderCharge = z.infer<typeof orderChargeSchema>;

/**
 * One product of an order: its supplier and reference, status, total, price breakdown and
 * cancellation terms. A flight's supplier order stays on the order (supplierOrder) as before; a
 * hotel's booking is the item's `hotel`.
 */
export const orderItemSchema = z.object({
  id: z.number().int(),
  kind: productKindSchema,
  supplierId: z.string(),
  supplierReference: z.string().nullable(),
  status: platformOrderStatusSchema,
  total: moneySchema,
  priceBreakdown: z.union([priceBreakdownSchema, hotelPriceBreakdownSchema]).nullable(),
  cancellationTerms: cancellationPolicySchema.nullable(),
  hotel: hotelBookingSchema.nullable(),
  insurance: insurancePolicySchema.nullable(),
  activity: activityBookingSchema.nullable(),
  /** A visa item's application, where it stands at the visa desk, and its trip (items written before these were kept lack them). */
  visa: z.object({ applicationId: z.number().int(), state: visaStateSchema, visaName: z.string().optional(), country: z.string().optional(), travelDate: z.iso.date().optional() }).nullable(),
  package: packageBookingSchema.nullable(),
  /** A money transfer's item: the transfer, where it stands with the partner, and whom it pays where. */
  transfer: z.object({ transferId: z.number().int(), state: transferStateSchema, beneficiary: z.string().optional(), country: z.string().optional() }).nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const platformOrderSchema = z.object({
  id: z.number().int(),
  status: platformOrderStatusSchema,
  organisationId: z.number().int(),
  userId: z.number().int(),
  /** Who booked it for the organisation (booking on behalf); null when its own user did. */
  bookedOnBehalf: bookedOnBehalfSchema.nullable(),
  supplierId: z.string(),
  bookingReference: z.string().nullable(),
  paymentMethodId: z.number().int().nullable(),
  currency: z.string(),
  /** Minor units of currency. */
  total: z.number().int(),
  paid: z.number().int(),
  refunded: z.number().int(),
  paymentTimeLimit: z.iso.datetime().nullable(),
  passengerNames: z.string(),
  failure: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  /** The supplier's order; null when booking failed before the supplier answered. */
  supplierOrder: orderSchema.nullable(),
  priceBreakdown: priceBreakdownSchema.nullable(),
  charge: orderChargeSchema.nullable(),
  /** The products of the order, at least one once written. */
  items: z.array(orderItemSchema),
  /** What it is, where, when and its one status, derived once from its items (summariseOrder). */
  summary: orderSummarySchema,
});
export type PlatformOrder = z.infer<typeof platformOrderSchema>;

export const orderListQuerySchema = z.object({
  page: z.coerce.number<string>().int().min(1).default(1),
  pageSize: z.coerce.number<string>().int().min(1).max(200).default(20),
  /** The status the rows show (summariseOrder), "inProgress" included. */
  status: orderRowStatusSchema.optional(),
  /** Orders holding an item of this product. */
  product: productKindSchema.optional(),
  pnr: z.string().trim().toUpperCase().optional(),
  passenger: z.string().trim().min(1).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  /** "true": only the orders the caller made (the console's "my bookings"). */
  mine: z.enum(["true", "false"]).transform((value) => value === "true").optional(),
});

/** Whose payment options: a flight offer (its airline counts), or a product's supplier. */
export const paymentOptionsRequestSchema = z.union([
  z.object({ product: productKindSchema.exclude(["flight"]), supplierId: z.string().min(1) }),
  z.object({ supplierId: z.string().min(1), shoppingResponseId: z.string().min(1), offerId: z.string().min(1), ownerCode: z.string().min(1) }),
]);

export const paymentOptionSchema = z.object({
  paymentMethodId: z.number().int(),
  option: z.string(),
  typeCode: z.string(),
  settlement: z.enum(["credit", "card", "guarantee", "bsp", "bspCard", "receipt", "hosted", "voucher"]),
});

export const paymentOptionsResponseSchema = z.object({
  methods: z.array(paymentOptionSchema),
  bookAndHold: z.boolean(),
  fopRuleId: z.number().int().nullable(),
  /** The agency rule deciding this sale: its cap on a booking's amount, whether it allows hold and paying from credit. */
  agencyRule: z
    .object({ id: z.number().int(), name: z.string(), maxBookingAmount: moneySchema.nullable(), holdAllowed: z.boolean(), creditUsageAllowed: z.boolean() })
    .nullable(),
  /** Unlimited-credit users have no ceiling: null. */
  availableCredit: moneySchema.nullable(),
  /** The most one booking can draw on the organisation's bank guarantees today; null when the guarantee is not offered or none is valid. */
  availableGuarantee: moneySchema.nullable(),
});

export const cardTokenRequestSchema = z.object({
  number: z.string().transform((value) => value.replace(/[\s-]/g, "")).pipe(z.string().regex(/^\d{12,19}$/, "Card numbers have 12 to 19 digits")),
  expiryMonth: z.number().int().min(1).max(12),
  expiryYear: z.number().int().min(2000).max(2100),
  cvv: z.string().regex(/^\d{3,4}$/, "3 or 4 digits"),
  holderName: z.string().trim().min(2).max(60),
});

export const cardTokenResponseSchema = z.object({ token: z.string(), cardType: z.string(), last4: z.string(), expiresAt: z.iso.datetime() });

export const ticketRequestSchema = z.object({ payment: paymentSchema });

export const reshopRequestSchema = z.object({
  journeyChanges: z.array(z.object({ paxJourneyID: z.string().min(1), departureDate: z.iso.date() })).min(1),
});

/** A supplier reshop offer with its amounts in the agency's currency too. */
export const pricedReshopOfferSchema = reshopOfferSchema.extend({ amountDueLocal: moneySchema, amountRefundableLocal: moneySchema });

export const changeRequestSchema = z.object({ reshopOfferId: z.string().min(1), payment: paymentSchema.nullable().default(null) });

/** An add-on of the order (a policy bought with the booking), offered for cancellation with it. */
export const addOnCancellationSchema = z.object({
  itemId: z.number().int(),
  kind: productKindSchema,
  reference: z.string().nullable(),
  cancellable: z.boolean(),
  /** What the agency gets back for it, in its currency (0 when it cannot be cancelled). */
  refund: moneySchema,
  /** Why it cannot be cancelled now. */
  reason: z.string().nullable(),
});
export type AddOnCancellation = z.infer<typeof addOnCancellationSchema>;

export const cancelQuoteResponseSchema = z.object({
  /** The supplier's quote, in the supplier's currency. */
  quote: cancellationQuoteSchema,
  /** What comes back to the agency's credit, in its currency. */
  refundToAgency: moneySchema,
  /** In the agency's currency too, shown first: what it paid for the booking (add-ons apart) and what it loses. */
  agencyPaid: moneySchema,
  agencyPenalty: moneySchema,
  addOns: z.array(addOnCancellationSchema),
});
export type CancelQuoteResponse = z.infer<typeof cancelQuoteResponseSchema>;

/** A flight the airline moved, added or took away since the booking was last read. */
export const scheduleChangeSchema = z.object({
  kind: z.enum(["retimed", "added", "removed"]),
  /** The flight number, e.g. BA117. */
  flight: z.string(),
  origin: z.string(),
  destination: z.string(),
  /** Local times with their offset; null for a flight added (before) or removed (after). */
  before: z.object({ departure: z.string(), arrival: z.string() }).nullable(),
  after: z.object({ departure: z.string(), arrival: z.string() }).nullable(),
});
export type ScheduleChange = z.infer<typeof scheduleChangeSchema>;

/** The order as its supplier has it now, and what changed in its flights. */
export const orderSyncResponseSchema = z.object({
  order: platformOrderSchema,
  scheduleChanges: z.array(scheduleChangeSchema),
});
export type OrderSyncResponse = z.infer<typeof orderSyncResponseSchema>;

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  organisationId: z.number().int(),
  kind: z.enum(["debit", "credit"]),
  amount: z.number().int(),
  currency: z.string(),
  /** The running balance of the entry's account: credit used on the credit line, or drawn on the bank guarantees. */
  creditUsedAfter: z.number().int(),
  /** The bank guarantee the entry moved; null: the credit line. */
  guaranteeId: z.number().int().nullable(),
  orderId: z.number().int().nullable(),
  userId: z.number().int(),
  ...ledgerReasonFields,
  createdAt: z.iso.datetime(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** /api/make-agent-transaction: a top-up (credit) or a charge (debit) on an organisation's credit line. */
export const agentTransactionRequestSchema = z.object({
  organisationId: recordIdSchema,
  kind: z.enum(["credit", "debit"]),
  amount: creditAmountSchema.positive("A positive amount"),
  currency: z.string().length(3),
  reason: z.string().trim().min(3).max(200),
});

export const creditStatusSchema = z.object({
  unlimited: z.boolean(),
  creditLimit: moneySchema,
  creditUsed: moneySchema,
  available: moneySchema.nullable(),
});

/**
 * Cancelling an order: its main product, and the add-ons named (a policy bought with the flight),
 * from the cancel quote's addOns. A refunded flight records its refund reason code (RFIC; A when
 * not given) on the refund's ledger entry.
 */
export const orderCancelRequestSchema = z.object({
  addOnItemIds: z.array(recordIdSchema).max(10).default([]),
  rfic: rficSchema.default(DEFAULT_REFUND_RFIC),
  /** A flight refunded after its void window may keep the refund as residual travel funds for its travellers (docs/payments.md). */
  refundAs: z.enum(REFUND_FORMS).default("money"),
});
export type OrderCancelRequest = z.infer<typeof orderCancelRequestSchema>;

/** What the platform said to a supplier about a booking and what it answered, card data and secrets masked. */
export const supplierMessageSchema = z.object({
  id: z.number().int(),
  supplierId: z.string(),
  operation: z.string(),
  outcome: z.enum(["answered", "failed"]),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  createdAt: z.iso.datetime(),
  request: z.unknown(),
  response: z.unknown(),
});
export type SupplierMessage = z.infer<typeof supplierMessageSchema>;
