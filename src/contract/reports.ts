import { ledgerReasonFields } from "./ledgerReasons";
import { z } from "zod";
import { orderPlaceSchema, orderRowStatusSchema } from "./orderSummary";
import { moneySchema } from "./money";
import { productKindSchema } from "./products";

/** The reports of the `report` section, each at GET /api/reports/{kind}. */
export const REPORT_KINDS = ["sales", "earnings", "bookings", "cancellations", "suppliers", "statement"] as const;
export const reportKindSchema = z.enum(REPORT_KINDS);
export type ReportKind = z.infer<typeof reportKindSchema>;
export const reportParamsSchema = z.object({ kind: reportKindSchema });

/** A report reaches back at most this many days at once. */
export const MAX_REPORT_DAYS = 1_100;
/** An export reads the whole result a page of this size at a time. */
export const REPORT_EXPORT_PAGE_SIZE = 1_000;

const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

/**
 * Every report's filters. Days are UTC and both ends are included. The organisation is one of
 * the caller's subtree and brings its own subtree (for the statement: that organisation alone,
 * the caller's own when absent). Product and supplier narrow to the items of that product or
 * supplier; status and user to the orders.
 */
export const reportQuerySchema = z
  .object({
    from: z.iso.date(),
    to: z.iso.date(),
    organisationId: z.coerce.number<string>().int().positive().optional(),
    product: productKindSchema.optional(),
    supplierId: z.string().min(1).max(100).optional(),
    /** The status the rows show (summariseOrder), "inProgress" included. */
    status: orderRowStatusSchema.optional(),
    userId: z.coerce.number<string>().int().positive().optional(),
    /** Statement only: the credit line (the default) or the bank guarantees, each with its own running balance. */
    account: z.enum(["credit", "guarantee"]).optional(),
    /** Sales only: a row per month (the default) or per day. */
    groupBy: z.enum(["month", "day"]).optional(),
    page: z.coerce.number<string>().int().min(1).default(1),
    pageSize: z.coerce.number<string>().int().min(1).max(REPORT_EXPORT_PAGE_SIZE).default(50),
  })
  .refine((query) => dayOf(query.to) >= dayOf(query.from), { path: ["to"], message: "The end date is before the start date." })
  .refine((query) => dayOf(query.to) - dayOf(query.from) < MAX_REPORT_DAYS, { path: ["to"], message: `At most ${MAX_REPORT_DAYS} days at once.` });
export type ReportQuery = z.infer<typeof reportQuerySchema>;
/** The filters as the console holds them (before defaults). */
export type ReportFilters = z.input<typeof reportQuerySchema>;

const count = z.number().int().nonnegative();
const minor = z.number().int();
const currency = z.string().length(3);

/** What booked items add up to in one currency: how many, what they sold for, the markup and commission they earned. */
const earningsFiguresSchema = z.object({ currency, bookings: count, sales: minor, markup: minor, commission: minor });
export type EarningsFigures = z.infer<typeof earningsFiguresSchema>;

const page = {
  total: count,
  /**
   * The moment the figures are current as of: now, unless they were read from a replica that is
   * behind (DATABASE_READ_URL), when it is the time of the last booking or entry it has.
   */
  asOf: z.iso.datetime(),
};

export const salesReportSchema = z.object({
  kind: z.literal("sales"),
  ...page,
  /** Per period (YYYY-MM or YYYY-MM-DD), product and currency, oldest first. */
  rows: z.array(earningsFiguresSchema.extend({ period: z.string(), product: productKindSchema })),
  totals: z.array(earningsFiguresSchema),
});

export const earningsReportSchema = z.object({
  kind: z.literal("earnings"),
  ...page,
  /** Per organisation, product and currency, the largest markup first. */
  rows: z.array(earningsFiguresSchema.extend({ organisationId: z.number().int(), organisationName: z.string(), product: productKindSchema })),
  totals: z.array(earningsFiguresSchema),
});

