import { describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { MARKUP_SHEET_COLUMNS, MARKUP_SHEET_EXAMPLE } from "../contract/markupSheet";
import { checkMarkupSheet, MarkupSheetRejected } from "./markupSheetCheck";

const example = MARKUP_SHEET_COLUMNS.map((column) => MARKUP_SHEET_EXAMPLE[column] as unknown);
const workbook = (rows: unknown[][]) => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([[...MARKUP_SHEET_COLUMNS], ...rows], { cellDates: true }), "Rules");
  return XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer;
};
const column = (name: (typeof MARKUP_SHEET_COLUMNS)[number]) => MARKUP_SHEET_COLUMNS.indexOf(name);
const withCell = (name: (typeof MARKUP_SHEET_COLUMNS)[number], value: unknown) => example.map((cell, index) => (index === column(name) ? value : cell));

async function problems(bytes: ArrayBuffer): Promise<MarkupSheetRejected | null> {
  try {
    await checkMarkupSheet(bytes, () => undefined);
    return null;
  } catch (error) {
    if (error instanceof MarkupSheetRejected) return error;
    throw error;
  }
}

describe("markup sheet check in the browser", () => {
  it("passes 250 good rows, dates and numbers typed as Excel types them, and says how far it got", async () => {
    const rows = Array.from({ length: 250 }, () => withCell("validFrom", new Date(2026, 0, 1)).map((cell, index) => (index === column("value") ? 2.5 : cell)));
    const progress: string[] = [];
    await checkMarkupSheet(workbook(rows), (checked, total) => progress.push(`${checked}/${total}`));
    expect(progress).toEqual(["100/250", "200/250", "250/250"]);
  });

  it("names each bad row as the sheet numbers it, past empty rows, with its column", async () => {
    const rejected = await problems(workbook([example, [], withCell("value", "1.2345"), withCell("layer", "airline")]));
    expect(rejected?.rows).toEqual([
      { row: 4, column: "value", message: expect.stringMatching(/3 decimals/) },
      { row: 5, column: "layer", message: expect.any(String) },
    ]);
  });

  it("refuses a sheet without its columns, and a file that is no workbook", async () => {
    expect((await problems(workbook([])))?.rows[0]?.message).toBe("The sheet has no rules under its header row.");
    expect((await problems(new TextEncoder().encode("name,layer\n").buffer as ArrayBuffer))?.rows[0]?.message).toBe("The file is not an Excel workbook (.xlsx).");
  });
});
