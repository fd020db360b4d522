import { afterAll, beforeAll, expect, it } from "vitest";
import type { Beneficiary, DmtBrand, Remitter, Transfer, TransferQuote } from "../../src/contract/moneyTransfer";
import { clientReferenceOf } from "../../server/orders/orderService";
import { startFakeWise, type FakeWise } from "../fakes/wise/fakeWise";
import type { ApiTestClient, TestResponse } from "./apiClient";
import { describeEachDatabase } from "./harness";
import { creditUsed, DEPOSIT, newKey, orderOf, signedIn } from "./orderFixtures";
import { IN_BANK, remitterRequest } from "./transferFixtures";

const TOKEN = "wise-api-token-0042";
const AGENCY = 3;
const SIBLING = 4;
const SUPPLIER = "wise-gcc";
const BRAND = "WISEKW";
let fake: FakeWise;
let endpointUrl: string;

const wiseSupplier = () => ({
  code: SUPPLIER,
  name: "Wise (business account)",
  kind: "transfer",
  category: "other",
  source: "Other",
  connection: "wise",
  endpointUrl,
  apiKey: TOKEN,
  webhookPublicKey: fake.publicKeyPem.replace(/\n/g, " ").trim(),
  commercialModel: "net",
  settlement: "Prepaid deposit",
  currency: "KWD",
});

const wiseBrand = { code: BRAND, name: "Wise to India", partner: "wise", partnerBrand: SUPPLIER.toUpperCase(), rateSource: "Wise", fxMarginBps: 100, markets: [] };

const dataOf = <T>(response: TestResponse): T => {
  expect(response.status, response.text).toBe(200);
  return (response.body as { data: T }).data;
};

const MUMBAI = { "address.city": "Mumbai", "address.firstLine": "12 Marine Drive", "address.postCode": "400020" };

async function people(agent: ApiTestClient): Promise<{ remitter: Remitter; beneficiary: Beneficiary }> {
  const remitter = dataOf<Remitter>(await agent.post("/api/dmt/remitters", remitterRequest()));
  const beneficiary = dataOf<Beneficiary>(await agent.post(`/api/dmt/remitters/${remitter.id}/beneficiaries`, IN_BANK));
  return { remitter, beneficiary };
}

const quoteOf = async (agent: ApiTestClient, remitterId: number, beneficiaryId: number, sendAmount = 100_000) =>
  dataOf<TransferQuote>(await agent.post("/api/dmt/quotes", { brandCode: BRAND, remitterId, beneficiaryId, sendAmount }));
const send = (agent: ApiTestClient, quoteId: string, recipientDetails: Record<string, string> = MUMBAI, key = newKey()) =>
  agent.post("/api/dmt/transfers", { quoteId, payment: { ...DEPOSIT, card: null }, purpose: "Family support", recipientDetails }, { headers: { "idempotency-key": key } });
const transferOf = async (agent: ApiTestClient, id: number) => dataOf<Transfer>(await agent.get(`/api/dmt/transfers/${id}`));

