import { THREE_DECIMAL_CURRENCIES, ZERO_DECIMAL_CURRENCIES } from "../config/constants";

const threeDecimals: ReadonlySet<string> = new Set(THREE_DECIMAL_CURRENCIES);
const zeroDecimals: ReadonlySet<string> = new Set(ZERO_DECIMAL_CURRENCIES);

/** Minor-unit digits of a currency per spec section 9. */
export function currencyDecimals(currencyCode: string): number {
  const code = currencyCode.toUpperCase();
  if (threeDecimals.has(code)) return 3;
  if (zeroDecimals.has(code)) return 0;
  return 2;
}
