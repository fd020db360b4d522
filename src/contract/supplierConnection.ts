import { z } from "zod";
import { recordIdSchema } from "./ids";
import { SUPPLIER_CONNECTIONS } from "../resources/suppliers";

/**
 * The supplier wizard's Test connection: the connection as the form has it now (credentials
 * typed but not yet saved, or, when left empty, those stored on the supplier `id`), tried with
 * the provider's cheapest authenticated call.
 */
export const supplierConnectionTestSchema = z.object({
  id: recordIdSchema.optional(),
  kind: z.string(),
  connection: z.enum(SUPPLIER_CONNECTIONS.map((connection) => connection.code)),
  /** An NDC connection's airline (its profile). */
  source: z.string().nullable().default(null),
  endpointUrl: z.url("An http(s) address").nullable().default(null),
  apiKey: z.string().min(1).max(500).optional(),
  apiSecret: z.string().min(1).max(500).optional(),
  iataNumber: z.string().nullable().default(null),
  pseudoCity: z.string().nullable().default(null),
  /** An XCover connection's partner code. */
  partnerCode: z.string().nullable().default(null),
  currency: z.string().regex(/^[A-Z]{3}$/).default("EUR"),
});
export type SupplierConnectionTest = z.infer<typeof supplierConnectionTestSchema>;

/** Whether the provider accepted the credentials, and what it said, in its own words. */
export const supplierConnectionResultSchema = z.object({
  connected: z.boolean(),
  message: z.string(),
  durationMs: z.number().int().min(0),
});
export type SupplierConnectionResult = z.infer<typeof supplierConnectionResultSchema>;
