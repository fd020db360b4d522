import { z } from "zod";
import { recordIdParamSchema, recordIdSchema } from "./ids";
import { organisationTypeSchema } from "./auth";
import { moneySchema } from "./money";

/** The spec's administration calls beside the resources' own: their bodies and queries, as the server checks them. */
export const agentsQuerySchema = z.object({ organisationId: recordIdParamSchema.optional() });
export const approvalQuerySchema = z.object({ status: z.enum(["pending", "approved", "rejected"]).optional() });
export const brandBodySchema = z.object({ brandId: recordIdSchema });
export const fetchPosBodySchema = z.object({ id: recordIdSchema.optional() });
export const selectedBrandsBodySchema = z.object({ brandIds: z.array(recordIdSchema).min(1, "Choose at least one brand") });
export const connectorImportBodySchema = z.object({
  connector: z.literal("sandbox-tpc"),
  accountId: z.string().trim().regex(/^[A-Za-z0-9-]{3,40}$/, "3-40 letters, digits or dashes"),
  /** Answer what the import would write, writing nothing. */
  preview: z.boolean().default(false),
});

/** Uploads: a file as base64, an image optionally for an organisation's logo or favicon. */
export const imageUploadBodySchema = z.object({
  b64: z.string().min(1, "Choose a file"),
  /** Where the image goes: an organisation's logo or favicon; without it the file is only stored. */
  organisationId: recordIdSchema.optional(),
  purpose: z.enum(["logo", "favicon"]).optional(),
});
export const pdfUploadBodySchema = z.object({ b64: z.string().min(1, "Choose a file") });
export const storedUploadSchema = z.object({ name: z.string(), url: z.string(), contentType: z.string(), size: z.number().int() });
/** A link to one stored document for the signed-in user, working without a session until it expires. */
export const documentLinkSchema = z.object({ url: z.string(), expiresAt: z.iso.datetime() });
export type DocumentLink = z.infer<typeof documentLinkSchema>;
/** A signed link's token (/api/uploads/{name}/link gives the whole address). */
export const documentLinkQuerySchema = z.object({ link: z.string().max(300).optional() });

/** What the platform calls above answer (the data of their envelopes). */
const countAsNumber = z.number().int().min(0);
/** The brand of the host the console is served from. */
export const hostBrandingSchema = z.object({ name: z.string(), favIcon: z.string().nullable(), logo: z.string().nullable() });
export type HostBranding = z.infer<typeof hostBrandingSchema>;
export const parentSettingsSchema = z.object({ brandName: z.string(), providerName: z.string(), primaryColor: z.string(), defaultLanguage: z.string(), project: z.string() });
export const payOptionSchema = z.object({ id: z.number().int(), option: z.string() });
export const paymentMethodSchema = payOptionSchema.extend({ typeCode: z.string(), remarks: z.string() });
export const creditStandingSchema = z.object({ unlimited: z.boolean(), limit: moneySchema, used: moneySchema, available: moneySchema.nullable() });
export const packageDetailsSchema = z.object({
  organisation: z.object({ id: recordIdSchema, name: z.string(), type: organisationTypeSchema, hierarchyLevel: z.number().int() }),
  credit: creditStandingSchema,
  payOptions: z.array(payOptionSchema),
  people: z.object({ users: countAsNumber, agents: countAsNumber }),
  sections: z.array(z.string()),
  quotingTool: z.boolean(),
});
export const userSettingsSchema = z.object({
  organisationId: recordIdSchema,
  organisationName: z.string(),
  currency: z.object({ code: z.string(), decimal: z.number().int() }),
  payOptions: z.array(payOptionSchema),
  domain: z.string().nullable(),
  languages: z.array(z.string()),
  unlimitedCredit: z.boolean(),
});
export const rficCodeSchema = z.object({ code: z.string(), description: z.string() });
/** An organisation as the organisation lists answer it. */
export const organisationSummarySchema = z.object({ id: recordIdSchema, name: z.string(), type: organisationTypeSchema, hierarchyLevel: z.number().int(), currencyCode: z.string() });
export const organisationListEntrySchema = organisationSummarySchema.extend({ parentId: recordIdSchema.nullable() });
export const organisationApprovalSchema = organisationSummarySchema.omit({ currencyCode: true }).extend({ parentId: recordIdSchema.nullable(), approvalStatus: z.enum(["pending", "approved", "rejected"]) });
/** A user as the people lists answer them (the spec's field names). */
export const personEntrySchema = z.object({
  id: recordIdSchema,
  username: z.string(),
  email: z.string(),
  agent_code: z.string().nullable(),
  status: z.enum(["active", "inactive"]),
  organisation_id: recordIdSchema,
  organisation_name: z.string(),
});
export type PersonEntry = z.infer<typeof personEntrySchema>;
export const fopRuleSchema = z.object({
  id: recordIdSchema,
  ownerId: recordIdSchema.nullable(),
  status: z.number().int(),
  priority: z.number().int(),
  organisationIds: z.array(recordIdSchema),
  supplierIds: z.array(z.string()),
  airlines: z.array(z.string()),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  paymentMethodIds: z.array(z.number().int()),
});
export const supplierRestrictionSchema = z.object({ supplierId: recordIdSchema, code: z.string(), restrictedAirlines: z.unknown(), restrictedCountries: z.unknown() });
export const supplierFeaturesSchema = z.object({ id: recordIdSchema, code: z.string(), features: z.unknown() });
const fieldChangeSchema = z.object({ before: z.string().nullable(), after: z.string() });
/** One supplier an import writes: each credential field now and after; the key is only compared. */
export const connectorImportChangeSchema = z.object({
  supplierId: recordIdSchema,
  supplierCode: z.string(),
  supplierName: z.string(),
  endpointUrl: fieldChangeSchema,
  username: fieldChangeSchema,
  apiKey: z.enum(["added", "replaced", "unchanged"]),
});
export const connectorImportSchema = z.object({
  /** False for a preview: nothing was written. */
  applied: z.boolean(),
  imported: countAsNumber,
  suppliers: z.array(z.string()),
  changes: z.array(connectorImportChangeSchema),
  /** The account's connections for which the caller has no supplier; nothing is written for them. */
  skipped: z.array(z.string()),
});
export type ConnectorImport = z.infer<typeof connectorImportSchema>;
export const posImportSchema = z.object({ imported: countAsNumber, ids: z.array(recordIdSchema) });
