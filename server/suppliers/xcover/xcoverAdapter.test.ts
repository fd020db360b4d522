import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeXCover, type FakeXCover } from "../../../tests/fakes/xcover/fakeXCover";
import { keySeal } from "../../auth/keySeal";
import { XCoverAdapter } from "./xcoverAdapter";

const CREDENTIALS = { apiKey: "xc-test-key", secret: "xc-test-secret", partnerCode: "AGGPL" };
const NOW = new Date("2027-01-05T08:00:00Z");
const call = () => ({ signal: AbortSignal.timeout(10_000) });
const TRIP = { destination: "FR", departureDate: "2027-02-10", returnDate: "2027-02-16", travellers: [{ dateOfBirth: "1985-04-02" }, { dateOfBirth: "2016-09-30" }], product: "020107" as const, benefit: "000000" as const, plan: "All" as const };
const INSURED = [
  { title: "Mr." as const, firstName: "Sam", lastName: "Saleh", dateOfBirth: "1985-04-02", passportNumber: "K1234567" },
  { title: "Master" as const, firstName: "Ali", lastName: "Saleh", dateOfBirth: "2016-09-30" },
];
const CONTACT = { email: "sam@example.com", phone: "+965 22001234" };

describe("XCover adapter against the fake partner API", () => {
  let fake: FakeXCover;
  let url: string;
  let close: () => Promise<void>;
  let now = NOW;
  const adapterWith = (secret = CREDENTIALS.secret) =>
    new XCoverAdapter({ supplierId: "xcover-test", supplierName: "XCover test", endpointUrl: url, apiKey: CREDENTIALS.apiKey, secret, partnerCode: CREDENTIALS.partnerCode, currency: "USD" }, () => now, keySeal("test-credentials-key", "connected supplier keys"));

  beforeAll(async () => {
    ({ fake, url, close } = await startFakeXCover({ ...CREDENTIALS, now: () => now }));
  });
  afterAll(() => close());

  it("quotes a trip as the platform's plans, only XCover's products that map, with benefits, exclusions and the disclosure statement", async () => {
    const adapter = adapterWith();
    expect(await adapter.status(call())).toBe("OK");
    const { quotes, ineligible } = await adapter.quote({ trip: TRIP, homeCountry: "KW" }, call());
    expect(ineligible).toEqual([]);
    // International, Rest of the World and Schengen map; "Cancel For Any Reason" has no plan and is not shown.
    expect(quotes.map((quote) => quote.plan).sort()).toEqual(["INTRNL", "REFWRD", "SCHNGN"]);
    const international = quotes.find((quote) => quote.plan === "INTRNL")!;
    // 4.50 a day × 7 days × 2 travellers, sent as a string; Rest of the World's 3.00 is sent as a number.
    expect(international).toMatchObject({ planName: "International Travel Cover", premium: { amount: 6300, currency: "USD" }, days: 7, destination: "FR", product: "020107" });
    expect(quotes.find((quote) => quote.plan === "REFWRD")!.premium).toEqual({ amount: 4200, currency: "USD" });
    expect(international.travellers.map((traveller) => [traveller.ageBand, traveller.premium.amount])).toEqual([["adult", 3150], ["child", 3150]]);
    expect(international.coverage).toEqual([
      { kind: "medical", limit: { amount: 50_000_000, currency: "USD" }, excess: { amount: 10_000, currency: "USD" } },
      { kind: "tripCancellation", limit: { amount: 500_000, currency: "USD" }, excess: null },
      { kind: "baggageLoss", limit: { amount: 150_000, currency: "USD" }, excess: null },
    ]);
    expect(international.exclusions).toEqual(["Pre-existing medical conditions", "Travel against government advice"]);
    expect(international.documents).toEqual([{ title: "International Travel Cover: product disclosure statement", url: expect.stringMatching(/\/pds\/TRAVEL_INTERNATIONAL\.pdf$/) }]);

    // Outside the Schengen area there is no Schengen cover; family cover is not XCover's.
    expect((await adapter.quote({ trip: { ...TRIP, destination: "TH" }, homeCountry: "KW" }, call())).quotes.map((quote) => quote.plan).sort()).toEqual(["INTRNL", "REFWRD"]);
    const family = await adapter.quote({ trip: { ...TRIP, product: "020108" }, homeCountry: "KW" }, call());
    expect(family.quotes).toEqual([]);
    expect(family.ineligible[0]).toMatchObject({ planName: expect.not.stringMatching(/^[A-Z]{6}$/), reason: expect.stringContaining("family cover") });
    expect(family.ineligible.find((plan) => plan.plan === "INTRNL")?.planName).toBe("International");
  });

  it("confirms a requoted offer into a policy with the platform's reference, reads it back, and cancels it for the refund XCover states", async () => {
    const adapter = adapterWith();
    const [quote] = (await adapter.quote({ trip: { ...TRIP, plan: "INTRNL" }, homeCountry: "KW" }, call())).quotes;
    const requoted = await adapter.requote(quote!.quoteKey, call());
    expect(requoted).toMatchObject({ plan: "INTRNL", premium: quote!.premium });
    expect(requoted.quoteKey).not.toBe(quote!.quoteKey);
    await expect(adapter.requote(`${quote!.quoteKey}x`, call())).rejects.toMatchObject({ code: "OFFER_NOT_FOUND" });

    const payment = { typeCode: "CA" as const, amount: requoted.premium, cardToken: null };
    await expect(adapter.issue({ quoteKey: requoted.quoteKey, insured: [INSURED[0]!], contact: CONTACT, payment, clientReference: "AGG-7001" }, call())).rejects.toMatchObject({ code: "INVALID_REQUEST" });
    const policy = await adapter.issue({ quoteKey: requoted.quoteKey, insured: INSURED, contact: CONTACT, payment, clientReference: "AGG-7001" }, call());
    expect(policy).toMatchObject({ policyNumber: expect.stringMatching(/-XCV-INS$/), clientReference: "AGG-7001", status: "issued", freeLookUntil: "2027-01-19", quote: { plan: "INTRNL", destination: "FR", premium: requoted.premium } });
    expect(policy.insured).toEqual([
      { title: "Mr.", firstName: "Sam", lastName: "Saleh", dateOfBirth: "1985-04-02", passportNumber: "K1234567" },
      { title: "Master", firstName: "Ali", lastName: "Saleh", dateOfBirth: "2016-09-30" },
    ]);
    // Sent again under the same reference, the confirm carries the same idempotency key: XCover refuses to book twice.
    await expect(adapter.issue({ quoteKey: requoted.quoteKey, insured: INSURED, contact: CONTACT, payment, clientReference: "AGG-7001" }, call())).rejects.toMatchObject({ code: "INVALID_REQUEST", message: expect.stringContaining("idempotency key") });

    expect((await adapter.retrieve(policy.policyNumber, call())).quote.premium).toEqual(requoted.premium);
    expect((await adapter.retrieveByClientReference("AGG-7001", call()))?.policyNumber).toBe(policy.policyNumber);
    expect(await adapter.retrieveByClientReference("AGG-9999", call())).toBeNull();

    const cancelled = await adapter.cancel(policy.policyNumber, call());
    expect(cancelled).toMatchObject({ policyNumber: policy.policyNumber, status: "cancelled", cancelledAt: NOW.toISOString() });
    const calls = fake.requests.filter((request) => request.path.includes("/cancel")).map((request) => request.method);
    expect(calls).toEqual(["POST", "POST"]);
  });

  it("does not cancel a policy XCover would refund only in part, and answers refusals in words", async () => {
    const adapter = adapterWith();
    const [quote] = (await adapter.quote({ trip: { ...TRIP, plan: "REFWRD" }, homeCountry: "KW" }, call())).quotes;
    const policy = await adapter.issue({ quoteKey: quote!.quoteKey, insured: INSURED, contact: CONTACT, payment: { typeCode: "CA", amount: quote!.premium, cardToken: null }, clientReference: "AGG-7002" }, call());
    now = new Date("2027-01-25T08:00:00Z");
    try {
      await expect(adapterWith().cancel(policy.policyNumber, call())).rejects.toMatchObject({ code: "NOT_PERMITTED", message: expect.stringContaining("would refund only 0.00") });
      expect((await adapter.retrieve(policy.policyNumber, call())).status).toBe("issued");
    } finally {
      now = NOW;
    }
    await expect(adapterWith("wrong-secret").quote({ trip: TRIP, homeCountry: "KW" }, call())).rejects.toMatchObject({ code: "NOT_PERMITTED", message: expect.stringContaining("Invalid signature") });
    fake.failNext("/offers/", 400, "VALIDATION_ERROR", "destinations[0].country: not a country we cover");
    await expect(adapter.quote({ trip: TRIP, homeCountry: "KW" }, call())).rejects.toMatchObject({ code: "INVALID_REQUEST", message: expect.stringContaining("not a country we cover") });
    fake.rateLimitNext(90);
    await expect(adapter.quote({ trip: TRIP, homeCountry: "KW" }, call())).rejects.toMatchObject({ code: "RATE_LIMITED", message: expect.stringContaining("90 seconds") });
  });

  it("changes a policy's dates and insured with quote_for_update then confirm_update, and refuses once the trip has started", async () => {
    const adapter = adapterWith();
    const [quote] = (await adapter.quote({ trip: { ...TRIP, plan: "INTRNL" }, homeCountry: "KW" }, call())).quotes;
    const policy = await adapter.issue({ quoteKey: quote!.quoteKey, insured: INSURED, contact: CONTACT, payment: { typeCode: "CA", amount: quote!.premium, cardToken: null }, clientReference: "AGG-7003" }, call());
    const onlySam = [INSURED[0]!];
    const ask = { policyNumber: policy.policyNumber, departureDate: "2027-02-12", returnDate: "2027-02-21", insured: onlySam, homeCountry: "KW" };
    const change = await adapter.quoteChange(ask, call());
    // 4.50 a day × 10 days × 1 traveller: the booking's quote, repriced and redated.
    expect(change.quote).toMatchObject({ plan: "INTRNL", premium: { amount: 4500, currency: "USD" }, departureDate: "2027-02-12", returnDate: "2027-02-21", days: 10, travellers: [{ dateOfBirth: "1985-04-02" }], documents: [{ url: expect.stringContaining("TRAVEL_INTERNATIONAL") }] });
    expect(change.expiresAt).toBe(new Date(NOW.getTime() + 30 * 60_000).toISOString());
    expect((await adapter.retrieve(policy.policyNumber, call())).quote.premium.amount).toBe(6300);

    await expect(adapter.confirmChange(policy.policyNumber, change.changeKey, INSURED, call())).rejects.toMatchObject({ code: "INVALID_REQUEST" });
    await expect(adapter.confirmChange("OTHER-XCV-INS", change.changeKey, onlySam, call())).rejects.toMatchObject({ code: "OFFER_NOT_FOUND" });
    const changed = await adapter.confirmChange(policy.policyNumber, change.changeKey, onlySam, call());
    expect(changed).toMatchObject({ policyNumber: policy.policyNumber, status: "issued", freeLookUntil: "2027-01-19", quote: { premium: { amount: 4500 }, departureDate: "2027-02-12" }, insured: [{ title: "Mr.", firstName: "Sam", passportNumber: "K1234567" }] });
    const calls = fake.requests.filter((request) => request.path.includes(policy.policyNumber)).map((request) => `${request.method} ${request.path.split(policy.policyNumber)[1]!.replace(/UPD\d+/, "{update}")}`);
    expect(calls).toEqual(["GET /", "PATCH /quote_for_update", "GET /", "POST /confirm_update/{update}/"]);

    now = new Date("2027-02-12T08:00:00Z");
    try {
      await expect(adapterWith().quoteChange(ask, call())).rejects.toMatchObject({ code: "NOT_PERMITTED", message: expect.stringContaining("trip has started") });
    } finally {
      now = NOW;
    }
  });
});
