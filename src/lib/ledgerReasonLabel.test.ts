import { describe, expect, it } from "vitest";
import { i18n } from "../i18n/i18n";
import "../console/consoleStrings";
import { ledgerReasonLabel } from "./ledgerReasonLabel";

const strip = (text: string) => text.replace(/[\u2066-\u2069]/g, "");

describe("a ledger entry's reason", () => {
  it("reads in English as stored, and in Arabic from its code, the state translated and the reference kept", async () => {
    const entry = { reason: "Visa application 12 rejected: fees returned", reasonCode: "visaFeesReturned" as const, reasonParams: { reference: "12", state: "rejected" } };
    await i18n.changeLanguage("en");
    expect(strip(ledgerReasonLabel(i18n.t, entry))).toBe(entry.reason);
    await i18n.changeLanguage("ar");
    expect(strip(ledgerReasonLabel(i18n.t, entry))).toBe("طلب التأشيرة 12 رُفض: أُعيدت الرسوم");
    expect(strip(ledgerReasonLabel(i18n.t, { reason: "Booking", reasonCode: "booking", reasonParams: {} }))).toBe("حجز");
    await i18n.changeLanguage("en");
  });

  it("keeps the English sentence of an entry written before reason codes", () => {
    expect(ledgerReasonLabel(i18n.t, { reason: "Opening balance", reasonCode: null, reasonParams: null })).toBe("Opening balance");
  });
});
