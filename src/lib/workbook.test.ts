import * as XLSX from "xlsx";
import { describe, expect, it } from "vitest";
import { workbookBytes } from "../resources/ui/exportRows";
import { sheetWorkbook } from "./workbook";

describe("exported workbooks", () => {
  it("write amounts, counts and dates as numbers with their formats, and totals as SUMIF formulas per currency", async () => {
    const bytes = await sheetWorkbook("Bookings", {
      header: ["Booked", "Reference", "Travel date", "Bookings", "Sales"],
      sums: [false, false, false, true, true],
      rows: [
        [{ at: "2026-11-27T10:30:00.000Z" }, "AGG-1", { day: "2027-01-10" }, { count: 1 }, { minor: 67_379, currency: "KWD" }],
        [{ at: "2026-11-27T11:00:00.000Z" }, "AGG-2", "", { count: 2 }, { minor: 12_345, currency: "USD" }],
        [{ at: "2026-11-27T12:00:00.000Z" }, "AGG-3", { day: "2027-02-01" }, { count: 1 }, { minor: 1_001, currency: "KWD" }],
      ],
      notes: ["From 2026-11-01 to 2026-11-30"],
      currencyHeader: "Currency",
      totalLabel: (currency) => `Total ${currency}`,
    });
    const sheet = XLSX.read(new Uint8Array(bytes), { type: "array", cellNF: true, cellFormula: true }).Sheets.Bookings!;
    expect(sheet.E2).toMatchObject({ t: "n", v: 67.379, z: "#,##0.000" });
    expect(sheet.E3).toMatchObject({ t: "n", v: 123.45, z: "#,##0.00" });
    expect(sheet.F2).toMatchObject({ t: "s", v: "KWD" });
    expect(sheet.D3).toMatchObject({ t: "n", v: 2 });
    // Dates are Excel dates: 2027-01-10 is day 46397 of Excel's calendar.
    expect(sheet.C2).toMatchObject({ t: "n", v: 46_397, z: "yyyy-mm-dd" });
    expect(sheet.A2).toMatchObject({ t: "n", z: "yyyy-mm-dd hh:mm" });
    // One totals row per currency, computed by the workbook itself.
    expect(sheet.A5).toMatchObject({ v: "Total KWD" });
    expect(sheet.E5).toMatchObject({ f: 'SUMIF(F2:F4,"KWD",E2:E4)', z: "#,##0.000" });
    expect(sheet.D5).toMatchObject({ f: 'SUMIF(F2:F4,"KWD",D2:D4)' });
    expect(sheet.A6).toMatchObject({ v: "Total USD" });
    expect(sheet.C5).toBeUndefined();
    expect(sheet.A8).toMatchObject({ v: "From 2026-11-01 to 2026-11-30" });
  });

  it("write free text that looks like a formula as text cells, in both exports, so no spreadsheet computes it", async () => {
    const formulas = ['=HYPERLINK("http://evil.example","x")', "+1+2", "@SUM(1,1)", "-2+3", "=cmd|' /C calc'!A0"];
    const cellsOf = (bytes: ArrayBuffer, sheetName: string) => {
      const sheet = XLSX.read(new Uint8Array(bytes), { type: "array", cellFormula: true }).Sheets[sheetName]!;
      return formulas.map((_, index) => sheet[`B${index + 2}`]);
    };
    const report = await sheetWorkbook("Bookings", { header: ["Reference", "Special requests"], sums: [false, false], rows: formulas.map((text, index) => [`AGG-${index}`, text]), notes: [], currencyHeader: "Currency", totalLabel: (currency) => `Total ${currency}` });
    const list = await workbookBytes("Remarks", { header: ["ID", "Remarks"], rows: formulas.map((text, index) => [String(index), text]) });
    for (const cells of [cellsOf(report, "Bookings"), cellsOf(list, "Remarks")]) {
      expect(cells.map((cell) => cell?.t)).toEqual(formulas.map(() => "s"));
      expect(cells.map((cell) => cell?.v)).toEqual(formulas);
      expect(cells.some((cell) => cell?.f !== undefined)).toBe(false);
    }
    // Nor does the file itself hold a formula element for any of them.
    const sheetXml = (bytes: ArrayBuffer) => XLSX.read(new Uint8Array(bytes), { type: "array", bookFiles: true }) as unknown as { files: Record<string, { content: Uint8Array }> };
    for (const bytes of [report, list]) {
      const xml = Object.entries(sheetXml(bytes).files).find(([path]) => path.endsWith("sheet1.xml"))![1].content;
      expect(new TextDecoder().decode(xml)).not.toContain("<f>");
    }
  });
});
