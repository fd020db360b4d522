import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeWise, type FakeWise } from "../../../tests/fakes/wise/fakeWise";
import { minorToMajorText } from "../../../src/contract/money";
import { chooseRequirement, effectiveRate, recipientAccountBody, WiseAdapter } from "./wiseAdapter";

const TOKEN = "wise-unit-token";
const NOW = new Date("2027-01-05T08:00:00Z");
const call = () => ({ signal: AbortSignal.timeout(10_000) });
const KWD_INR = { sendCurrency: "KWD", receiveCurrency: "INR" };
const ANITA = { firstName: "Anita", lastName: "Kumar", relationship: "spouse" as const, country: "IN", payoutMethod: "bank" as const, phone: "", bankName: "SBI", iban: "", bic: "", accountNumber: "30001234567", bankCode: "SBIN0001234", walletPhone: "", pickupCity: "" };
const MUMBAI = { "address.city": "Mumbai", "address.firstLine": "12 Marine Drive", "address.postCode": "400020" };

describe("Wise's amounts as the platform's rate", () => {
  it("divides what Wise delivers by what it takes, exactly, cut to six decimals, whatever the currencies' decimals", () => {
    // 99.700 KWD taken, 26,893.34 INR delivered (in paise, though the platform keeps whole rupees): 269.742627... rupees per dinar.
    expect(effectiveRate("99.700", "26893.34")).toBe("269.742627");
    expect(effectiveRate("6.25", "1000")).toBe("160.000000");
  });
});

describe("Wise's account requirements", () => {
  const field = (key: string, required = true) => ({ name: key, group: [{ key, type: "text", required }] });
  const requirements = [
    { type: "email", title: "Email", fields: [field("accountHolderName"), field("email")] },
    { type: "local", title: "Local", fields: [field("accountHolderName"), field("accountNumber"), field("ifscCode"), field("address.city"), field("address.postCode", false)] },
    { type: "iban", title: "IBAN", fields: [field("accountHolderName"), field("IBAN")] },
  ];

  it("chooses the bank account the beneficiary's record answers best, never the e-mail recipient, and asks for what is left", () => {
    const local = chooseRequirement(requirements, { accountHolderName: "Anita Kumar", accountNumber: "1", ifscCode: "SBIN0001234", email: "a@example.com" });
    expect(local.requirement.type).toBe("local");
    expect(local.missing.map((missing) => missing.key)).toEqual(["address.city"]);
    expect(chooseRequirement(requirements, { accountHolderName: "Anita Kumar", IBAN: "PK36SCBL0000001123456702" }).requirement.type).toBe("iban");
    expect(() => chooseRequirement([requirements[0]!], {})).toThrow(/no kind of bank account/);
  });

  it("writes dotted keys nested, the holder's name beside the details, and leaves out what the kind does not ask", () => {
    expect(recipientAccountBody(requirements[1]!, { accountHolderName: "Anita Kumar", accountNumber: "1", ifscCode: "X", "address.city": "Mumbai", IBAN: "not asked" }, 7, "INR")).toEqual({
      currency: "INR",
      type: "local",
      profile: 7,
      ownedByCustomer: false,
      accountHolderName: "Anita Kumar",
      details: { accountNumber: "1", ifscCode: "X", address: { city: "Mumbai" } },
    });
  });
});

