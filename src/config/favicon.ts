import { hostLogoResponseSchema } from "../contract/reference";
import { SKIP_AUTH_HEADER } from "../providers/createApiClient";
import { apiClient } from "../providers/apiClient";
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

/** Spec section 4: outside NDC and before a session exists, the host's own favicon is used. */
export async function applyFavicon(config: Pick<RuntimeConfig, "project">) {
  setFavicon(DEFAULT_FAVICON);
  if (config.project === "ndc" || readCookie(USER_SID_COOKIE) !== undefined) return;
  try {
    const { data } = await apiClient.post("/api/get_host_logo", undefined, { headers: { [SKIP_AUTH_HEADER]: "true" } });
    const favIcon = hostLogoResponseSchema.safeParse(data).data?.data.favIcon;
    if (favIcon) setFavicon(favIcon);
  } catch {
    // The default favicon stays.
  }
}
