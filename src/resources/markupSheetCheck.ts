import type { RowError } from "../contract/errors";
import { markupSheetProblems, ruleFromRow, sheetRowOf } from "../contract/markupSheet";

/** The sheet's problems, found in the browser before the upload: the server checks again, with the same rules. */
export class MarkupSheetRejected extends Error {
  constructor(readonly rows: RowError[]) {
    super(rows[0]?.message ?? "The sheet was refused.");
  }
}

const CHUNK = 100;
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

// SheetJS gives dates (read with cellDates) at local midnight; the day is the one the cell shows.
function cellText(value: unknown): string {
  if (value instanceof Date) return `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, "0")}-${String(value.getDate()).padStart(2, "0")}`;
  return value === null || value === undefined ? "" : String(value).trim();
}

/**
 * Reads the first sheet of an .xlsx and checks every row as the server will, a hundred rows at a
 * time so the page can show how far it got. Throws MarkupSheetRejected with every problem found.
 */
export async function checkMarkupSheet(bytes: ArrayBuffer, onProgress: (checked: number, total: number) => void): Promise<void> {
  const XLSX = await import("xlsx");
  let cells: unknown[][];
  const notWorkbook = new MarkupSheetRejected([{ row: 0, column: "", message: "The file is not an Excel workbook (.xlsx)." }]);
  // An .xlsx is a zip; SheetJS would also read CSV or HTML, which the server refuses.
  if (!ZIP_SIGNATURE.every((byte, index) => new Uint8Array(bytes, 0, Math.min(4, bytes.byteLength))[index] === byte)) throw notWorkbook;
  try {
    const book = XLSX.read(bytes, { type: "array", cellDates: true });
    cells = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: true, defval: "", blankrows: true });
  } catch {
    throw notWorkbook;
  }
  const header = (cells[0] ?? []).map(cellText);
  // Row numbers as the sheet shows them; empty rows are skipped, as the server skips them.
  const rows = cells.slice(1).map((row, index) => ({ number: index + 2, texts: row.map(cellText) })).filter(({ texts }) => texts.some((text) => text !== ""));
  const problems = markupSheetProblems(header, rows.length);
  if (problems.length > 0) throw new MarkupSheetRejected(problems);

  const errors: RowError[] = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    for (const { number, texts } of rows.slice(start, start + CHUNK)) {
      const result = ruleFromRow(sheetRowOf(header, texts));
      if ("errors" in result) errors.push(...result.errors.map((error) => ({ row: number, ...error })));
    }
    onProgress(Math.min(start + CHUNK, rows.length), rows.length);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  if (errors.length > 0) throw new MarkupSheetRejected(errors);
}
