/** Business constants of spec section 9. */

export const SESSION_COOKIE_LIFETIME_MS = 3_600_000;
export const IDLE_TIMEOUT_MS = 300_000;
export const REDIRECT_DELAY_MS = 1_000;

export const TOAST_TIMEOUT_MS = {
  default: 10_000,
  info: 2_000,
  error: 3_000,
} as const;

/** The data service's own toast defaults (section 9), kept for pages that adopt them. */
export const DATA_SERVICE_TOAST = {
  timeoutMs: 5_000,
  extendedTimeoutMs: 1_000,
  easeTimeMs: 300,
  position: "top-right",
  newestOnTop: true,
  tapToDismiss: true,
} as const;

export const ERROR_LOG_PROJECT_ID = "AGG";
export const LATEST_POSTS_COUNT = 3;
export const LEGACY_PRODUCT_VERSION = "3.1.75";

export const BOOKING_MODES = { 1: "pos", 2: "brand", 3: "behalfOfBooking" } as const;
export type BookingMode = keyof typeof BOOKING_MODES;

export const SPECIAL_AIRLINE_CODES = ["SQ", "WY", "GF", "SM", "SV", "UL", "2D", "MS", "CX"] as const;
export const PRIORITY_AIRLINE_CODES = ["1T", "WN", "TR", "UA"] as const;

export const THREE_DECIMAL_CURRENCIES = ["JOD", "KWD", "OMR", "TND", "BHD", "LYD", "IQD"] as const;
export const ZERO_DECIMAL_CURRENCIES = [
  "BAM", "BDT", "BIF", "BOB", "BYR", "CLP", "COP", "CRC", "DJF", "DOP", "GNF", "HTG", "HUF", "IDR",
  "INR", "ISK", "JMD", "JPY", "KMF", "KRW", "KZT", "LKR", "MKD", "MMK", "MNT", "MUR", "MWK", "NPR",
  "PKR", "PYG", "RSD", "RWF", "TWD", "VND", "VUV", "XAF", "XOF", "XPF", "ZMW", "ZWD",
] as const;

/** Responsive breakpoints: the lower bound of each band in pixels. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 } as const;
