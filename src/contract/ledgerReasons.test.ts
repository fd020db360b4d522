import { describe, expect, it } from "vitest";
import { CONSOLE_STRINGS } from "../console/consoleStrings";
import { LEDGER_REASON_STATES, LEDGER_REASON_TEXT, ledgerReason, ledgerReasonText } from "./ledgerReasons";

describe("ledger reasons", () => {
  it("write the English sentence with its references", () => {
    expect(ledgerReasonText(ledgerReason("booking"))).toBe("Booking");
    expect(ledgerReasonText(ledgerReason("ticketing", { reference: "AB12CD" }))).toBe("Ticketing AB12CD");
    expect(ledgerReasonText(ledgerReason("visaFeesKept", { reference: "12", state: "rejected" }))).toBe("Visa application 12 rejected: fees kept (the embassy had it)");
    expect(ledgerReasonText(ledgerReason("agentTransaction", { note: "Opening balance" }))).toBe("Opening balance");
  });

  it("are translated, in English word for word as stored, in Arabic every one with the same references", () => {
    expect(CONSOLE_STRINGS.en.ledgerReasons.codes).toEqual(LEDGER_REASON_TEXT);
    const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
    for (const [code, text] of Object.entries(LEDGER_REASON_TEXT)) {
      const arabic = (CONSOLE_STRINGS.ar.ledgerReasons.codes as Record<string, string>)[code];
      expect(arabic, code).toBeTruthy();
      expect(names(arabic!), code).toEqual(names(text));
    }
    for (const state of LEDGER_REASON_STATES) {
      expect(CONSOLE_STRINGS.en.ledgerReasons.states[state]).toBe(state);
      expect(CONSOLE_STRINGS.ar.ledgerReasons.states[state]).toBeTruthy();
    }
  });
});
