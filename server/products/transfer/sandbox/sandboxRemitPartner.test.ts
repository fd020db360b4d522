import { describe, expect, it } from "vitest";
import { memoryBookingStore } from "../../sandboxBookingStore";
import type { RemittancePartner } from "../types";
import { remittanceReference, SandboxRemitPartner, type SandboxRemittance } from "./sandboxRemitPartner";

const KWD_TO_INR = { sendCurrency: "KWD", receiveCurrency: "INR" };
const options = { signal: new AbortController().signal };
const AMOUNT = { of: "send" as const, minor: 100_000 };
const ACCOUNT = { firstName: "Anita", lastName: "Kumar", relationship: "sibling" as const, country: "IN", payoutMethod: "bank" as const, phone: "", bankName: "SBI", iban: "", bic: "", accountNumber: "30001234567", bankCode: "SBIN0000300", walletPhone: "", pickupCity: "" };

function partnerAt(start: string, payoutAfterMs = 60_000) {
  let now = new Date(start);
  const partner: RemittancePartner = new SandboxRemitPartner(() => now, memoryBookingStore<SandboxRemittance>(remittanceReference), payoutAfterMs);
  return { partner, advance: (ms: number) => (now = new Date(now.getTime() + ms)) };
}

const submission = (clientReference: string, sendAmount = 100_000) => ({
  brand: "SWIFTREMIT",
  clientReference,
  send: { amount: sendAmount, currency: "KWD" },
  receive: { amount: 27_000, currency: "INR" },
  rate: "270.000000",
  remitterName: "Ravi Kumar",
  purpose: "Family support",
  beneficiary: { name: "Anita Kumar", country: "IN", payoutMethod: "bank" as const, payoutTo: "SBI 3000…4567", account: ACCOUNT },
  partnerQuote: null,
  recipientDetails: {},
});

describe("sandbox remittance partner", () => {
  it("publishes corridors per brand and rates that move with the minute of the day, the same for the same minute", async () => {
    const { partner, advance } = partnerAt("2026-11-25T00:00:00Z");
    expect((await partner.corridors("SWIFTREMIT", options)).some((corridor) => corridor.receiveCountry === "LK")).toBe(true);
    expect((await partner.corridors("DESERTEXPRESS", options)).some((corridor) => corridor.receiveCountry === "LK")).toBe(false);
    expect(await partner.corridors("UNKNOWN", options)).toEqual([]);
    const midnight = await partner.rate("SWIFTREMIT", KWD_TO_INR, AMOUNT, options);
    expect(midnight).toBe("271.530000");
    expect(await partner.rate("SWIFTREMIT", KWD_TO_INR, AMOUNT, options)).toBe(midnight);
    expect(await partner.rate("DESERTEXPRESS", KWD_TO_INR, AMOUNT, options)).not.toBe(midnight);
    advance(6 * 3_600_000);
    // Six hours on, the rate is at the top of its daily swing: half a per cent above the mid rate.
    expect(await partner.rate("SWIFTREMIT", KWD_TO_INR, AMOUNT, options)).toBe("272.887650");
    await expect(partner.rate("SWIFTREMIT", { sendCurrency: "KWD", receiveCurrency: "USD" }, AMOUNT, options)).rejects.toMatchObject({ code: "OFFER_NOT_FOUND" });
  });

  it("pays a transfer out after its delay, rejects amounts ending in .013, cancels only what is not paid, and finds a transfer by the client reference", async () => {
    const { partner, advance } = partnerAt("2026-11-25T09:00:00Z");
    const paid = await partner.submit(submission("AGG-1"), options);
    const rejected = await partner.submit(submission("AGG-2", 50_013), options);
    const cancelled = await partner.submit(submission("AGG-3"), options);
    expect(paid.state).toBe("sent");
    expect((await partner.submit(submission("AGG-1"), options)).reference).toBe(paid.reference);
    expect((await partner.cancel(cancelled.reference, options)).state).toBe("cancelled");
    advance(59_999);
    expect((await partner.status(paid.reference, options)).state).toBe("sent");
    advance(1);
    expect((await partner.status(paid.reference, options)).state).toBe("paid");
    expect(await partner.status(rejected.reference, options)).toMatchObject({ state: "rejected", reason: "The partner's compliance check stopped the payout." });
    expect((await partner.status(cancelled.reference, options)).state).toBe("cancelled");
    await expect(partner.cancel(paid.reference, options)).rejects.toMatchObject({ code: "NOT_PERMITTED" });
    expect((await partner.byClientReference("AGG-1", options))?.reference).toBe(paid.reference);
    expect(await partner.byClientReference("AGG-9", options)).toBeNull();
  });
});