const orderRowSchema = z.object({
  orderId: z.number().int(),
  reference: z.string().nullable(),
  bookedAt: z.string(),
  organisationName: z.string(),
  userName: z.string(),
  /** Who booked it on behalf of the organisation, when someone above it did. */
  bookedBy: z.string().nullable(),
  product: productKindSchema,
  supplierName: z.string(),
  /** The order's one status, first day of travel and place, as every surface shows them (summariseOrder). */
  status: orderRowStatusSchema,
  travelDate: z.iso.date().nullable(),
  place: orderPlaceSchema.nullable(),
  travellers: z.string(),
  total: moneySchema,
  /** The payment method it was paid with (spec section 3); null while held unpaid. */
  paymentMethodId: z.number().int().nullable(),
});

export const bookingsReportSchema = z.object({
  kind: z.literal("bookings"),
  ...page,
  /** One row per booked item, the newest first. */
  rows: z.array(orderRowSchema.extend({ markup: minor, commission: minor })),
  totals: z.array(earningsFiguresSchema),
  /** The same bookings added up per payment method and currency (null: not paid yet, a hold), so each method (BSP, cash, the card page…) reconciles apart. */
  byPaymentMethod: z.array(z.object({ paymentMethodId: z.number().int().positive().nullable(), currency, bookings: count, sales: minor })),
  /** Of these bookings, what e-vouchers paid (net of what went back to them), per currency: a voucher pays part of an order whose method pays the rest. */
  paidWithVouchers: z.array(z.object({ currency, bookings: count, amount: minor })),
});

export const cancellationsReportSchema = z.object({
  kind: z.literal("cancellations"),
  ...page,
  /** Orders cancelled, voided or refunded in the period (by when it happened), the latest first. */
  rows: z.array(orderRowSchema.extend({ undoneAt: z.string(), refunded: moneySchema })),
  totals: z.array(z.object({ currency, orders: count, total: minor, refunded: minor })),
});

export const suppliersReportSchema = z.object({
  kind: z.literal("suppliers"),
  ...page,
  /** Per supplier: its searches in the period and how they ended, how long it took, what was booked with it. */
  rows: z.array(
    z.object({
      supplierId: z.string(),
      supplierName: z.string(),
      searches: count,
      answered: count,
      failed: count,
      timedOut: count,
      averageMs: count,
      p95Ms: count,
      bookings: count,
    }),
  ),
  totals: z.array(z.never()),
});

export const statementReportSchema = z.object({
  kind: z.literal("statement"),
  ...page,
  organisationId: z.number().int(),
  organisationName: z.string(),
  currency,
  account: z.enum(["credit", "guarantee"]),
  /** Credit used (or drawn on the guarantees) before the first day, and at the end of the last. */
  openingBalance: minor,
  closingBalance: minor,
  /** Every ledger entry of the account in the period, oldest first: debits use credit (or draw on a guarantee), credits give it back. */
  rows: z.array(
    z.object({
      entryId: z.number().int(),
      at: z.string(),
      ...ledgerReasonFields,
      /** The guarantee's bank and number, on the guarantee account. */
      guarantee: z.string().nullable(),
      orderId: z.number().int().nullable(),
      reference: z.string().nullable(),
      userName: z.string(),
      debit: minor,
      credit: minor,
      balance: minor,
    }),
  ),
  totals: z.array(z.object({ currency, debits: minor, credits: minor })),
});

export const reportSchema = z.discriminatedUnion("kind", [
  salesReportSchema,
  earningsReportSchema,
  bookingsReportSchema,
  cancellationsReportSchema,
  suppliersReportSchema,
  statementReportSchema,
]);
export type Report = z.infer<typeof reportSchema>;
export type ReportOf<Kind extends ReportKind> = Extract<Report, { kind: Kind }>;

/** GET /api/report-filters: what the report filters offer for the caller's subtree (or one organisation of it). */
export const reportFiltersQuerySchema = z.object({ organisationId: z.coerce.number<string>().int().positive().optional() });
/** At most this many users are offered; the list is by name. */
export const MAX_REPORT_FILTER_USERS = 500;
export const reportFiltersSchema = z.object({
  suppliers: z.array(z.object({ id: z.string(), name: z.string() })),
  users: z.array(z.object({ id: z.number().int(), username: z.string(), organisationName: z.string() })),
});
export type ReportFilterOptions = z.infer<typeof reportFiltersSchema>;
