import type { WorkSheet } from "xlsx";
import { currencyDecimals } from "./currencyDecimals";

/** A cell of an exported sheet: text, a count, an amount (minor units and its currency), a day or an instant (UTC). */
export type SheetCell = string | { readonly count: number } | { readonly minor: number; readonly currency: string } | { readonly day: string } | { readonly at: string };

export interface SheetTable {
  readonly header: readonly string[];
  /** Which columns the totals rows sum (amounts and counts that add up; not a balance or an average). */
  readonly sums: readonly boolean[];
  readonly rows: readonly (readonly SheetCell[])[];
  /** Lines of text after the totals (the period, what was filtered). */
  readonly notes?: readonly string[];
  /** The header of the currency column the amounts are summed by, in the reader's language. */
  readonly currencyHeader: string;
  /** The first cell of each totals row, given the currency ("Total KWD"). */
  readonly totalLabel: (currency: string) => string;
}

const DAY_MS = 86_400_000;
/** Excel's day 0 is 1899-12-30 (its 1900 leap-year bug included). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);

/** What a cell adds to its column's total: an amount's minor units, a count, nothing for text or dates. */
const figureOf = (cell: SheetCell): number => (typeof cell === "string" ? 0 : "minor" in cell ? cell.minor : "count" in cell ? cell.count : 0);

const isAmount = (cell: SheetCell): cell is { minor: number; currency: string } => typeof cell === "object" && "minor" in cell;

/** The number format of a currency's amounts: its own decimals, never more. */
export const amountFormat = (currency: string) => {
  const decimals = currencyDecimals(currency);
  return decimals === 0 ? "#,##0" : `#,##0.${"0".repeat(decimals)}`;
};

/** An amount as the number Excel stores: the minor units shifted by the currency's decimals, at the sheet's edge only. */
const amountValue = (minor: number, currency: string) => minor / 10 ** currencyDecimals(currency);

function cellOf(cell: SheetCell): WorkSheet[string] {
  if (typeof cell === "string") return { t: "s", v: cell };
  if ("minor" in cell) return { t: "n", v: amountValue(cell.minor, cell.currency), z: amountFormat(cell.currency) };
  if ("count" in cell) return { t: "n", v: cell.count, z: "#,##0" };
  if ("day" in cell) return { t: "n", v: (Date.parse(`${cell.day}T00:00:00Z`) - EXCEL_EPOCH) / DAY_MS, z: "yyyy-mm-dd" };
  return { t: "n", v: (Date.parse(cell.at) - EXCEL_EPOCH) / DAY_MS, z: "yyyy-mm-dd hh:mm" };
}

/**
 * The sheet of a table: amounts, counts and dates as numbers with their formats, a currency column
 * (each row's amounts are in one currency), then a totals row per currency whose figures are
 * SUMIF formulas over the rows, so the workbook computes what the report says.
 */
export async function sheetWorkbook(sheetName: string, table: SheetTable): Promise<ArrayBuffer> {
  const XLSX = await import("xlsx");
  const { encode_cell: address, encode_col: column } = XLSX.utils;
  const sheet: WorkSheet = {};
  const width = table.header.length + 1;
  const currencyColumn = table.header.length;
  const put = (row: number, col: number, cell: WorkSheet[string]) => {
    sheet[address({ r: row, c: col })] = cell;
  };
  [...table.header, table.currencyHeader].forEach((title, col) => put(0, col, { t: "s", v: title }));
  const currencies: string[] = [];
  table.rows.forEach((cells, index) => {
    cells.forEach((cell, col) => put(index + 1, col, cellOf(cell)));
    const currency = cells.find(isAmount)?.currency ?? "";
    put(index + 1, currencyColumn, { t: "s", v: currency });
    if (currency && !currencies.includes(currency)) currencies.push(currency);
  });
  const first = 2;
  const last = table.rows.length + 1;
  const range = (col: number) => `${column(col)}${first}:${column(col)}${last}`;
  let row = last;
  for (const currency of [...currencies].sort()) {
    put(row, 0, { t: "s", v: table.totalLabel(currency) });
    table.sums.forEach((sums, col) => {
      if (!sums || col === 0) return;
      const cells = table.rows.filter((cells) => cells.find(isAmount)?.currency === currency).map((cells) => cells[col] ?? "");
      const amounts = cells.some(isAmount);
      // The formula computes it in the workbook; the value is what viewers that do not recalculate show.
      const sum = cells.reduce((total, cell) => total + figureOf(cell), 0);
      put(row, col, { t: "n", v: amounts ? amountValue(sum, currency) : sum, f: `SUMIF(${range(currencyColumn)},"${currency}",${range(col)})`, z: amounts ? amountFormat(currency) : "#,##0" });
    });
    put(row, currencyColumn, { t: "s", v: currency });
    row += 1;
  }
  for (const note of table.notes ?? []) {
    row += 1;
    put(row, 0, { t: "s", v: note });
  }
  sheet["!ref"] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: Math.max(row, last), c: width - 1 } });
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
  return XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer;
}
