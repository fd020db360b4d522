import { z } from "zod";

export const countrySchema = z.object({
  id: z.number().int(),
  code: z.string().length(2),
  name: z.string(),
  native_name: z.string(),
  phone_code: z.string(),
  currency_code: z.string().nullable(),
  continent: z.string(),
});

export const currencySchema = z.object({
  id: z.number().int(),
  code: z.string().length(3),
  name: z.string(),
  decimal: z.number().int().min(0).max(4),
});

export const timezoneSchema = z.object({
  name: z.string(),
  /** Current UTC offset, e.g. "+03:00". */
  offset: z.string(),
});

export const airportSchema = z.object({
  iata: z.string().length(3),
  name: z.string(),
  city: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  tz: z.string(),
});

export const airlineSchema = z.object({
  code: z.string().length(2),
  name: z.string(),
  country: z.string(),
});

export const hostLogoResponseSchema = z.object({
  status: z.literal(200),
  data: z.object({ favIcon: z.string().nullable(), logo: z.string().nullable(), name: z.string() }),
});

/** POST /api/parent-settings (no auth): the branding the login page needs before a session exists. */
export const parentSettingsResponseSchema = z.object({
  status: z.literal(200),
  data: z.object({
    brandName: z.string(),
    providerName: z.string(),
    primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    defaultLanguage: z.enum(["en", "ar"]),
    project: z.string(),
  }),
});

/** GET /api/get-country: the signed-in user's own country (null when none is set). */
export const currentCountryResponseSchema = z.object({ status: z.literal(200), data: countrySchema.nullable() });

export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({ status: z.literal(200), data: z.array(item), total: z.number().int().optional() });

export type Country = z.infer<typeof countrySchema>;
export type Currency = z.infer<typeof currencySchema>;
export type Timezone = z.infer<typeof timezoneSchema>;
export type Airport = z.infer<typeof airportSchema>;
export type Airline = z.infer<typeof airlineSchema>;
export type ParentSettingsResponse = z.infer<typeof parentSettingsResponseSchema>;
