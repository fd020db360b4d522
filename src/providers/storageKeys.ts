/** Keys of what the console keeps in the browser's localStorage. */
export const STORAGE_KEYS = {
  token: "token",
  refreshToken: "refreshToken",
  menuPermission: "menuPermission",
  userBookingInfo: "userBookingInfo",
  setup: "setup",
  language: "language",
  selectedCurrency: "selectedCurrency",
} as const;

/** sessionStorage key of the failed sign-in counter (spec section 4). */
export const ATTEMPTS_SESSION_KEY = "attempts";
/** Set when the server asked this tab for the captcha at sign-in. */
export const CAPTCHA_SESSION_KEY = "captcha";
