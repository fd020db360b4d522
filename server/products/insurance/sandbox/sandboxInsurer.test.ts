import { describe, expect, it } from "vitest";
import { keySeal } from "../../../auth/keySeal";
import { SandboxInsurer } from "./sandboxInsurer";

const call = () => ({ signal: AbortSignal.timeout(5_000) });
const TRIP = { destination: "TR", departureDate: "2027-03-20", returnDate: "2027-03-27", travellers: [{ dateOfBirth: "1980-01-15" }], product: "020107" as const, benefit: "000000" as const, plan: "INTRNL" as const };
const NOURA = { title: "Mrs." as const, firstName: "Noura", lastName: "Salem", dateOfBirth: "1980-01-15" };

describe("the sandbox insurer's policy changes", () => {
  let now = new Date("2027-03-01T09:00:00Z");
  const insurer = new SandboxInsurer(keySeal("test secret", "sandbox supplier keys"), () => now);

  async function issued(clientReference: string) {
    const [quote] = (await insurer.quote({ trip: TRIP, homeCountry: "KW" }, call())).quotes;
    return insurer.issue({ quoteKey: quote!.quoteKey, insured: [NOURA], contact: { email: "n@example.com", phone: "+96522001234" }, payment: { typeCode: "CA", amount: quote!.premium, cardToken: null }, clientReference }, call());
  }

  it("rates the trip as it would stand, and keeps the free-look period before the new departure", async () => {
    const policy = await issued("AGG-1");
    expect(policy.freeLookUntil).toBe("2027-03-15");
    const longer = await insurer.quoteChange({ policyNumber: policy.policyNumber, departureDate: "2027-03-10", returnDate: "2027-04-08", insured: [NOURA], homeCountry: "KW" }, call());
    expect(longer.quote).toMatchObject({ plan: "INTRNL", departureDate: "2027-03-10", days: 30 });
    expect(longer.quote.premium.amount).toBeGreaterThan(policy.quote.premium.amount);
    const changed = await insurer.confirmChange(policy.policyNumber, longer.changeKey, [NOURA], call());
    expect(changed).toMatchObject({ policyNumber: policy.policyNumber, issuedAt: policy.issuedAt, freeLookUntil: "2027-03-09", quote: { premium: longer.quote.premium, returnDate: "2027-04-08" } });
    expect(await insurer.retrieve(policy.policyNumber, call())).toEqual(changed);
    // A change key confirms only the policy it was priced for.
    const other = await issued("AGG-2");
    await expect(insurer.confirmChange(other.policyNumber, longer.changeKey, [NOURA], call())).rejects.toMatchObject({ code: "OFFER_NOT_FOUND" });
  });

  it("refuses a change once its price has expired, a cancelled policy, and a trip that has started", async () => {
    const policy = await issued("AGG-3");
    const ask = { policyNumber: policy.policyNumber, departureDate: "2027-03-21", returnDate: "2027-03-27", insured: [NOURA], homeCountry: "KW" };
    const change = await insurer.quoteChange(ask, call());
    const start = now;
    now = new Date(start.getTime() + 31 * 60_000);
    await expect(insurer.confirmChange(policy.policyNumber, change.changeKey, [NOURA], call())).rejects.toMatchObject({ code: "OFFER_EXPIRED" });
    now = new Date("2027-03-20T06:00:00Z");
    await expect(insurer.quoteChange(ask, call())).rejects.toMatchObject({ code: "NOT_PERMITTED", message: expect.stringContaining("trip has started") });
    now = start;
    await insurer.cancel(policy.policyNumber, call());
    await expect(insurer.quoteChange(ask, call())).rejects.toMatchObject({ code: "NOT_PERMITTED", message: expect.stringContaining("cancelled") });
  });
});
