import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { MARKUP_SHEET_COLUMNS, MARKUP_SHEET_EXAMPLE, ruleFromRow, type MarkupSheetRow as SheetRow } from "../../src/contract/markupSheet";
import { readMarkupWorkbook } from "./markupWorkbook";

const amountRow: SheetRow = {
  name: "Kuwait agencies", layer: "agency", status: "1", priority: "2", validFrom: "2026-01-01", validTo: "",
  suppliers: "ba-ndc, travelfusion", organisations: "3", includeSubtree: "yes", airlines: "BA", cabins: "", tripTypes: "",
  passengerTypes: "", originCountries: "KW", destinationCountries: "", fareFamilies: "",
  markupBy: "by_amount", value: "2.500", currency: "KWD", appliesPer: "passenger", minimum: "", maximum: "",
};

async function workbookBytes(header: readonly string[], rows: SheetRow[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Rules");
  sheet.addRow([...header]);
  for (const row of rows) sheet.addRow(header.map((column) => row[column as keyof SheetRow] ?? ""));
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe("ruleFromRow", () => {
  it("reads an amount row in major units into minor units, with its lists and point of sale", () => {
    const result = ruleFromRow(amountRow);
    if (!("rule" in result)) throw new Error(JSON.stringify(result.errors));
    expect(result.rule.rule).toMatchObject({ markupBy: "by_amount", amount: 2500, currency: "KWD", appliesPer: "passenger" });
    expect(result.rule.contentSource.supplierIds).toEqual(["ba-ndc", "travelfusion"]);
    expect(result.rule.pointOfSale).toMatchObject({ organisationIds: [3], includeSubtree: true });
    expect(result.rule.head).toMatchObject({ name: "Kuwait agencies", status: 1, priority: 2, validTo: null });
  });

  it("reads a percentage row with its minimum and maximum in the rule's currency", () => {
    const result = ruleFromRow({ ...amountRow, markupBy: "by_percentage", value: "3.5", currency: "USD", minimum: "5", maximum: "40.25" });
    if (!("rule" in result)) throw new Error(JSON.stringify(result.errors));
    expect(result.rule.rule).toMatchObject({ markupBy: "by_percentage", percentage: "3.5", minimum: 500, maximum: 4025 });
  });

  it("names the column of each problem", () => {
    const tooPrecise = ruleFromRow({ ...amountRow, value: "1.2345" });
    expect(tooPrecise).toEqual({ errors: [{ column: "value", message: "KWD amounts have at most 3 decimals." }] });
    const badLayer = ruleFromRow({ ...amountRow, layer: "airline" });
    expect("errors" in badLayer && badLayer.errors.map((error) => error.column)).toEqual(["layer"]);
    // Problems the rule's schema finds are named by the sheet's own column, not the body's path.
    const unnamed = ruleFromRow({ ...amountRow, name: "", validFrom: "soon", originCountries: "Kuwait" });
    expect("errors" in unnamed && unnamed.errors.map((error) => error.column).sort()).toEqual(["name", "originCountries", "validFrom"]);
  });

  it("fills in the template's example row as a valid rule", () => {
    const example = ruleFromRow({ ...MARKUP_SHEET_EXAMPLE });
    expect("rule" in example).toBe(true);
  });
});

describe("readMarkupWorkbook", () => {
  it("returns every rule when every row is valid", async () => {
    const read = await readMarkupWorkbook(await workbookBytes(MARKUP_SHEET_COLUMNS, [amountRow, { ...amountRow, name: "Second" }]));
    expect(read.errors).toEqual([]);
    expect(read.rules.map((rule) => rule.head.name)).toEqual(["Kuwait agencies", "Second"]);
  });

  it("returns no rule at all when one row is bad, with its sheet row number", async () => {
    const read = await readMarkupWorkbook(await workbookBytes(MARKUP_SHEET_COLUMNS, [amountRow, { ...amountRow, value: "abc" }]));
    expect(read.rules).toEqual([]);
    expect(read.errors).toEqual([{ row: 3, column: "value", message: "\"abc\" is not an amount." }]);
  });

  it("refuses a sheet missing columns and bytes that are not a workbook", async () => {
    const missing = await readMarkupWorkbook(await workbookBytes(MARKUP_SHEET_COLUMNS.filter((column) => column !== "currency"), [amountRow]));
    expect(missing.errors).toEqual([{ row: 1, column: "currency", message: "Missing columns in the header row." }]);
    const notExcel = await readMarkupWorkbook(Buffer.from("name,layer\n"));
    expect(notExcel.errors[0]).toMatchObject({ row: 0, message: "The file is not an Excel workbook (.xlsx)." });
  });
});
