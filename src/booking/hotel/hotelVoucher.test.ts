import { describe, expect, it } from "vitest";
import { i18n } from "../../i18n/i18n";
import "../i18n/bookingStrings";
import { documentPdfBytes } from "../../lib/pdf/documentPdf";
import { HOTEL_ORDER } from "../testing/hotelOrder";
import { rtlParagraphRuns } from "../../lib/pdf/bidiRuns";
import { hotelBookingOf, hotelVoucher } from "./hotelVoucher";

describe("hotel voucher", () => {
  const booking = hotelBookingOf(HOTEL_ORDER)!;
  const content = hotelVoucher(HOTEL_ORDER, booking, i18n.getFixedT("en"), "en");

  it("names our reference and the hotel's confirmation, the stay, each room's guests and the terms in the hotel's time", () => {
    expect(content.title).toBe("Hotel voucher");
    expect(content.lines.slice(0, 2)).toEqual(["Booking reference: GB1A2B3C4D", "Hotel confirmation: 482913-3C4D"]);
    expect(content.lines).toContain("Check-in: 2027-02-10 · Check-out: 2027-02-13 · Nights: 3");
    expect(content.tables[0]!.rows).toEqual([
      ["1. Deluxe Room", "Bed & breakfast", "Mr. Sam Guest, Mrs. Dana Guest", "High floor"],
      ["2. Deluxe Room", "Bed & breakfast", "Mr. Omar Guest, Master Ali Guest", ""],
    ]);
    expect(content.tables[1]!.title).toBe("Cancellation terms (the hotel's time, Asia/Dubai)");
    expect(content.tables[1]!.rows).toEqual([["2027-02-04 12:00", "KWD 9.500"], ["2027-02-10 14:00", "KWD 28.500"]]);
    expect(content.tables[2]!.rows[0]).toEqual(["Deluxe Room", "AED 45.00"]);
    expect(content.tables.at(-1)!.rows).toEqual([["Total", "KWD 28.500"]]);
  });

  it("reads its lead-guest line in Arabic from the right: the label, the name, then the email and the phone", () => {
    const arabic = hotelVoucher(HOTEL_ORDER, booking, i18n.getFixedT("ar"), "ar");
    const line = arabic.lines.find((candidate) => candidate.startsWith("النزيل الرئيسي"))!;
    const pieces = rtlParagraphRuns(line).filter((run) => !run.rtl).map((run) => run.text);
    expect(pieces).toEqual(["Sam Guest", "booker@gulfhorizon.example", "+96522001234"]);
  });

  it("becomes a PDF", async () => {
    const bytes = new Uint8Array(await documentPdfBytes(content));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
  });
});
