import { countries } from "countries-list";

export interface CodeOption {
  value: string;
  label: string;
}

const COUNTRY_CODES = Object.keys(countries);
const CURRENCY_CODES = [...new Set(Object.values(countries).flatMap((country) => country.currency))];

const byLanguage = new Map<string, { countries: CodeOption[]; currencies: CodeOption[] }>();

function displayName(language: string, type: "region" | "currency" | "language", code: string): string {
  try {
    return new Intl.DisplayNames([language], { type }).of(code) ?? code;
  } catch {
    // Codes outside ISO (a stored legacy value) are shown as they are.
    return code;
  }
}

function optionsOf(language: string, type: "region" | "currency", codes: readonly string[]): CodeOption[] {
  const names = new Intl.DisplayNames([language], { type });
  return codes
    .map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` }))
    .sort((left, right) => left.label.localeCompare(right.label, language));
}

/** Every country and every currency in use, named in the language and sorted for it, with their ISO codes; built once per language. */
export function worldOptions(language: string) {
  let options = byLanguage.get(language);
  if (!options) {
    options = { countries: optionsOf(language, "region", COUNTRY_CODES), currencies: optionsOf(language, "currency", CURRENCY_CODES) };
    byLanguage.set(language, options);
  }
  return options;
}

/** A country's name in the language ("Kuwait", "الكويت"); an unknown code as it is. */
export const countryName = (code: string, language: string) => displayName(language, "region", code);

/** Languages a guide or an audio tour is offered in; suppliers name them in English or by ISO code. */
const GUIDE_LANGUAGE_CODES = ["ar", "en", "fr", "de", "es", "it", "pt", "ru", "zh", "ja", "ko", "hi", "ur", "fa", "tr", "nl", "el", "he", "id", "ms", "th"];
const codeByEnglishName = new Map(GUIDE_LANGUAGE_CODES.map((code) => [displayName("en", "language", code).toLowerCase(), code]));

/**
 * A language as the supplier names it ("Arabic" or "ar") in the reader's language ("العربية");
 * one it does not know is shown as the supplier wrote it.
 */
export function languageName(supplierName: string, language: string): string {
  const code = codeByEnglishName.get(supplierName.toLowerCase()) ?? (GUIDE_LANGUAGE_CODES.includes(supplierName.toLowerCase()) ? supplierName.toLowerCase() : null);
  return code === null ? supplierName : displayName(language, "language", code);
}
