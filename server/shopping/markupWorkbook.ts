import type ExcelJS from "exceljs";
import type { MarkupRuleBody } from "../../src/contract/markup";
import type { RowError } from "../../src/contract/errors";
import { markupSheetProblems, ruleFromRow, sheetRowOf } from "../../src/contract/markupSheet";

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
  if (!sheet) return { rules: [], errors: markupSheetProblems([], 0) };
  const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(cellText);
  const problems = markupSheetProblems(header, sheet.actualRowCount - 1);
  if (problems.length > 0) return { rules: [], errors: problems };

  const rules: MarkupRuleBody[] = [];
  const errors: RowError[] = [];
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const result = ruleFromRow(sheetRowOf(header, (row.values as ExcelJS.CellValue[]).slice(1).map(cellText)));
    if ("rule" in result) rules.push(result.rule);
    else errors.push(...result.errors.map((error) => ({ row: rowNumber, ...error })));
  });
  return errors.length > 0 ? { rules: [], errors } : { rules, errors };
}
