import { continents, countries } from "countries-list";
import currencyCodes from "currency-codes";
import type { Insertable, Kysely } from "kysely";
import { currencyDecimals } from "../../src/lib/currencyDecimals";
import type { CountriesTable, CurrenciesTable, Database } from "./schema";

/** ISO 4217 codes that are precious metals, bond units, testing or "no currency": never prices. */
const NON_MONEY_CURRENCY_CODES = new Set(["XAG", "XAU", "XBA", "XBB", "XBC", "XBD", "XDR", "XPD", "XPT", "XSU", "XTS", "XUA", "XXX"]);

/** ISO 4217 currencies (currency-codes), with the decimals the spec gives (section 9), by code. */
export function currencyRows(): Insertable<CurrenciesTable>[] {
  return currencyCodes.data
    .filter((currency) => !NON_MONEY_CURRENCY_CODES.has(currency.code))
    .map((currency) => ({ code: currency.code, name: currency.currency, decimals: currencyDecimals(currency.code) }))
    .sort((left, right) => left.code.localeCompare(right.code));
}

/** Countries (countries-list), by ISO 3166 code. */
export function countryRows(): Insertable<CountriesTable>[] {
  return Object.entries(countries)
    .map(([code, country]) => ({
      code,
      name: country.name,
      native_name: country.native,
      phone_code: country.phone.map((prefix) => `+${prefix}`).join(","),
      currency_code: country.currency[0] ?? null,
      continent: continents[country.continent],
    }))
    .sort((left, right) => left.code.localeCompare(right.code));
}

/** Inserts the reference data and refreshes names and decimals; ids stay stable across starts. */
export async function syncReferenceData(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("currencies")
      .values(currencyRows())
      .onConflict((conflict) =>
        conflict.column("code").doUpdateSet((update) => ({ name: update.ref("excluded.name"), decimals: update.ref("excluded.decimals") })),
      )
      .execute();
    await trx
      .insertInto("countries")
      .values(countryRows())
      .onConflict((conflict) =>
        conflict.column("code").doUpdateSet((update) => ({
          name: update.ref("excluded.name"),
          native_name: update.ref("excluded.native_name"),
          phone_code: update.ref("excluded.phone_code"),
          currency_code: update.ref("excluded.currency_code"),
          continent: update.ref("excluded.continent"),
        })),
      )
      .execute();
  });
}
