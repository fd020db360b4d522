// @vitest-environment jsdom
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { agencyRules } from "../agencyRules";
import { fopRules } from "../fopRules";
import { markets } from "../markets";
import { organisations } from "../organisations";
import type { ResourceField } from "../defineResource";
import { defaultColumns, readColumnChoice, writeColumnChoice } from "./columnChoice";
import * as XLSX from "xlsx";
import { exportTable, workbookBytes } from "./exportRows";
import { cellText, cellTone, cellValues, toApiValue, toFormValue } from "./fieldValues";
import { users } from "../users";
import { formRulesFor, isRequired } from "./formRules";

const KWD = { code: "KWD", decimals: 3 };
const labels = { yes: "Yes", no: "No", locale: "en" };
const field = (resource: { fields: readonly ResourceField[] }, name: string) => resource.fields.find((candidate) => candidate.name === name)!;

async function validate(target: ResourceField, value: unknown): Promise<string | null> {
  const [, validator] = formRulesFor(target, KWD, "Required");
  try {
    await (validator as { validator: (rule: unknown, value: unknown) => Promise<void> }).validator({}, value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe("form values", () => {
  it("turns money text into exact minor units and back, per the currency's decimals", () => {
    const money = field(agencyRules, "maxBookingAmount");
    expect(toApiValue(money, "1500.250", KWD)).toBe(1_500_250);
    expect(toApiValue(money, "0.1", { code: "USD", decimals: 2 })).toBe(10);
    expect(toFormValue(money, 1_500_250, KWD)).toBe("1500.250");
    expect(toFormValue(money, 5, KWD)).toBe("0.005");
  });

  it("turns dates into YYYY-MM-DD, and a cleared nullable date into null", () => {
    const validTo = field(fopRules, "validTo");
    expect(toApiValue(validTo, dayjs("2027-02-03"), KWD)).toBe("2027-02-03");
    expect(toApiValue(validTo, null, KWD)).toBeNull();
    expect(toApiValue(field(fopRules, "name"), null, KWD)).toBeUndefined();
    expect(toApiValue(field(organisations, "officeId"), "", KWD)).toBeNull();
    expect(toApiValue(field(organisations, "name"), "", KWD)).toBeUndefined();
  });

  it("never puts a stored secret back into the form, and lists only whether it is set", () => {
    const apiKey: ResourceField = { name: "apiKey", type: "secret", labelKey: "apiKey", rule: z.string().min(8).optional() };
    expect(toFormValue(apiKey, true, KWD)).toBeUndefined();
    expect(cellText(apiKey, true, KWD, labels)).toBe("Yes");
    expect(cellText(apiKey, false, KWD, labels)).toBe("No");
  });

  it("shows option labels, lists and money in cells", () => {
    expect(cellText(field(fopRules, "paymentMethodIds"), [1, 3], KWD, labels)).toBe("Deposit, Credit/Debit Card");
    expect(cellText(field(markets, "status"), 0, KWD, labels)).toBe("Inactive");
    expect(cellText(field(agencyRules, "holdAllowed"), false, KWD, labels)).toBe("No");
    expect(cellText(field(agencyRules, "maxBookingAmount"), 1_500_250, KWD, labels)).toBe("KWD 1,500.250");
  });

  it("names related records and countries, in the user's language, and falls back to the stored value", () => {
    const relationName = (_field: ResourceField, id: number) => (id === 2 ? "Gulf Partners Network" : undefined);
    expect(cellText(field(users, "organisationId"), 2, KWD, { ...labels, relationName })).toBe("Gulf Partners Network");
    expect(cellText(field(users, "roleIds"), [2, 9], KWD, { ...labels, relationName })).toBe("Gulf Partners Network, 9");
    expect(cellValues(field(markets, "countries"), ["KW", "SA"], KWD, { ...labels, locale: "ar" })).toEqual(["الكويت", "المملكة العربية السعودية"]);
    expect(cellText(field(organisations, "countryCode"), "XX", KWD, labels)).toBe("XX");
  });

  it("colours yes/no, statuses and approvals, and nothing else", () => {
    expect(cellTone(field(agencyRules, "holdAllowed"), true)).toBe("success");
    expect(cellTone(field(agencyRules, "holdAllowed"), false)).toBe("default");
    expect(cellTone(field(markets, "status"), 1)).toBe("success");
    expect(cellTone(field(organisations, "approvalStatus"), "rejected")).toBe("error");
    expect(cellTone(field(organisations, "approvalStatus"), "pending")).toBe("warning");
    expect(cellTone(field(markets, "kind"), "flight")).toBeUndefined();
    expect(cellTone(field(organisations, "name"), "Gulf")).toBeUndefined();
  });
});

describe("form rules from the declaration's zod rules", () => {
  it("marks required fields and gives the server's own messages", async () => {
    expect(isRequired(field(markets, "code"))).toBe(true);
    expect(isRequired(field(markets, "status"))).toBe(false);
    expect(await validate(field(markets, "code"), "x")).toBe("2-20 letters, digits or dashes");
    expect(await validate(field(markets, "code"), "GCC")).toBeNull();
    expect(await validate(field(fopRules, "paymentMethodIds"), [])).toBe("Choose at least one payment method");
    expect(await validate(field(agencyRules, "maxBookingAmount"), "1.0005")).toBe("KWD amounts have at most 3 decimals.");
    expect(await validate(field(agencyRules, "maxBookingAmount"), undefined)).toBeNull();
  });
});

describe("columns and export", () => {
  it("keeps the chosen columns per resource and falls back to the declared list columns", () => {
    const store = new Map<string, string>();
    const storage = { getItem: (key: string) => store.get(key) ?? null, setItem: (key: string, value: string) => void store.set(key, value) };
    expect(readColumnChoice(markets, storage)).toEqual(defaultColumns(markets));
    writeColumnChoice(markets, ["name", "unknown", "zones"], storage);
    expect(readColumnChoice(markets, storage)).toEqual(["name", "zones"]);
  });

  it("persists the choice in the browser's localStorage, separately per resource", () => {
    localStorage.clear();
    writeColumnChoice(markets, ["name"]);
    expect(localStorage.getItem("aggregator.columns.markets")).toBe('["name"]');
    expect(readColumnChoice(markets)).toEqual(["name"]);
    expect(readColumnChoice(fopRules)).toEqual(defaultColumns(fopRules));
    localStorage.setItem("aggregator.columns.markets", "not json");
    expect(readColumnChoice(markets)).toEqual(defaultColumns(markets));
  });

  it("builds an .xlsx workbook whose sheet reads back as the header and rows", async () => {
    const table = exportTable(
      agencyRules,
      ["maxBookingAmount", "holdAllowed"],
      [{ id: 7, maxBookingAmount: 1_500_250, holdAllowed: true }, { id: 8, maxBookingAmount: 5, holdAllowed: false }],
      (key) => key.split(".").at(-1)!,
      KWD,
      labels,
    );
    const book = XLSX.read(new Uint8Array(await workbookBytes("Agency rules", table)), { type: "array" });
    expect(book.SheetNames).toEqual(["Agency rules"]);
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets["Agency rules"]!, { header: 1 });
    expect(rows).toEqual([
      ["ID", "maxBookingAmount", "holdAllowed"],
      ["7", "KWD 1,500.250", "Yes"],
      ["8", "KWD 0.005", "No"],
    ]);
  });

  it("exports the chosen columns with labels and readable values", () => {
    const table = exportTable(markets, ["code", "status", "countries"], [{ id: 4, code: "GCC", status: 1, countries: ["KW", "SA"] }], (key) => key.split(".").at(-1)!, KWD, labels);
    expect(table).toEqual({ header: ["ID", "code", "status", "countries"], rows: [["4", "GCC", "Active", "Kuwait, Saudi Arabia"]] });
  });
});
