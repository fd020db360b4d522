import type { ResourceDeclaration } from "../defineResource";
import { cellText, type CellLabels, type MoneyCurrency } from "./fieldValues";

/** Header and rows of an export: the chosen columns, values as the list shows them. */
export function exportTable(
  resource: ResourceDeclaration,
  columns: readonly string[],
  records: readonly Record<string, unknown>[],
  translate: (key: string) => string,
  currency: MoneyCurrency,
  labels: CellLabels,
): { header: string[]; rows: string[][] } {
  const fields = columns.flatMap((name) => resource.fields.filter((field) => field.name === name));
  return {
    header: ["ID", ...fields.map((field) => translate(field.labelKey))],
    rows: records.map((record) => [String(record.id ?? ""), ...fields.map((field) => cellText(field, record[field.name], currency, labels))]),
  };
}

/** An .xlsx workbook of the table, built with SheetJS (writing only; the server never parses with it). */
export async function workbookBytes(sheetName: string, table: { header: string[]; rows: string[][] }): Promise<ArrayBuffer> {
  const XLSX = await import("xlsx");
  const sheet = XLSX.utils.aoa_to_sheet([table.header, ...table.rows]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName.slice(0, 31));
  return XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer;
}
