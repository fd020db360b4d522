import { describe, expect, it } from "vitest";
import { i18n } from "../../i18n/i18n";
import "../i18n/bookingStrings";
import { TICKETED_ORDER } from "../testing/platformOrder";
import { documentPdfBytes } from "../../lib/pdf/documentPdf";
import { itinerary } from "./itinerary";

describe("itinerary", () => {
  const content = itinerary(TICKETED_ORDER, i18n.getFixedT("en"), "en");
  const text = JSON.stringify(content);

  it("names the PNR, every passenger with their ticket, every flight and the total charged", () => {
    expect(content.lines[0]).toBe("Booking reference (PNR): X7K2PQ");
    expect(content.tables[0]!.rows).toEqual([
      ["Mr. John Smith", "ADT", "1251234567890"],
      ["Mrs. Sara Smith", "ADT", "1251234567891"],
    ]);
    expect(content.tables[1]!.rows.map((row) => row[0])).toEqual(["BA156", "BA156"]);
    expect(text).toContain("KWI 2026-12-10 08:00");
    expect(text).toContain("Extra bag 23 kg");
    expect(content.tables.at(-1)!.rows.at(-1)).toEqual(["Total", "KWD 403.703"]);
  });

  it("becomes a PDF", async () => {
    const bytes = new Uint8Array(await documentPdfBytes(content));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(2_000);
  });
});
