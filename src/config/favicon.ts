import { USER_SID_COOKIE, readCookie } from "../providers/sessionCookies";
import type { RuntimeConfig } from "./runtimeConfig";

export const DEFAULT_FAVICON = "/favicon.svg";

function setFavicon(href: string) {
  let link = document.querySelector<HTMLLinkElement>("link[rel='icon']");
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.appendChild(link);
  }
  link.href = href;
}

/** Spec section 4: outside NDC and before a session exists (no user_sid cookie), the host's own favicon (served with /app-config.js), else the default. */
export function faviconFor(config: Pick<RuntimeConfig, "project" | "hostFavIcon">, sessionCookie: string | undefined): string {
  if (config.project === "ndc" || sessionCookie !== undefined) return DEFAULT_FAVICON;
  return config.hostFavIcon ?? DEFAULT_FAVICON;
}

export function applyFavicon(config: Pick<RuntimeConfig, "project" | "hostFavIcon">) {
  setFavicon(faviconFor(config, readCookie(USER_SID_COOKIE)));
}
