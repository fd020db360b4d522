import type ExcelJS from "exceljs";
import { markupRuleBodySchema, type MarkupRuleBody } from "../../src/contract/markup";
import type { RowError } from "../../src/contract/errors";
import { parseMajorToMinor } from "../../src/contract/money";
import { MARKUP_SHEET_COLUMNS, sheetColumnOf, type MarkupSheetColumn } from "../../src/contract/markupSheet";

type Column = MarkupSheetColumn;
type SheetRow = Record<Column, string>;

const MAX_UPLOAD_ROWS = 5_000;

const list = (text: string) => text.split(",").map((part) => part.trim()).filter((part) => part !== "");

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
    if ("text" in value) return String(value.text);
    if ("richText" in value) return value.richText.map((part) => part.text).join("");
    return "";
  }
  return String(value).trim();
}

/** One sheet row as a rule body, or the reasons it is not one (column names as in the sheet). */
export function ruleFromRow(row: SheetRow): { rule: MarkupRuleBody } | { errors: { column: string; message: string }[] } {
  const errors: { column: string; message: string }[] = [];
  const amount = (column: Column): number | null => {
    if (row[column] === "") return null;
    try {
      return parseMajorToMinor(row[column], row.currency);
    } catch (error) {
      errors.push({ column, message: error instanceof Error ? error.message : "Not an amount" });
      return null;
    }
  };
  const byAmount = row.markupBy === "by_amount";
  const value = byAmount ? amount("value") : row.value;
  const minimum = byAmount ? null : amount("minimum");
  const maximum = byAmount ? null : amount("maximum");
  if (errors.length > 0) return { errors };
  const candidate = {
    layer: row.layer,
    head: { name: row.name, status: Number(row.status), validFrom: row.validFrom, validTo: row.validTo === "" ? null : row.validTo, priority: Number(row.priority) },
    contentSource: { supplierIds: list(row.suppliers) },
    pointOfSale: { organisationIds: list(row.organisations).map(Number), includeSubtree: row.includeSubtree.toLowerCase() === "yes" },
    criteria: {
      airlines: list(row.airlines),
      cabins: list(row.cabins),
      tripTypes: list(row.tripTypes),
      passengerTypes: list(row.passengerTypes),
      origin: { countries: list(row.originCountries) },
      destination: { countries: list(row.destinationCountries) },
      fareFamilies: list(row.fareFamilies),
    },
    rule: byAmount
      ? { markupBy: "by_amount", amount: value, currency: row.currency, appliesPer: row.appliesPer }
      : { markupBy: "by_percentage", percentage: value, currency: row.currency, appliesPer: row.appliesPer, minimum, maximum },
  };
  const parsed = markupRuleBodySchema.safeParse(candidate);
  if (parsed.success) return { rule: parsed.data };
  return { errors: parsed.error.issues.map((issue) => ({ column: sheetColumnOf(issue.path), message: issue.message })) };
}

/**
 * Reads the first sheet of an .xlsx (header row, then one rule per row) with exceljs. Either
 * every row is a valid rule, or nothing is returned but the errors, row by row.
 */
export async function readMarkupWorkbook(bytes: Buffer): Promise<{ rules: MarkupRuleBody[]; errors: RowError[] }> {
  // Loaded at the first upload, not at start: an idle server does not hold the workbook library.
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return { rules: [], errors: [{ row: 0, column: "", message: "The file is not an Excel workbook (.xlsx)." }] };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.actualRowCount < 2) return { rules: [], errors: [{ row: 0, column: "", message: "The sheet has no rules under its header row." }] };
  const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(cellText);
  const missing = MARKUP_SHEET_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0) return { rules: [], errors: [{ row: 1, column: missing.join(", "), message: "Missing columns in the header row." }] };
  if (sheet.actualRowCount - 1 > MAX_UPLOAD_ROWS) return { rules: [], errors: [{ row: 0, column: "", message: `At most ${MAX_UPLOAD_ROWS} rules per upload.` }] };

  const rules: MarkupRuleBody[] = [];
  const errors: RowError[] = [];
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells = row.values as ExcelJS.CellValue[];
    const record = Object.fromEntries(MARKUP_SHEET_COLUMNS.map((column) => [column, cellText(cells[header.indexOf(column) + 1])])) as SheetRow;
    const result = ruleFromRow(record);
    if ("rule" in result) rules.push(result.rule);
    else errors.push(...result.errors.map((error) => ({ row: rowNumber, ...error })));
  });
  return errors.length > 0 ? { rules: [], errors } : { rules, errors };
}
