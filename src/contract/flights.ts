import { z } from "zod";
import { rowErrorSchema } from "./errors";
import { hotelSearchRequestSchema, pricedHotelRateSchema } from "./hotels";
import { markupRuleSchema } from "./markup";
import { moneySchema } from "./money";
import {
  airShoppingRequestSchema,
  offerReferenceSchema,
  pricedOfferSchema,
  type PricedOffer,
} from "./shopping";
import { recordIdSchema } from "./ids";

/** The shopping and pricing-administration calls of the console (docs/api.md lists them). */

/** OfferPrice; `expectedTotal` is what the agent saw in the results, to flag a price change. */
export const flightOfferPriceRequestSchema = offerReferenceSchema.extend({ expectedTotal: moneySchema.optional() });
export type FlightOfferPriceRequest = z.infer<typeof flightOfferPriceRequestSchema>;

export const flightOfferPriceResponseSchema = z.object({
  pricedOffer: pricedOfferSchema,
  /** The total the agent pays now differs from expectedTotal. */
  priceChanged: z.boolean(),
});
export type FlightOfferPriceResponse = { pricedOffer: PricedOffer; priceChanged: boolean };

export const seatMapRequestSchema = offerReferenceSchema.extend({ paxSegmentIDs: z.array(z.string().min(1)).optional() });

/** A sandbox supplier's runtime settings: switched on or off for everyone, and its fault switches. */
/** A supplier's circuit breaker: closed (asked as usual), open (paused after failing again and again), halfOpen (one call tries it again). */
export const supplierCircuitSchema = z.enum(["closed", "open", "halfOpen"]);
export type SupplierCircuit = z.infer<typeof supplierCircuitSchema>;

export const supplierSettingsSchema = z.object({
  supplierId: z.string(),
  supplierName: z.string(),
  isSandbox: z.boolean(),
  active: z.boolean(),
  latencyMs: z.number().int().min(0).max(60_000),
  errorRate: z.number().min(0).max(1),
  timeout: z.boolean(),
  /** Read only: this server's circuit breaker for the supplier. */
  circuit: supplierCircuitSchema,
});
export type SupplierSettings = z.infer<typeof supplierSettingsSchema>;

export const supplierSettingsChangeSchema = supplierSettingsSchema
  .pick({ active: true, latencyMs: true, errorRate: true, timeout: true })
  .partial()
  .strict();
export type SupplierSettingsChange = z.infer<typeof supplierSettingsChangeSchema>;

export const storedMarkupRuleSchema = markupRuleSchema.extend({ createdAt: z.iso.datetime(), updatedAt: z.iso.datetime() });

/** /api/markup-bulk-upload: an .xlsx workbook, base64, as the spec's upload calls send files. */
export const bulkUploadRequestSchema = z.object({ b64: z.string().min(1, "Choose a file to upload") });


export const bulkUploadResponseSchema = z.object({ imported: z.number().int(), errors: z.array(rowErrorSchema) });

/** The price simulator: which rules a sale would use, for one offer or a whole search. */
export const priceSimulationRequestSchema = z
  .object({
    organisationId: recordIdSchema,
    offer: offerReferenceSchema.optional(),
    search: airShoppingRequestSchema.optional(),
    /** A hotel search: its rates priced as the organisation would be charged. */
    hotelSearch: hotelSearchRequestSchema.optional(),
  })
  .refine((request) => [request.offer, request.search, request.hotelSearch].filter((part) => part !== undefined).length === 1, {
    message: "Give an offer, a flight search or a hotel search",
    path: ["offer"],
  });
export type PriceSimulationRequest = z.infer<typeof priceSimulationRequestSchema>;

export const priceSimulationResponseSchema = z.object({
  organisationId: z.number().int(),
  currency: z.string(),
  /** Each offer as this organisation would be charged, its breakdown naming every rule applied. */
  offers: z.array(pricedOfferSchema),
  /** A hotel search's cheapest rate per hotel and supplier (first room), each with its breakdown. */
  hotelRates: z.array(z.object({ hotelName: z.string(), stars: z.number().int(), rate: pricedHotelRateSchema })),
  /** The rules that changed at least one price, in id order. */
  appliedRuleIds: z.array(z.number().int()),
});
