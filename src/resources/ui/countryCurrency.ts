import type { ResourceField } from "../defineResource";

/** A country of `/api/get-all-country-with-currency`, as far as a proposal needs it. */
export interface CountryWithCurrency {
  code: string;
  currency: { code: string } | null;
}

/**
 * The currencies a new record's form proposes after a change: for each currency field that
 * follows a country field which just changed, that country's currency, unless the user has
 * picked the currency themselves or the country has none.
 */
export function proposedCurrencies(
  fields: readonly ResourceField[],
  changed: Record<string, unknown>,
  pickedByUser: (field: string) => boolean,
  countries: readonly CountryWithCurrency[],
): Record<string, string> {
  const proposals: Record<string, string> = {};
  for (const field of fields) {
    const country = field.proposedFromCountry;
    if (country === undefined || !(country in changed) || pickedByUser(field.name)) continue;
    const currency = countries.find((candidate) => candidate.code === changed[country])?.currency?.code;
    if (currency) proposals[field.name] = currency;
  }
  return proposals;
}
