import { runtimeConfig } from "../config/runtimeConfig";
import { i18n } from "../i18n/i18n";
import { createApiClient } from "./createApiClient";
import { globalLoading } from "./globalLoading";
import { navigateTo } from "./navigation";
import { notifier } from "./notifier";
import { endSession } from "./session";
import { currentSessionUser } from "./sessionUser";
import { readCookie } from "./sessionCookies";
import { tokenStorage } from "./tokenStorage";

export const apiClient = createApiClient({
  baseURL: runtimeConfig.apiBaseUrl,
  envelope: { secret: runtimeConfig.payloadSecret, hash: runtimeConfig.payloadKdfHash },
  tokens: tokenStorage,
  currentUsername: () => currentSessionUser()?.username,
  readCookie,
  notify: notifier.show,
  translate: (key) => i18n.t(key),
  endSession,
  navigate: navigateTo,
  leave: (url) => window.location.assign(url),
  loading: globalLoading,
});
