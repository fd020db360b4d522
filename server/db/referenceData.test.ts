import { describe, expect, it } from "vitest";
import { countryRows, currencyRows } from "./referenceData";

describe("currencyRows", () => {
  const byCode = new Map(currencyRows().map((currency) => [currency.code, currency]));

  it("follows the spec's decimals, not ISO's, where they differ", () => {
    expect(byCode.get("KWD")?.decimals).toBe(3);
    expect(byCode.get("JOD")?.decimals).toBe(3);
    expect(byCode.get("INR")?.decimals).toBe(0);
    expect(byCode.get("HUF")?.decimals).toBe(0);
    expect(byCode.get("USD")?.decimals).toBe(2);
    expect(byCode.get("EUR")?.decimals).toBe(2);
  });

  it("leaves out metals, bond units and testing codes", () => {
    for (const code of ["XAU", "XTS", "XXX"]) expect(byCode.has(code)).toBe(false);
    expect(byCode.has("XOF")).toBe(true);
  });
});

describe("countryRows", () => {
  it("gives each country its code, names, phone prefix, currency and continent", () => {
    const kuwait = countryRows().find((country) => country.code === "KW");
    expect(kuwait).toEqual({
      code: "KW",
      name: "Kuwait",
      native_name: "الكويت",
      phone_code: "+965",
      currency_code: "KWD",
      continent: "Asia",
    });
  });
});