describeEachDatabase("money transfer through a supplier row connected to Wise", (server) => {
  // One Wise account per database: each numbers its orders from 1.
  let closeFake: () => Promise<void>;
  beforeAll(async () => {
    ({ fake, url: endpointUrl, close: closeFake } = await startFakeWise({ token: TOKEN }));
  });
  afterAll(() => closeFake());

  it("tests the token from the wizard, and saves the connection only complete", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const form = { kind: "transfer", connection: "wise", endpointUrl, currency: "KWD" };
    expect((await admin.post("/api/suppliers/test-connection", { ...form, apiKey: TOKEN })).body).toMatchObject({ data: { connected: true, message: `Wise accepted the credentials; sending from profile ${fake.profileId}.` } });
    const refused = (await admin.post("/api/suppliers/test-connection", { ...form, apiKey: "not-the-token" })).body as { data: { connected: boolean; message: string } };
    expect(refused.data).toMatchObject({ connected: false, message: expect.stringContaining("Full authentication is required") });
    expect((await admin.post("/api/suppliers/test-connection", form)).body).toMatchObject({ status: 422, code: "connection_incomplete", message: "A Wise connection needs the API token (in API key)." });
    expect((await admin.post("/api/suppliers/test-connection", { ...form, kind: "hotel", apiKey: TOKEN })).body).toMatchObject({ status: 422, message: "A Wise connection is for a transfer supplier; choose the kind transfer." });
  });

  it("quotes at Wise's rate less the margin, asks for the fields Wise requires, sends, funds from the balance and follows the payout", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const agent = await signedIn(server);
    const created = await admin.post("/api/suppliers", wiseSupplier());
    expect(created.status, created.text).toBe(200);
    expect((await admin.post("/api/dmtBrands", wiseBrand)).status).toBe(200);

    const brands = dataOf<DmtBrand[]>(await agent.get("/api/dmt/fetchDmtBrands?receiveCountry=IN"));
    const wise = brands.find((brand) => brand.code === BRAND);
    expect(wise).toMatchObject({ partner: "wise", sandbox: false, fxMarginBps: 100 });
    expect(wise!.corridors).toEqual([expect.objectContaining({ sendCountry: "KW", sendCurrency: "KWD", receiveCountry: "IN", receiveCurrency: "INR", payoutMethods: ["bank"], feeBands: [{ upTo: null, flat: 0, percentBps: 0 }] })]);

    const { remitter, beneficiary } = await people(agent);
    const quoted = await quoteOf(agent, remitter.id, beneficiary.id);
    // Wise's fee is inside its rate: the customer pays the amount sent and no fee beside it.
    expect(quoted).toMatchObject({ brandCode: BRAND, fee: { amount: 0, currency: "KWD" }, totalToPay: { amount: 100_000, currency: "KWD" }, marginBps: 100 });
    expect(Number(quoted.rate)).toBeLessThan(Number(quoted.partnerRate));
    // The beneficiary's record gives the IFSC and account number; Wise's requirements for INR also ask the address.
    expect(quoted.recipientFields.map((field) => [field.key, field.label, field.required])).toEqual([
      ["address.city", "City", true],
      ["address.firstLine", "Recipient address", true],
      ["address.postCode", "Post code", true],
    ]);
    // Wise holds its quote for exactly what the beneficiary receives (Wise counts rupees in paise, the platform in whole rupees).
    const wiseQuote = [...fake.quotes.values()].at(-1)!;
    expect(wiseQuote.targetMinor).toBe(quoted.receiveAmount.amount * 100);

    const missing = await send(agent, quoted.id, { "address.city": "Mumbai" });
    expect(missing.body).toMatchObject({ status: 400, code: "validation_failed", errors: [{ field: "recipientDetails.address.firstLine" }, { field: "recipientDetails.address.postCode" }] });
    const wrongPostCode = await send(agent, quoted.id, { ...MUMBAI, "address.postCode": "4000" });
    expect(wrongPostCode.body).toMatchObject({ status: 400, errors: [{ field: "recipientDetails.address.postCode", message: "The Post code is not in the form the partner expects, such as 400020" }] });

    const before = await creditUsed(server);
    const order = orderOf(await send(agent, quoted.id));
    expect(order.status).toBe("confirm");
    expect(await creditUsed(server)).toBe(before + 100_000);
    const transfer = [...fake.transfers.values()].at(-1)!;
    expect(transfer).toMatchObject({ quoteUuid: wiseQuote.id, reference: clientReferenceOf(order.id), status: "processing" });
    const account = fake.accounts.get(transfer.targetAccount)!;
    expect(account).toMatchObject({ type: "indian", currency: "INR" });
    expect(account.body).toMatchObject({ accountHolderName: "Anita Kumar", details: { legalType: "PRIVATE", ifscCode: "SBIN0001234", accountNumber: "30001234567", address: { country: "IN", city: "Mumbai", firstLine: "12 Marine Drive", postCode: "400020" } } });
    // Funded from the balance: Wise's source amount, less than the customer paid (the margin is the agency's).
    expect(fake.balance.get("KWD")).toBe(50_000_000 - wiseQuote.sourceMinor);
    expect(wiseQuote.sourceMinor).toBeLessThan(100_000);

    const read = await transferOf(agent, order.items[0]!.transfer!.transferId);
    expect(read).toMatchObject({ state: "paid", partnerReference: String(transfer.id) });
  });

  it("finds a transfer whose answer was lost by our reference, and funds it", async () => {
    const agent = await signedIn(server);
    const { remitter, beneficiary } = await people(agent);
    const quoted = await quoteOf(agent, remitter.id, beneficiary.id, 50_000);
    fake.loseNextTransferAnswer();
    const order = orderOf(await send(agent, quoted.id));
    expect(order.status).toBe("confirm");
    const made = [...fake.transfers.values()].filter((transfer) => transfer.reference === clientReferenceOf(order.id));
    expect(made).toHaveLength(1);
    expect(made[0]!.status).toBe("processing");
    expect(await transferOf(agent, order.items[0]!.transfer!.transferId)).toMatchObject({ state: "paid", partnerReference: String(made[0]!.id) });
  });

  it("gives the money back when the Wise balance cannot pay, and says so in Wise's words", async () => {
    const agent = await signedIn(server);
    const { remitter, beneficiary } = await people(agent);
    const quoted = await quoteOf(agent, remitter.id, beneficiary.id, 60_000);
    const before = await creditUsed(server);
    const held = fake.balance.get("KWD")!;
    fake.balance.set("KWD", 1_000);
    try {
      const refused = await send(agent, quoted.id);
      expect(refused.body).toMatchObject({ code: "invalid_request", message: expect.stringContaining("transfer.insufficient_funds") });
    } finally {
      fake.balance.set("KWD", held);
    }
    expect(await creditUsed(server)).toBe(before);
    expect([...fake.transfers.values()].at(-1)!.status).toBe("cancelled");
  });

  it("follows a signed webhook to a bounce and refunds, and refuses a forged one", async () => {
    const agent = await signedIn(server);
    const { remitter, beneficiary } = await people(agent);
    // Paid out only when the fake is told: the transfer waits with Wise.
    const quoted = await quoteOf(agent, remitter.id, beneficiary.id, 70_000);
    const order = orderOf(await send(agent, quoted.id));
    const made = [...fake.transfers.values()].find((transfer) => transfer.reference === clientReferenceOf(order.id))!;
    fake.setStatus(made.id, "bounced_back");
    const event = fake.stateChangeEvent(made.id);

    const forged = await agent.post(`/api/dmt/webhooks/wise/${SUPPLIER}`, JSON.parse(event.body), { headers: { "x-signature-sha256": fake.sign("something else") } });
    expect(forged.body).toMatchObject({ status: 401, code: "webhook_signature_invalid" });
    const unknown = await agent.post("/api/dmt/webhooks/wise/no-such-row", JSON.parse(event.body), { headers: { "x-signature-sha256": event.signature } });
    // Whether a code is connected is not told to a caller without the key.
    expect(unknown.body).toMatchObject({ status: 401, code: "webhook_signature_invalid" });

    const before = await creditUsed(server);
    const followed = await server.app.inject({ method: "POST", url: `/api/dmt/webhooks/wise/${SUPPLIER}`, headers: { "content-type": "application/json", "x-signature-sha256": event.signature }, payload: event.body });
    expect(followed.json()).toMatchObject({ status: 200, message: "Transfer followed." });
    const bounced = await transferOf(agent, order.items[0]!.transfer!.transferId);
    expect(bounced.state).toBe("refunded");
    expect(bounced.events.map((entry) => entry.note)).toContain("The recipient's bank returned the payment to Wise.");
    expect(await creditUsed(server)).toBe(before - 70_000);
  });

  it("cancels a transfer Wise has not paid out at Wise, and refuses one paid out", async () => {
    const agent = await signedIn(server);
    const { remitter, beneficiary } = await people(agent);
    fake.payoutAfterMs = 3_600_000;
    try {
      const waiting = orderOf(await send(agent, (await quoteOf(agent, remitter.id, beneficiary.id, 80_000)).id));
      const before = await creditUsed(server);
      const cancelled = dataOf<Transfer>(await agent.post(`/api/dmt/transfers/${waiting.items[0]!.transfer!.transferId}/cancel`, { reason: "Customer changed their mind" }));
      expect(cancelled.state).toBe("refunded");
      expect(await creditUsed(server)).toBe(before - 80_000);
      expect([...fake.transfers.values()].find((transfer) => transfer.reference === clientReferenceOf(waiting.id))!.status).toBe("cancelled");
    } finally {
      fake.payoutAfterMs = 0;
    }
    const paid = orderOf(await send(agent, (await quoteOf(agent, remitter.id, beneficiary.id, 80_000)).id));
    const transferId = paid.items[0]!.transfer!.transferId;
    expect((await transferOf(agent, transferId)).state).toBe("paid");
    expect((await agent.post(`/api/dmt/transfers/${transferId}/cancel`, {})).body).toMatchObject({ status: 422, code: "transfer_not_cancellable" });
  });

  it("sells a Wise brand only to the organisations its supplier row is open to", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const sibling = await server.userOf(SIBLING, ["dmt"]);
    const brandsOf = async (client: ApiTestClient) => dataOf<DmtBrand[]>(await client.get("/api/dmt/fetchDmtBrands?receiveCountry=IN")).map((brand) => brand.code);
    const [row] = dataOf<{ id: number }[]>(await admin.get(`/api/suppliers?filter[code]=${SUPPLIER}`));
    expect(await brandsOf(sibling.client)).toContain(BRAND);
    expect((await admin.request("PUT", `/api/suppliers/${row!.id}`, { brandIds: [AGENCY] })).status).toBe(200);
    try {
      expect(await brandsOf(await signedIn(server))).toContain(BRAND);
      expect(await brandsOf(sibling.client)).not.toContain(BRAND);
    } finally {
      expect((await admin.request("PUT", `/api/suppliers/${row!.id}`, { brandIds: [] })).status).toBe(200);
    }
  });

  // Last: the breaker it opens stays open for the rest of this server's pause.
  it("pauses a failing Wise while the sandbox brands still quote", async () => {
    const agent = await signedIn(server);
    const { remitter, beneficiary } = await people(agent);
    for (let failure = 0; failure < 12; failure += 1) fake.failNext("/quotes", 503, "SERVICE_UNAVAILABLE", "Wise is down for maintenance");
    const answers: { status: number; code?: string; message?: string }[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      answers.push((await agent.post("/api/dmt/quotes", { brandCode: BRAND, remitterId: remitter.id, beneficiaryId: beneficiary.id, sendAmount: 100_000 })).body as { status: number; code?: string });
    }
    expect(answers[0]).toMatchObject({ status: 502, code: "supplier_failure", message: "Wise failed (Wise is down for maintenance)." });
    expect(answers.at(-1)).toMatchObject({ status: 503, code: "supplier_paused" });
    const sandbox = await agent.post("/api/dmt/quotes", { brandCode: "SWIFTREMIT", remitterId: remitter.id, beneficiaryId: beneficiary.id, sendAmount: 100_000 });
    expect(sandbox.status, sandbox.text).toBe(200);
  });
});
