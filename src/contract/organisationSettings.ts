import { z } from "zod";
import { recordIdSchema } from "./ids";

/** The settings an organisation inherits down the tree where it leaves one empty. */
export const INHERITED_SETTINGS = ["providerName", "defaultLanguage"] as const;
export type InheritedSetting = (typeof INHERITED_SETTINGS)[number];

/** What the head office sets for one organisation: null inherits from the organisation above. */
export const organisationSettingsBodySchema = z.object({
  providerName: z.string().trim().min(1, "Give a name, or leave it empty to inherit").max(60, "At most 60 characters").nullable(),
  defaultLanguage: z.enum(["en", "ar"], "English or Arabic, or leave it empty to inherit").nullable(),
});
export type OrganisationSettingsBody = z.infer<typeof organisationSettingsBodySchema>;

/** An organisation's settings: its own, what applies, and where each applying value comes from. */
export const organisationSettingsSchema = z.object({
  organisationId: recordIdSchema,
  own: organisationSettingsBodySchema,
  effective: z.object({ providerName: z.string(), defaultLanguage: z.enum(["en", "ar"]) }),
  /** The organisation each applying value is set on; null: the platform's configuration (APP_PROVIDER_NAME, APP_DEFAULT_LANGUAGE). */
  inheritedFrom: z.object({
    providerName: z.object({ id: recordIdSchema, name: z.string() }).nullable(),
    defaultLanguage: z.object({ id: recordIdSchema, name: z.string() }).nullable(),
  }),
});
export type OrganisationSettings = z.infer<typeof organisationSettingsSchema>;