describe("Wise adapter against the fake Wise", () => {
  let fake: FakeWise;
  let url: string;
  let close: () => Promise<void>;
  const adapterWith = (token = TOKEN, webhookPublicKey: string | null = null) => new WiseAdapter({ supplierId: "wise-test", supplierName: "Wise test", endpointUrl: url, apiToken: token, webhookPublicKey }, () => NOW);

  beforeAll(async () => {
    ({ fake, url, close } = await startFakeWise({ token: TOKEN, now: () => NOW }));
  });
  afterAll(() => close());

  it("publishes bank corridors from Wise's currency pairs, for every country of each currency, with no fee beside the rate", async () => {
    const adapter = adapterWith();
    expect(await adapter.check(call())).toBe(`sending from profile ${fake.profileId}`);
    const corridors = await adapter.corridors("WISE-TEST", call());
    const kuwaitToIndia = corridors.find((corridor) => corridor.sendCountry === "KW" && corridor.receiveCountry === "IN");
    expect(kuwaitToIndia).toEqual({
      sendCountry: "KW",
      sendCurrency: "KWD",
      receiveCountry: "IN",
      receiveCurrency: "INR",
      payoutMethods: ["bank"],
      minSend: { amount: 1_000, currency: "KWD" },
      maxSend: { amount: 300_000_000, currency: "KWD" },
      feeBands: [{ upTo: null, flat: 0, percentBps: 0 }],
    });
    // Pounds are paid out in every country whose currency they are (the fixture's GBP target).
    expect(corridors.filter((corridor) => corridor.sendCurrency === "KWD" && corridor.receiveCurrency === "GBP").map((corridor) => corridor.receiveCountry)).toEqual(expect.arrayContaining(["GB", "GG", "IM", "JE"]));
  });

  it("reads amounts written as numbers and as text alike, with Wise's fee inside the rate", async () => {
    const adapter = adapterWith();
    const asNumbers = await adapter.rate("WISE-TEST", KWD_INR, { of: "send", minor: 100_000 }, call());
    const corridorsFromNumbers = await adapter.corridors("WISE-TEST", call());
    fake.amountsAsText = true;
    try {
      expect(await adapter.rate("WISE-TEST", KWD_INR, { of: "send", minor: 100_000 }, call())).toBe(asNumbers);
      // A fresh adapter reads the currency pairs again, written as text this time.
      expect(await adapterWith().corridors("WISE-TEST", call())).toEqual(corridorsFromNumbers);
    } finally {
      fake.amountsAsText = false;
    }
    const quote = [...fake.quotes.values()].at(-1)!;
    // Wise writes rupees in paise: the rate is read from them, though the platform keeps whole rupees.
    expect(asNumbers).toBe(effectiveRate(minorToMajorText(quote.sourceMinor, "KWD"), `${Math.floor(quote.targetMinor / 100)}.${String(quote.targetMinor % 100).padStart(2, "0")}`));
    expect(quote.targetMinor % 100).not.toBe(0);
    // The fee makes the effective rate worse than Wise's own.
    expect(Number(asNumbers)).toBeLessThan(quote.rate);
  });

  it("locks a quote for the amount received, sends to the account Wise requires, funds it and follows it", async () => {
    const adapter = adapterWith();
    const lock = await adapter.lock("WISE-TEST", KWD_INR, { amount: 2_500_000, currency: "INR" }, ANITA, call());
    expect(lock.expiresAt).toBe("2027-01-05T08:20:00.000Z");
    expect(lock.recipientFields.map((field) => [field.key, field.pattern, field.example])).toEqual([
      ["address.city", null, "Mumbai"],
      ["address.firstLine", null, "12 Marine Drive"],
      ["address.postCode", "^[0-9]{6}$", "400020"],
    ]);
    const submission = {
      brand: "WISE-TEST",
      clientReference: "AGG-UNIT-1",
      send: { amount: 100_000, currency: "KWD" },
      receive: { amount: 2_500_000, currency: "INR" },
      rate: "250.000000",
      remitterName: "Ravi Kumar",
      purpose: "Family support",
      beneficiary: { name: "Anita Kumar", country: "IN", payoutMethod: "bank" as const, payoutTo: "SBI 3000…4567", account: ANITA },
      partnerQuote: lock.partnerQuote,
      recipientDetails: MUMBAI,
    };
    await expect(adapter.submit({ ...submission, recipientDetails: {} }, call())).rejects.toMatchObject({ code: "INVALID_REQUEST", message: expect.stringContaining("Enter the City") });
    const sent = await adapter.submit(submission, call());
    expect(sent).toMatchObject({ clientReference: "AGG-UNIT-1", state: "sent" });
    expect(await adapter.status(sent.reference, call())).toMatchObject({ state: "paid", clientReference: "AGG-UNIT-1" });
    // Sent again (a retry after a lost answer), the same transfer: Wise keys it by the customer transaction id.
    expect((await adapter.submit(submission, call())).reference).toBe(sent.reference);
    expect(await adapter.byClientReference("AGG-UNIT-1", call())).toMatchObject({ reference: sent.reference, state: "paid" });
    expect(await adapter.byClientReference("AGG-NEVER-SENT", call())).toBeNull();
    await expect(adapter.cancel(sent.reference, call())).rejects.toMatchObject({ code: "NOT_PERMITTED", message: expect.stringContaining("cannot be cancelled") });
  });

  it("says what Wise refused in its words: the token, a route, a rate limit", async () => {
    await expect(adapterWith("wrong-token").check(call())).rejects.toMatchObject({ code: "NOT_PERMITTED", message: expect.stringContaining("Full authentication is required") });
    const adapter = adapterWith();
    await expect(adapter.rate("WISE-TEST", { sendCurrency: "KWD", receiveCurrency: "USD" }, { of: "send", minor: 100_000 }, call())).rejects.toMatchObject({ code: "INVALID_REQUEST", message: expect.stringContaining("Sending KWD to USD is not supported") });
    fake.rateLimitNext(60);
    await expect(adapter.rate("WISE-TEST", KWD_INR, { of: "send", minor: 100_000 }, call())).rejects.toMatchObject({ code: "RATE_LIMITED", message: expect.stringContaining("60 seconds") });
    fake.failNext("/quotes", 500, "INTERNAL", "Something went wrong");
    await expect(adapter.rate("WISE-TEST", KWD_INR, { of: "send", minor: 100_000 }, call())).rejects.toMatchObject({ code: "SUPPLIER_FAILURE", message: "Wise failed (Something went wrong)." });
  });

  it("reads a webhook only with a valid signature from the key entered", () => {
    const event = JSON.stringify({ event_type: "transfers#state-change", schema_version: "2.0.0", sent_at: NOW.toISOString(), data: { resource: { id: 42, profile_id: 1, account_id: 2, type: "transfer" }, current_state: "outgoing_payment_sent", previous_state: "processing", occurred_at: NOW.toISOString() } });
    // Pasted into a one-line field, the key's line breaks became spaces: it still reads.
    const adapter = adapterWith(TOKEN, fake.publicKeyPem.replace(/\n/g, " "));
    expect(adapter.webhookTransfer(event, fake.sign(event))).toEqual({ reference: "42", status: "outgoing_payment_sent" });
    expect(() => adapter.webhookTransfer(event, fake.sign(`${event} `))).toThrow(/not signed by Wise/);
    expect(() => adapter.webhookTransfer(event, undefined)).toThrow(/not signed by Wise/);
    expect(() => adapterWith().webhookTransfer(event, fake.sign(event))).toThrow(/No Wise webhook key/);
    const balanceEvent = JSON.stringify({ event_type: "balances#credit", data: {} });
    expect(adapter.webhookTransfer(balanceEvent, fake.sign(balanceEvent))).toBeNull();
  });
});
