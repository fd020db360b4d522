import { describe, expect, it } from "vitest";
import { organisations } from "../organisations";
import { proposedCurrencies } from "./countryCurrency";

const COUNTRIES = [
  { code: "SA", currency: { code: "SAR" } },
  { code: "AQ", currency: null },
];

describe("proposedCurrencies", () => {
  it("proposes the chosen country's currency for the organisation's currency", () => {
    expect(proposedCurrencies(organisations.fields, { countryCode: "SA" }, () => false, COUNTRIES)).toEqual({ currencyCode: "SAR" });
  });

  it("leaves a currency the user picked, a country without a currency, and changes of other fields alone", () => {
    expect(proposedCurrencies(organisations.fields, { countryCode: "SA" }, (field) => field === "currencyCode", COUNTRIES)).toEqual({});
    expect(proposedCurrencies(organisations.fields, { countryCode: "AQ" }, () => false, COUNTRIES)).toEqual({});
    expect(proposedCurrencies(organisations.fields, { name: "Desert Rose" }, () => false, COUNTRIES)).toEqual({});
  });
});
