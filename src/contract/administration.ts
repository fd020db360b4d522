import { z } from "zod";
import { recordIdParamSchema, recordIdSchema } from "./ids";

/** The spec's administration calls beside the resources' own: their bodies and queries, as the server checks them. */
export const agentsQuerySchema = z.object({ organisationId: recordIdParamSchema.optional() });
export const approvalQuerySchema = z.object({ status: z.enum(["pending", "approved", "rejected"]).optional() });
export const brandBodySchema = z.object({ brandId: recordIdSchema });
export const fetchPosBodySchema = z.object({ id: recordIdSchema.optional() });
export const selectedBrandsBodySchema = z.object({ brandIds: z.array(recordIdSchema).min(1, "Choose at least one brand") });
export const connectorImportBodySchema = z.object({ connector: z.literal("sandbox-tpc"), accountId: z.string().trim().regex(/^[A-Za-z0-9-]{3,40}$/, "3-40 letters, digits or dashes") });

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
