import { describe, expect, it } from "vitest";
import type { PackageBooking } from "../../contract/packages";
import { i18n } from "../../i18n/i18n";
import "../i18n/bookingStrings";
import { documentPdfBytes } from "../../lib/pdf/documentPdf";
import { ACTIVITY_ORDER } from "../testing/activityOrder";
import { packageConfirmation } from "./packageConfirmation";

const kwd = (amount: number) => ({ amount, currency: "KWD" });
const pilgrim = (firstName: string, priceBand: "adult" | "child" | "infant", amount: number) => ({ firstName, lastName: "Haddad", dateOfBirth: "1980-01-01", nationality: "KW", passportNumber: `K${firstName.length}234567`, passportExpiry: "2032-01-01", priceBand, price: kwd(amount) });
const BOOKING: PackageBooking = {
  packageId: 1,
  code: "UMR-RAJAB-27",
  name: "Umrah in Rajab, 10 nights",
  packageType: "umrah",
  departureCity: "Kuwait City",
  departureDate: "2027-01-02",
  returnDate: "2027-01-12",
  rooms: [{ sharing: "triple", pilgrims: [pilgrim("Omar", "adult", 395_000), pilgrim("Lina", "adult", 395_000), pilgrim("Sami", "child", 210_000)] }],
  contact: { email: "omar@example.com", phone: "+96522001234" },
  total: kwd(1_000_000),
};
const ORDER = { ...ACTIVITY_ORDER, bookingReference: "PKG-91", total: 1_000_000 };

describe("package confirmation", () => {
  const content = packageConfirmation(ORDER, BOOKING, i18n.getFixedT("en"), "en");

  it("names the package, its dates and every pilgrim room by room with the price band", () => {
    expect(content.lines).toEqual([
      "Reference: PKG-91",
      "Package: Umrah in Rajab, 10 nights (UMR-RAJAB-27) · Umrah",
      "Dates: 2027-01-02 – 2027-01-12",
      "Departure city: Kuwait City",
    ]);
    expect(content.tables[0]!.rows).toEqual([
      ["1 · Triple room", "Omar Haddad", "K4234567", "Adult", "KWD 395.000"],
      ["1 · Triple room", "Lina Haddad", "K4234567", "Adult", "KWD 395.000"],
      ["1 · Triple room", "Sami Haddad", "K4234567", "Child", "KWD 210.000"],
    ]);
    expect(content.tables[1]!.rows).toEqual([["Total", "KWD 1,000.000"]]);
  });

  it("becomes a PDF", async () => {
    expect(new TextDecoder().decode(new Uint8Array(await documentPdfBytes(content)).slice(0, 5))).toBe("%PDF-");
  });
});
