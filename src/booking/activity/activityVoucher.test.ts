import { describe, expect, it } from "vitest";
import { i18n } from "../../i18n/i18n";
import "../i18n/bookingStrings";
import { documentPdfBytes } from "../../lib/pdf/documentPdf";
import { ACTIVITY_ORDER } from "../testing/activityOrder";
import { activityBookingOf, activityVoucher } from "./activityVoucher";

describe("activity voucher", () => {
  const booking = activityBookingOf(ACTIVITY_ORDER)!;
  const content = activityVoucher(ACTIVITY_ORDER, booking, i18n.getFixedT("en"), "en");

  it("names our reference and the voucher code, when and where to be, everyone taking part and the terms in the city's time", () => {
    expect(content.title).toBe("Activity voucher");
    expect(content.lines.slice(0, 5)).toEqual([
      "Booking reference: DC1A2B3C4D",
      "Voucher code: 1A2B-482913",
      "Activity: Dubai Evening Desert Safari with BBQ Dinner · Shared group",
      "Date and start time (Asia/Dubai): 2027-02-10 15:00",
      "Guide's language: English",
    ]);
    expect(content.tables[0]!.rows).toEqual([["Sam Guest", "Adult"], ["Dana Guest", "Adult"], ["Ali Guest", "Child"]]);
    expect(content.tables[1]!.rows).toEqual([["2027-02-09 15:00", "KWD 45.000"]]);
    expect(content.tables[2]!.rows).toEqual([["Total", "KWD 45.000"]]);
  });

  it("becomes a PDF", async () => {
    const bytes = new Uint8Array(await documentPdfBytes(content));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
  });
});
