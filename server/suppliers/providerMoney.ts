import { z } from "zod";
import { parseMajorToMinor, type Money } from "../../src/contract/money";
import { SupplierError } from "./supplierError";

/**
 * A provider's amount in minor units: its decimal text parsed exactly, never through a float. One
 * that cannot be read (not a number, more decimals than the currency has) is the provider's failure,
 * in words that name it.
 */
export function providerMoney(provider: string, amount: string, currency: string): Money {
  try {
    return { amount: parseMajorToMinor(amount, currency), currency };
  } catch (error) {
    throw new SupplierError("SUPPLIER_FAILURE", `${provider} sent the amount "${amount} ${currency}", which cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * An amount some answers write as a JSON number and others as a decimal string, read as the
 * decimal text (a number that is not a plain decimal, 1e-7, is then refused as unreadable). Every
 * provider's amounts go through it or its signed twin.
 */
export const providerDecimalSchema = z.union([z.number().nonnegative(), z.string().regex(/^\d+(\.\d+)?$/)]).transform(String);

/** The same for amounts that may be negative (a refund, a discount). */
export const signedProviderDecimalSchema = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).transform(String);
