import { z } from "zod";

const webAddress = (what: string) =>
  z
    .string()
    .trim()
    .refine((value) => {
      try {
        return ["https:", "http:"].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, `${what}: an http(s) address`);

/** The head office's single sign-on provider (OpenID Connect, implicit flow with an id_token). */
export const ssoSettingsSchema = z.object({
  /** As the sign-in button names it: "Sign in with {name}". */
  name: z.string().trim().min(2, "Name the provider as your users know it").max(60),
  /** The `iss` of its tokens. */
  issuer: webAddress("The issuer"),
  authorizeUrl: webAddress("The authorization endpoint"),
  jwksUrl: webAddress("The key set (jwks_uri)"),
  /** Registered at the provider for this console; the tokens' audience. */
  clientId: z.string().trim().min(1, "The client id registered at the provider").max(200),
  enabled: z.boolean(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

export const storedSsoSettingsSchema = ssoSettingsSchema.extend({ updatedAt: z.string(), updatedBy: z.string().nullable() });

/** What the sign-in page is told of the provider (with /app-config.js). */
export interface SsoButton {
  name: string;
  authorizeUrl: string;
  clientId: string;
}
