import { DEV_PAYLOAD_SECRET, type KdfHash } from "../contract/envelopeOptions";
import type { SsoButton } from "../contract/sso";

/** What `/app-config.js` (served by the server) may put on `window.__APP_CONFIG__`. */
export interface ServedAppConfig {
  project?: string;
  providerName?: string;
  /** The language the console opens in for someone who has not chosen one (the host organisation's setting). */
  defaultLanguage?: string;
  chatWidgetSrc?: string;
  /** The favicon of the organisation whose domain the console is served on. */
  hostFavIcon?: string;
  /** Its logo, shown on the signed-out pages. */
  hostLogo?: string;
  /** The captcha sign-in asks after failed attempts: its public site key and script. */
  captcha?: CaptchaConfig;
  /** The head office's single sign-on provider, when it is on (read field by field: what is served is not trusted whole). */
  sso?: Partial<SsoButton>;
}

export interface CaptchaConfig {
  siteKey: string;
  scriptUrl: string;
  afterFailures: number;
}

export interface RuntimeConfig {
  apiBaseUrl: string;
  payloadSecret: string;
  payloadKdfHash: KdfHash;
  project: string;
  providerName: string;
  defaultLanguage: "en" | "ar";
  chatWidgetSrc: string | undefined;
  hostFavIcon: string | undefined;
  hostLogo: string | undefined;
  captcha: CaptchaConfig | undefined;
  sso: SsoButton | undefined;
}

declare global {
  interface Window {
    __APP_CONFIG__?: ServedAppConfig;
  }
}

export interface ConfigSources {
  served: ServedAppConfig | undefined;
  env: Record<string, string | boolean | undefined>;
}

function captchaOf(served: unknown): CaptchaConfig | undefined {
  if (typeof served !== "object" || served === null) return undefined;
  const { siteKey, scriptUrl, afterFailures } = served as Record<string, unknown>;
  return typeof siteKey === "string" && siteKey !== "" && typeof scriptUrl === "string" && typeof afterFailures === "number" ? { siteKey, scriptUrl, afterFailures } : undefined;
}

function ssoOf(served: unknown): SsoButton | undefined {
  if (typeof served !== "object" || served === null) return undefined;
  const { name, authorizeUrl, clientId } = served as Record<string, unknown>;
  return typeof name === "string" && typeof authorizeUrl === "string" && typeof clientId === "string" ? { name, authorizeUrl, clientId } : undefined;
}

export function readRuntimeConfig({ served, env }: ConfigSources): RuntimeConfig {
  const text = (value: unknown) => (typeof value === "string" && value.trim() !== "" ? value.trim() : undefined);
  return {
    apiBaseUrl: text(env.VITE_API_BASE_URL)?.replace(/\/+$/, "") ?? "",
    payloadSecret: text(env.VITE_PAYLOAD_SECRET) ?? DEV_PAYLOAD_SECRET,
    payloadKdfHash: text(env.VITE_PAYLOAD_KDF_HASH) === "sha1" ? "sha1" : "sha256",
    project: text(served?.project) ?? text(env.VITE_PROJECT) ?? "aggregator",
    providerName: text(served?.providerName) ?? text(env.VITE_PROVIDER_NAME) ?? "",
    defaultLanguage: served?.defaultLanguage === "ar" ? "ar" : "en",
    chatWidgetSrc: text(served?.chatWidgetSrc) ?? text(env.VITE_CHAT_WIDGET_SRC),
    hostFavIcon: text(served?.hostFavIcon),
    hostLogo: text(served?.hostLogo),
    captcha: captchaOf(served?.captcha),
    sso: ssoOf(served?.sso),
  };
}

export const runtimeConfig: RuntimeConfig = readRuntimeConfig({
  served: typeof window === "undefined" ? undefined : window.__APP_CONFIG__,
  env: import.meta.env,
});
