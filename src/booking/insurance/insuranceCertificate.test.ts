import { describe, expect, it } from "vitest";
import { i18n } from "../../i18n/i18n";
import "../i18n/bookingStrings";
import { documentPdfBytes } from "../../lib/pdf/documentPdf";
import { INSURANCE_ORDER, SCHENGEN_POLICY } from "../testing/insuranceOrder";
import { insuranceCertificate, policyItemsOf } from "./insuranceCertificate";

describe("insurance certificate", () => {
  const content = insuranceCertificate(INSURANCE_ORDER, SCHENGEN_POLICY, i18n.getFixedT("en"), "en");

  it("names the policy, the plan and its period, everyone insured, the coverage and the emergency line", () => {
    expect(policyItemsOf(INSURANCE_ORDER).map((item) => item.insurance.policyNumber)).toEqual(["GTT-SCHNGN-1A2B3C4D"]);
    expect(content.title).toBe("Certificate of travel insurance");
    expect(content.lines).toEqual([
      "Policy number: GTT-SCHNGN-1A2B3C4D",
      "Booking reference: GTT-SCHNGN-1A2B3C4D",
      "Plan: Schengen (SCHNGN) · Individual · No extras",
      "Period of cover: 2027-03-01 – 2027-03-10 (10 days)",
      "Destination: FR",
      "Issued: 2026-11-24 · free-look period until 2026-12-08",
      "24-hour emergency assistance: +966 11 000 0000 (sandbox assistance line, 24 hours)",
    ]);
    expect(content.tables[0]!.rows).toEqual([["Lina Haddad", "1996-05-20", "K1234567"], ["Omar Haddad", "1950-02-01", ""]]);
    expect(content.tables[1]!.rows).toEqual([["Emergency medical expenses", "EUR 50,000.00", ""], ["Trip cancellation", "Not covered", ""]]);
    expect(content.tables[2]!.rows).toEqual([["Travel outside the Schengen area"]]);
  });

  it("says a cancelled policy is cancelled, and becomes a PDF", async () => {
    const cancelled = insuranceCertificate(INSURANCE_ORDER, { ...SCHENGEN_POLICY, status: "cancelled", cancelledAt: "2026-11-25T10:00:00.000Z" }, i18n.getFixedT("en"), "en");
    expect(cancelled.lines.at(-1)).toBe("CANCELLED on 2026-11-25");
    const bytes = new Uint8Array(await documentPdfBytes(content));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
  });
});
