/**
 * Formats an amount held as integer minor units (e.g. 12345 fils = 12.345 KWD) with exactly
 * `decimals` fraction digits. The major/minor split is done with BigInt so no float ever
 * touches the amount; Intl only groups the integer part and places the separators.
 */
export function formatMinor(
  amountMinor: number | bigint,
  currencyCode: string,
  decimals: number,
  locale = "en",
  { withCode = true }: { withCode?: boolean } = {},
): string {
  if (typeof amountMinor === "number" && !Number.isSafeInteger(amountMinor)) {
    throw new RangeError(`Money must be an integer number of minor units, got ${amountMinor}.`);
  }
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 4) {
    throw new RangeError(`Currency decimals must be an integer between 0 and 4, got ${decimals}.`);
  }
  const minor = BigInt(amountMinor);
  const negative = minor < 0n;
  const absolute = negative ? -minor : minor;
  const scale = 10n ** BigInt(decimals);
  const major = absolute / scale;
  const fraction = (absolute % scale).toString().padStart(decimals, "0");

  const parts = currencyFormat(locale, currencyCode, decimals).formatToParts(negative ? -major : major);

  // Without the code (a column whose header names the currency), the amount stands alone.
  const isCode = (index: number) => parts[index]?.type === "currency";
  return parts
    .filter((part, index) => withCode || !(isCode(index) || (part.type === "literal" && part.value.trim() === "" && (isCode(index - 1) || isCode(index + 1)))))
    .map((part) => (part.type === "fraction" ? localiseDigits(fraction, locale) : part.value))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

// Building an Intl.NumberFormat costs far more than using one: a results page formats hundreds of prices.
const formats = new Map<string, Intl.NumberFormat>();

function cachedFormat(key: string, create: () => Intl.NumberFormat): Intl.NumberFormat {
  let format = formats.get(key);
  if (!format) {
    format = create();
    formats.set(key, format);
  }
  return format;
}

function currencyFormat(locale: string, currencyCode: string, decimals: number): Intl.NumberFormat {
  return cachedFormat(`${locale}|${currencyCode}|${decimals}`, () =>
    new Intl.NumberFormat(locale, { style: "currency", currency: currencyCode, currencyDisplay: "code", minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
  );
}

function localiseDigits(digits: string, locale: string): string {
  const format = cachedFormat(`${locale}|digits`, () => new Intl.NumberFormat(locale, { useGrouping: false }));
  return digits.replace(/\d/g, (digit) => format.format(Number(digit)));
}
