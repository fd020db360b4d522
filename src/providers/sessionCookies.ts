import { SESSION_COOKIE_LIFETIME_MS } from "../config/constants";

export const USER_SID_COOKIE = "user_sid";

export const sessionCookieName = (host: string) => `aggregator-${host}`;

export function readCookie(name: string): string | undefined {
  if (typeof document === "undefined") return undefined;
  for (const pair of document.cookie.split(";")) {
    const separator = pair.indexOf("=");
    const key = (separator < 0 ? pair : pair.slice(0, separator)).trim();
    if (key === name) return decodeURIComponent(separator < 0 ? "" : pair.slice(separator + 1).trim());
  }
  return undefined;
}

function writeCookie(name: string, value: string, maxAgeSeconds: number) {
  // The spec wants the session cookies usable cross-site (SameSite=None), but browsers drop
  // SameSite=None cookies that are not Secure, and plain-http localhost cannot set Secure:
  // there the cookie falls back to Lax, which is all a same-origin dev server needs.
  const secure = window.location.protocol === "https:";
  const sameSite = secure ? "SameSite=None; Secure" : "SameSite=Lax";
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; ${sameSite}`;
}

const sessionCookieNames = () => [sessionCookieName(window.location.hostname), USER_SID_COOKIE];

/** Sets (or re-sets, extending to the full lifetime) both session cookies. */
export function setSessionCookies(value: string) {
  for (const name of sessionCookieNames()) writeCookie(name, value, SESSION_COOKIE_LIFETIME_MS / 1000);
}

export function deleteSessionCookies() {
  for (const name of sessionCookieNames()) writeCookie(name, "", 0);
}
