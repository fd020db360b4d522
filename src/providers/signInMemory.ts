import { ATTEMPTS_SESSION_KEY, CAPTCHA_SESSION_KEY } from "./storageKeys";

/*
 * What the browser keeps of signing in: the failed attempts of this tab (the captcha shows after
 * some) and the remember-me cookie. Apart from the API code, which the login page loads only when
 * it signs in.
 */

export const REMEMBER_ME_COOKIE = "rememberme_token";
const REMEMBER_ME_DAYS = 30;

export function failedAttempts(): number {
  return Number(window.sessionStorage.getItem(ATTEMPTS_SESSION_KEY) ?? 0) || 0;
}

export function countFailedAttempt() {
  window.sessionStorage.setItem(ATTEMPTS_SESSION_KEY, String(failedAttempts() + 1));
}

export function forgetFailedAttempts() {
  window.sessionStorage.removeItem(ATTEMPTS_SESSION_KEY);
  window.sessionStorage.removeItem(CAPTCHA_SESSION_KEY);
}

/** The server asked for the captcha (its count of failures, per account and address, can be ahead of this tab's). */
export function captchaAsked(): boolean {
  return window.sessionStorage.getItem(CAPTCHA_SESSION_KEY) === "1";
}

export function rememberCaptchaAsked() {
  window.sessionStorage.setItem(CAPTCHA_SESSION_KEY, "1");
}

export function rememberSignIn(token: string | undefined) {
  if (!token) return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${REMEMBER_ME_COOKIE}=${encodeURIComponent(token)}; Max-Age=${REMEMBER_ME_DAYS * 86_400}; Path=/; SameSite=Lax${secure}`;
}

export function forgetRememberedSignIn() {
  document.cookie = `${REMEMBER_ME_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
