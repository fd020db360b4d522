import { currencyDecimals } from "../../lib/currencyDecimals";
import { formatMinor } from "../../lib/money";

/**
 * What a price slider tells a screen reader and how far a key press moves it: the amount written
 * as money ("KWD 1,231.037", not the minor units 1231037), a hundredth of the range per press.
 */
export function priceSliderAccess(range: { min: number; max: number }, currency: string, language: string) {
  return {
    step: Math.max(1, Math.round((range.max - range.min) / 100)),
    ariaValueTextFormatterForHandle: (value: number | undefined) => (value === undefined ? "" : formatMinor(value, currency, currencyDecimals(currency), language)),
  };
}
