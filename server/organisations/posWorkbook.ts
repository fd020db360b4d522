import type ExcelJS from "exceljs";
import type { RowError } from "../../src/contract/errors";
import { parseMajorToMinor } from "../../src/contract/money";
import { POS_SHEET_COLUMNS } from "../../src/contract/posSheet";
import { createSchemaOf } from "../../src/resources/defineResource";
import { organisations } from "../../src/resources/organisations";

const MAX_POS_ROWS = 2_000;

export type PosRow = Record<string, unknown>;

const text = (value: ExcelJS.CellValue): string => {
  if (value === null || value === undefined) return "";
  if (typeof value === "object" && "text" in value) return String(value.text);
  if (typeof value === "object" && "result" in value) return String(value.result ?? "");
  return String(value).trim();
};

/** The rows as organisation bodies, each checked with the organisations declaration; all or nothing. */
export async function readPosWorkbook(bytes: Buffer): Promise<{ rows: PosRow[]; errors: RowError[] }> {
  // Loaded at the first upload, not at start: an idle server does not hold the workbook library.
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    return { rows: [], errors: [{ row: 0, column: "", message: "The file is not an Excel workbook (.xlsx)." }] };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.actualRowCount < 2) return { rows: [], errors: [{ row: 0, column: "", message: "The sheet has no points of sale under its header row." }] };
  if (sheet.actualRowCount - 1 > MAX_POS_ROWS) return { rows: [], errors: [{ row: 0, column: "", message: `At most ${MAX_POS_ROWS} rows per upload.` }] };
  const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(text);
  const missing = POS_SHEET_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0) return { rows: [], errors: [{ row: 1, column: missing.join(", "), message: "Missing columns in the header row." }] };

  const schema = createSchemaOf(organisations);
  const rows: PosRow[] = [];
  const errors: RowError[] = [];
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const cells = row.values as ExcelJS.CellValue[];
    const cell = (column: (typeof POS_SHEET_COLUMNS)[number]) => text(cells[header.indexOf(column) + 1]);
    const currency = cell("currencyCode").toUpperCase();
    let creditLimit: number | undefined;
    try {
      creditLimit = cell("creditLimit") === "" ? undefined : parseMajorToMinor(cell("creditLimit"), currency || "KWD");
    } catch (error) {
      errors.push({ row: rowNumber, column: "creditLimit", message: (error as Error).message });
      return;
    }
    const candidate = {
      name: cell("name"),
      type: cell("type").toUpperCase(),
      parentId: Number(cell("parentId")),
      currencyCode: currency,
      ...(creditLimit === undefined ? {} : { creditLimit }),
      payOptions: cell("payOptions") === "" ? [] : cell("payOptions").split(",").map((part) => Number(part.trim())),
      officeId: cell("officeId") === "" ? null : cell("officeId"),
    };
    const parsed = schema.safeParse(candidate);
    if (parsed.success) rows.push(parsed.data as PosRow);
    else errors.push(...parsed.error.issues.map((issue) => ({ row: rowNumber, column: String(issue.path[0] ?? ""), message: issue.message })));
  });
  return errors.length > 0 ? { rows: [], errors } : { rows, errors };
}
