import { z } from "zod";

/** A published version of the head office's terms and conditions; a new version is asked of everyone again. */
export const termsVersionSchema = z.object({
  version: z.number().int().positive(),
  bodyEn: z.string(),
  /** Empty: Arabic readers read the English. */
  bodyAr: z.string(),
  publishedAt: z.string(),
  publishedBy: z.string().nullable(),
  /** Users who accepted this version. */
  acceptedBy: z.number().int().min(0),
});
export type TermsVersion = z.infer<typeof termsVersionSchema>;

const termsText = (language: string) =>
  z.string().trim().max(20_000, `At most 20,000 characters of ${language}`);

export const termsPublishRequestSchema = z.object({
  bodyEn: termsText("English").min(20, "Write the terms in English (at least 20 characters)"),
  bodyAr: termsText("Arabic").default(""),
});
export type TermsPublishRequest = z.input<typeof termsPublishRequestSchema>;

/** GET /api/get-term-condition-value/{id}: whether the user accepted the current terms, and those terms. */
export const termsStandingSchema = z.object({
  /** True when there is nothing to accept: no terms are published, or the current version was accepted. */
  accepted: z.boolean(),
  acceptedAt: z.string().nullable(),
  acceptedVersion: z.number().int().nullable(),
  current: termsVersionSchema.pick({ version: true, bodyEn: true, bodyAr: true, publishedAt: true }).nullable(),
});
export type TermsStanding = z.infer<typeof termsStandingSchema>;

/** GET /api/finish-term-condition/{id}: the version the user read; without it, the current one. */
export const termsAcceptQuerySchema = z.object({ version: z.coerce.number<string | number>().int().positive().optional() });
