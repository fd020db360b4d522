import { z } from "zod";
import { orderRowStatusSchema } from "./orderSummary";
import { moneySchema } from "./money";
import { productKindSchema } from "./products";

/** GET /api/dashboard: the caller's subtree, or with mine=true only the bookings the caller made. */
export const dashboardQuerySchema = z.object({
  mine: z.enum(["true", "false"]).transform((value) => value === "true").optional(),
});

/** Orders that reached a supplier: neither being booked nor refused. */
export const BOOKED_STATUSES = ["hold", "confirm", "exchange", "cancel", "Voided", "refund"] as const;
/** Booked orders that were undone afterwards. */
export const UNDONE_STATUSES = ["cancel", "Voided", "refund"] as const;

const periodFiguresSchema = z.object({
  /** Bookings made in the period: products sold, add-ons included (server/orders/bookings.ts). */
  bookings: z.number().int().nonnegative(),
  /** Orders cancelled, voided or refunded in the period. */
  cancellations: z.number().int().nonnegative(),
  /** What those bookings sold, one amount per currency. */
  sales: z.array(moneySchema),
  /** What the markup rules added to those sales (the agency's earnings), per currency. */
  markup: z.array(moneySchema),
  byProduct: z.array(z.object({ product: productKindSchema, bookings: z.number().int().nonnegative(), sales: z.array(moneySchema) })),
});
export type PeriodFigures = z.infer<typeof periodFiguresSchema>;

export const dashboardSchema = z.object({
  /** The moment the figures are current as of (reports' `asOf`); the credit, holds and latest bookings are always current. */
  asOf: z.iso.datetime(),
  scope: z.enum(["mine", "subtree"]),
  /** How many organisations the figures cover (the caller's and those below it). */
  organisations: z.number().int().positive(),
  credit: z.object({
    unlimited: z.boolean(),
    limit: moneySchema,
    used: moneySchema,
    available: moneySchema.nullable(),
    /** Credit used at the end of each of the last 30 days (UTC), oldest first. */
    trend: z.array(z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), used: z.number().int() })),
  }),
  today: periodFiguresSchema,
  month: periodFiguresSchema,
  /** This month's bookings day by day (UTC) and product; days without bookings are left out. */
  bookingsByDay: z.array(z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), product: productKindSchema, bookings: z.number().int().positive() })),
  /** This month's sales day by day and product, in the caller's organisation's currency (sales in others are in the month's figures). */
  salesByDay: z.array(z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), product: productKindSchema, sales: z.number().int() })),
  /** This month's most booked trips: flight routes (origin to destination) and hotel cities, at most 5 of each. */
  topTrips: z.array(z.object({ product: z.enum(["flight", "hotel"]), trip: z.string(), bookings: z.number().int().positive() })),
  /** This month's bookings per supplier, the most first. */
  supplierShare: z.array(z.object({ supplierId: z.string(), supplierName: z.string(), bookings: z.number().int().positive() })),
  /** For administrators: suppliers that failed or timed out in the subtree's searches of the last hour; null for others. */
  supplierFailures: z
    .array(z.object({ supplierId: z.string(), supplierName: z.string(), searches: z.number().int().positive(), failed: z.number().int().nonnegative(), timedOut: z.number().int().nonnegative() }))
    .nullable(),
  /** The organisations of the subtree that booked most this month (at most 10), with what they sold; empty for "mine". */
  agencies: z.array(z.object({ organisationId: z.number().int(), name: z.string(), bookings: z.number().int().positive(), sales: z.array(moneySchema) })),
  /** Holds still open, the soonest deadline first. */
  holds: z.array(z.object({ orderId: z.number().int(), reference: z.string().nullable(), product: productKindSchema, deadline: z.string(), total: moneySchema })),
  recent: z.array(
    z.object({
      orderId: z.number().int(),
      reference: z.string().nullable(),
      product: productKindSchema,
      /** The order's one status, as its row in Bookings shows it (summariseOrder). */
      status: orderRowStatusSchema,
      total: moneySchema,
      createdAt: z.string(),
      organisationName: z.string(),
      travellers: z.string(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
