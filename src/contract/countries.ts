import { countries } from "countries-list";
import { z } from "zod";

const COUNTRY_CODES: ReadonlySet<string> = new Set(Object.keys(countries));

/** An ISO 3166 country code that names a country ("ZZ" does not), as every product's request takes one. */
export const countryCodeSchema = z
  .string()
  .regex(/^[A-Z]{2}$/, { message: "A country, as its two-letter code", abort: true })
  .refine((code) => COUNTRY_CODES.has(code), "Not a country: choose one from the list");
