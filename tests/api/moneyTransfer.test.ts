import { sql, type Kysely } from "kysely";
import { expect, it } from "vitest";
import type { Beneficiary, DmtBrand, Remitter, Transfer, TransferQuote } from "../../src/contract/moneyTransfer";
import type { PlatformOrder } from "../../src/contract/orders";
import { quoteBreakdown } from "../../src/contract/transferQuote";
import type { ApiTestClient, TestResponse } from "./apiClient";
import { systemClock } from "../../server/clock";
import { databaseBookingStore } from "../../server/products/sandboxBookingStore";
import { remittanceReference, SandboxRemitPartner, type SandboxRemittance } from "../../server/products/transfer/sandbox/sandboxRemitPartner";
import type { PartnerSubmission, PartnerTransfer } from "../../server/products/transfer/types";
import { SupplierError } from "../../server/suppliers/supplierError";
import { describeEachDatabase } from "./harness";
import { expectOneFact } from "./surfaces";
import * as itemTrips from "../../server/db/migrations/0037_item_trips";
import { creditUsed, DEPOSIT, newKey, orderOf, signedIn } from "./orderFixtures";
import { IN_BANK, remitterRequest } from "./transferFixtures";

const AGENCY = 3;
const SIBLING = 4;
const PK_BANK = { firstName: "Ayesha", lastName: "Khan", relationship: "sibling", country: "PK", payoutMethod: "bank", bankName: "Standard Chartered", iban: "PK36 SCBL 0000 0011 2345 6702", bic: "SCBLPKKX" };

const dataOf = <T>(response: TestResponse): T => {
  expect(response.status, response.text).toBe(200);
  return (response.body as { data: T }).data;
};
const errorsOf = (response: TestResponse) => (response.body as { errors?: { field: string }[] }).errors?.map((error) => error.field);

async function newRemitter(client: ApiTestClient, fields: Record<string, string> = {}): Promise<Remitter> {
  return dataOf<Remitter>(await client.post("/api/dmt/remitters", remitterRequest(fields)));
}
async function newBeneficiary(client: ApiTestClient, remitterId: number, fields: object = IN_BANK): Promise<Beneficiary> {
  return dataOf<Beneficiary>(await client.post(`/api/dmt/remitters/${remitterId}/beneficiaries`, fields));
}
const quote = (client: ApiTestClient, remitterId: number, beneficiaryId: number, amount: { sendAmount?: number; receiveAmount?: number }, brandCode = "SWIFTREMIT") =>
  client.post("/api/dmt/quotes", { brandCode, remitterId, beneficiaryId, ...amount });
const send = (client: ApiTestClient, quoteId: string, key = newKey()) =>
  client.post("/api/dmt/transfers", { quoteId, payment: { ...DEPOSIT, card: null }, purpose: "Family support" }, { headers: { "idempotency-key": key } });
const transferOf = (order: PlatformOrder) => order.items[0]!.transfer!;

async function sendMoney(client: ApiTestClient, remitterId: number, beneficiaryId: number, sendAmount: number): Promise<{ quote: TransferQuote; order: PlatformOrder }> {
  const quoted = dataOf<TransferQuote>(await quote(client, remitterId, beneficiaryId, { sendAmount }));
  return { quote: quoted, order: orderOf(await send(client, quoted.id)) };
}

describeEachDatabase("money transfer", (server) => {
  const raiseCredit = () => server.db.updateTable("organisations").set({ credit_limit: 900_000_000 }).where("id", "in", [AGENCY, SIBLING]).execute();

  it("offers each organisation the brands of its money-transfer markets, with corridors from its country and the margin of its level", async () => {
    const agent = await signedIn(server);
    const brands = dataOf<DmtBrand[]>(await agent.get("/api/dmt/fetchDmtBrands"));
    expect(brands.map((brand) => [brand.code, brand.sandbox, brand.fxMarginBps])).toEqual([
      ["DESERTEXPRESS", true, 80],
      ["SWIFTREMIT", true, 120],
    ]);
    expect(brands.every((brand) => brand.corridors.every((corridor) => corridor.sendCountry === "KW" && corridor.sendCurrency === "KWD"))).toBe(true);
    // Only Swift Remit pays out in Sri Lanka; the spec's POST call filters the same way.
    const toLanka = dataOf<DmtBrand[]>(await agent.post("/api/getDmtBrands", { receiveCountry: "LK" }));
    expect(toLanka.map((brand) => brand.code)).toEqual(["SWIFTREMIT"]);
    expect(toLanka[0]!.corridors.map((corridor) => corridor.receiveCurrency)).toEqual(["LKR"]);

    // A money-transfer level sets the organisation's margin; a brand outside its markets is not offered.
    const premier = await server.db.selectFrom("partner_levels").select("id").where("kind", "=", "dmt").where("fx_margin_bps", "=", 40).executeTakeFirstOrThrow();
    await server.db.updateTable("organisations").set({ money_transfer_level_id: premier.id }).where("id", "=", AGENCY).execute();
    await sql`update dmt_brands set markets = '["NOWHERE"]' where code = 'DESERTEXPRESS'`.execute(server.db);
    try {
      expect(dataOf<DmtBrand[]>(await agent.get("/api/dmt/fetchDmtBrands")).map((brand) => [brand.code, brand.fxMarginBps])).toEqual([["SWIFTREMIT", 40]]);
    } finally {
      await server.db.updateTable("organisations").set({ money_transfer_level_id: null }).where("id", "=", AGENCY).execute();
      await sql`update dmt_brands set markets = '["DMT-GCC"]' where code = 'DESERTEXPRESS'`.execute(server.db);
    }
  });

  it("registers a remitter only with a valid ID, as an adult, with a real phone number; a renewed ID is an update", async () => {
    const agent = await signedIn(server);
    const expired = await agent.post("/api/dmt/remitters", remitterRequest({ idExpiry: "2020-01-01", dateOfBirth: "2015-01-01", phone: "123456" }));
    expect(expired.status).toBe(400);
    expect(errorsOf(expired)).toEqual(["idExpiry", "dateOfBirth", "phone"]);
    const details = remitterRequest({ idExpiry: "2020-01-01" });
    expect(errorsOf(await agent.post("/api/dmt/remitters", details))).toEqual(["idExpiry"]);
    expect(errorsOf(await agent.post("/api/dmt/remitters", { ...details, idExpiry: "2031-06-30", organisationId: 1, screening: "clear" }))).toEqual(["organisationId", "screening"]);
    const created = dataOf<Remitter>(await agent.post("/api/dmt/remitters", { ...details, idExpiry: "2031-06-30" }));
    expect(created).toMatchObject({ screening: "clear", phone: "+96550123456", idExpiry: "2031-06-30", organisationId: AGENCY });
    expect((await agent.post("/api/dmt/remitters", { ...details, idExpiry: "2031-06-30" })).body).toMatchObject({ status: 409, code: "remitter_exists" });

    const renewed = dataOf<Remitter>(await agent.request("PUT", `/api/dmt/remitters/${created.id}`, { ...details, idExpiry: "2033-06-30", address: "Block 9, Street 1, House 2" }));
    expect(renewed).toMatchObject({ idExpiry: "2033-06-30", address: "Block 9, Street 1, House 2" });
    expect(errorsOf(await agent.request("PUT", `/api/dmt/remitters/${created.id}`, { ...details, idExpiry: "2033-06-30", idNumber: "999999999" }))).toEqual(["idNumber"]);
    const found = dataOf<Remitter[]>(await agent.get(`/api/dmt/remitters?search=${details.idNumber}`));
    expect(found.map((entry) => entry.id)).toEqual([created.id]);

    // The money-transfer passenger type (REM) says who may send: raised to 21, a 19-year-old is refused.
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const remitterType = await server.db.selectFrom("passenger_types").select("id").where("kind", "=", "dmt").executeTakeFirstOrThrow();
    expect((await admin.request("PUT", `/api/passengerTypes/${remitterType.id}`, { minAge: 21 })).status).toBe(200);
    const nineteen = new Date(server.clock.now().getTime() - 19.5 * 365 * 86_400_000).toISOString().slice(0, 10);
    try {
      expect((await agent.post("/api/dmt/remitters", remitterRequest({ dateOfBirth: nineteen }))).body).toMatchObject({ status: 400, message: "A remitter must be at least 21 years old" });
    } finally {
      await admin.request("PUT", `/api/passengerTypes/${remitterType.id}`, { minAge: 18 });
    }
    expect((await agent.post("/api/dmt/remitters", remitterRequest({ dateOfBirth: nineteen }))).status).toBe(200);
  });

  it("checks a beneficiary's payout details for the method and country: IBAN and BIC, local accounts, wallets, cash pickups", async () => {
    const agent = await signedIn(server);
    const sender = await newRemitter(agent);
    const wrongIban = await agent.post(`/api/dmt/remitters/${sender.id}/beneficiaries`, { ...PK_BANK, iban: "PK36SCBL0000001123456703" });
    expect(wrongIban.status).toBe(400);
    expect(errorsOf(wrongIban)).toEqual(["iban"]);
    const pakistan = await newBeneficiary(agent, sender.id, PK_BANK);
    expect(pakistan).toMatchObject({ iban: "PK36SCBL0000001123456702", bic: "SCBLPKKX", screening: "clear" });
    expect(errorsOf(await agent.post(`/api/dmt/remitters/${sender.id}/beneficiaries`, { ...IN_BANK, bankCode: "SBI" }))).toEqual(["bankCode"]);
    await newBeneficiary(agent, sender.id, IN_BANK);
    expect(errorsOf(await agent.post(`/api/dmt/remitters/${sender.id}/beneficiaries`, { ...IN_BANK, payoutMethod: "wallet", walletPhone: "123" }))).toEqual(["walletPhone"]);
    expect((await newBeneficiary(agent, sender.id, { ...IN_BANK, payoutMethod: "wallet", walletPhone: "98765 43210" })).walletPhone).toBe("+919876543210");
    expect(errorsOf(await agent.post(`/api/dmt/remitters/${sender.id}/beneficiaries`, { ...IN_BANK, payoutMethod: "cash" }))).toEqual(["pickupCity"]);
    const listed = dataOf<Beneficiary[]>(await agent.get(`/api/dmt/remitters/${sender.id}/beneficiaries`));
    expect(listed.map((entry) => entry.payoutMethod)).toEqual(["bank", "bank", "wallet"]);
  });

  it("quotes with the partner's rate less the margin and the brand's fee, in integer minor units, within the corridor's limits", async () => {
    const agent = await signedIn(server);
    const sender = await newRemitter(agent);
    const payee = await newBeneficiary(agent, sender.id);
    const quoted = dataOf<TransferQuote>(await quote(agent, sender.id, payee.id, { sendAmount: 250_000 }));
    const expected = quoteBreakdown({ sendCurrency: "KWD", receiveCurrency: "INR", partnerRate: quoted.partnerRate, marginBps: 120, feeBands: [{ upTo: 100_000, flat: 1_000, percentBps: 0 }, { upTo: 500_000, flat: 1_500, percentBps: 25 }, { upTo: null, flat: 0, percentBps: 50 }], amount: { of: "send", minor: 250_000 } });
    expect(quoted).toMatchObject({
      marginBps: 120,
      rate: expected.rate,
      sendAmount: { amount: 250_000, currency: "KWD" },
      fee: { amount: 2_125, currency: "KWD" },
      totalToPay: { amount: 252_125, currency: "KWD" },
      receiveAmount: { amount: expected.receiveAmount, currency: "INR" },
    });
    expect(Date.parse(quoted.expiresAt) - server.clock.now().getTime()).toBe(10 * 60_000);

    const byReceive = dataOf<TransferQuote>(await quote(agent, sender.id, payee.id, { receiveAmount: 50_000 }));
    expect(byReceive.receiveAmount.amount).toBeGreaterThanOrEqual(50_000);
    expect(errorsOf(await quote(agent, sender.id, payee.id, { sendAmount: 2_000_001 }))).toEqual(["sendAmount"]);
    expect(errorsOf(await quote(agent, sender.id, payee.id, { sendAmount: 4_999 }))).toEqual(["sendAmount"]);
    expect(errorsOf(await quote(agent, sender.id, payee.id, { sendAmount: 10_000 }, "DESERTEXPRESS"))).toBeUndefined();
    const lanka = await newBeneficiary(agent, sender.id, { firstName: "Nimal", lastName: "Perera", relationship: "friend", country: "LK", payoutMethod: "cash", pickupCity: "Colombo" });
    expect(errorsOf(await quote(agent, sender.id, lanka.id, { sendAmount: 10_000 }, "DESERTEXPRESS"))).toEqual(["brandCode"]);
  });

  it("sends only with a live quote, debits the credit once per key, and follows the partner to paid", async () => {
    await raiseCredit();
    const agent = await signedIn(server);
    const sender = await newRemitter(agent);
    const payee = await newBeneficiary(agent, sender.id, PK_BANK);
    const before = await creditUsed(server);
    const quoted = dataOf<TransferQuote>(await quote(agent, sender.id, payee.id, { sendAmount: 100_000 }));
    const key = newKey();
    const order = orderOf(await send(agent, quoted.id, key));
    const again = orderOf(await send(agent, quoted.id, key));
    expect(again.id).toBe(order.id);
    expect(order).toMatchObject({ status: "confirm", total: 101_000, currency: "KWD", passengerNames: "Ravi Kumar → Ayesha Khan" });
    expect(await creditUsed(server)).toBe(before + 101_000);
    expect(transferOf(order).state).toBe("sent");
    expect((await send(agent, quoted.id)).body).toMatchObject({ status: 409, code: "quote_used" });

    const { transferId } = transferOf(order);
    const sent = dataOf<Transfer>(await agent.get(`/api/dmt/transfers/${transferId}`));
    expect(sent).toMatchObject({ state: "sent", reference: `DMT-${transferId}`, totalToPay: { amount: 101_000 }, beneficiary: { payoutMethod: "bank", payoutTo: "Standard Chartered PK36…6702" } });
    expect(sent.events.map((event) => event.toState)).toEqual(["created", "sent"]);

    server.clock.advance(61);
    const paid = dataOf<Transfer>(await agent.get(`/api/dmt/transfers/${transferId}`));
    expect(paid.state).toBe("paid");
    expect(paid.events.map((event) => event.toState)).toEqual(["created", "sent", "paid"]);
    const listed = dataOf<PlatformOrder>(await agent.get(`/api/orders/${order.id}`));
    expect(listed).toMatchObject({ status: "confirm", items: [{ kind: "transfer", transfer: { transferId, state: "paid" } }] });
    expect(await creditUsed(server)).toBe(before + 101_000);
    expect(dataOf<Transfer[]>(await agent.get(`/api/dmt/transfers?state=paid&remitterId=${sender.id}`)).map((entry) => entry.id)).toEqual([transferId]);

    // A quote is good for ten minutes.
    const stale = dataOf<TransferQuote>(await quote(agent, sender.id, payee.id, { sendAmount: 10_000 }));
    server.clock.advance(601);
    expect((await send(agent, stale.id)).body).toMatchObject({ status: 409, code: "quote_expired", message: expect.stringContaining("This quote ran out at") });
  });

  it("refunds a transfer the partner rejects, and one cancelled before payout, fee included; a paid one cannot be cancelled", async () => {
    await raiseCredit();
    const agent = await signedIn(server);
    const sender = await newRemitter(agent);
    const payee = await newBeneficiary(agent, sender.id);
    const before = await creditUsed(server);
    // The sandbox's compliance rejects amounts ending in .013.
    const rejected = await sendMoney(agent, sender.id, payee.id, 50_013);
    const cancelled = await sendMoney(agent, sender.id, payee.id, 20_000);
    const cancelledTransfer = dataOf<Transfer>(await agent.post(`/api/dmt/transfers/${transferOf(cancelled.order).transferId}/cancel`, { reason: "Customer changed their mind" }));
    expect(cancelledTransfer.state).toBe("refunded");
    expect(cancelledTransfer.events.map((event) => event.toState)).toEqual(["created", "sent", "cancelled", "refunded"]);
    const paid = await sendMoney(agent, sender.id, payee.id, 30_000);
    expect(await creditUsed(server)).toBe(before + rejected.quote.totalToPay.amount + paid.quote.totalToPay.amount);
    // With the partner, a transfer is in progress on every surface, not confirmed; whom it pays, and where.
    expect(await expectOneFact(agent, paid.order.id)).toEqual({ title: "Anita Kumar", place: { kind: "country", code: "IN" }, travelDate: paid.order.createdAt.slice(0, 10), status: "inProgress", stage: "sent" });
    // A transfer booked before items kept whom they pay is given it by migration 0037.
    await sql`update order_items set detail = detail - 'beneficiary' - 'country' where order_id = ${paid.order.id}`.execute(server.db);
    expect(await expectOneFact(agent, paid.order.id)).toMatchObject({ title: "", place: null });
    await itemTrips.up(server.db as unknown as Kysely<unknown>);
    expect(await expectOneFact(agent, paid.order.id)).toMatchObject({ title: "Anita Kumar", place: { kind: "country", code: "IN" } });

    server.clock.advance(61);
    const settled = await server.app.reconcileOrders();
    expect(settled.bookingsFollowed).toBeGreaterThanOrEqual(2);
    const rejectedTransfer = dataOf<Transfer>(await agent.get(`/api/dmt/transfers/${transferOf(rejected.order).transferId}`));
    expect(rejectedTransfer.events.map((event) => event.toState)).toEqual(["created", "sent", "rejected", "refunded"]);
    expect(rejectedTransfer.events[2]!.note).toBe("The partner's compliance check stopped the payout.");
    expect(dataOf<PlatformOrder>(await agent.get(`/api/orders/${rejected.order.id}`))).toMatchObject({ status: "cancel", refunded: rejected.quote.totalToPay.amount });
    expect(await expectOneFact(agent, paid.order.id)).toMatchObject({ status: "confirm", stage: "paid", title: "Anita Kumar" });
    expect(await creditUsed(server)).toBe(before + paid.quote.totalToPay.amount);
    expect((await agent.post(`/api/dmt/transfers/${transferOf(paid.order).transferId}/cancel`, {})).body).toMatchObject({ status: 422, code: "transfer_not_cancellable" });
    // The order calls leave a transfer to its own page.
    expect((await agent.post(`/api/orders/${paid.order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } })).body).toMatchObject({ status: 422, code: "not_cancellable" });
  });

  it("holds one person to the daily and 30-day caps across every agency", async () => {
    await raiseCredit();
    let agent = await signedIn(server);
    const details = remitterRequest();
    const sender = dataOf<Remitter>(await agent.post("/api/dmt/remitters", details));
    const payee = await newBeneficiary(agent, sender.id);
    await sendMoney(agent, sender.id, payee.id, 2_000_000);
    await sendMoney(agent, sender.id, payee.id, 1_000_000);
    const over = await send(agent, dataOf<TransferQuote>(await quote(agent, sender.id, payee.id, { sendAmount: 5_000 })).id);
    expect(over.body).toMatchObject({ status: 422, code: "remitter_limit" });
    expect((over.body as { message: string }).message).toContain("in 24 hours");

    // The same ID at another agency counts the same.
    const sibling = await server.userOf(SIBLING, ["dmt"]);
    const elsewhere = dataOf<Remitter>(await sibling.client.post("/api/dmt/remitters", details));
    const theirPayee = await newBeneficiary(sibling.client, elsewhere.id);
    const siblingQuote = dataOf<TransferQuote>(await quote(sibling.client, elsewhere.id, theirPayee.id, { sendAmount: 5_000 }));
    expect((await send(sibling.client, siblingQuote.id)).body).toMatchObject({ status: 422, code: "remitter_limit" });

    // Three days at the daily cap and one more thousand make the 30 days' 10,000.
    for (let day = 0; day < 2; day += 1) {
      server.clock.advance(86_401);
      agent = await signedIn(server);
      await sendMoney(agent, sender.id, payee.id, 2_000_000);
      await sendMoney(agent, sender.id, payee.id, 1_000_000);
    }
    server.clock.advance(86_401);
    agent = await signedIn(server);
    await sendMoney(agent, sender.id, payee.id, 1_000_000);
    const monthly = await send(agent, dataOf<TransferQuote>(await quote(agent, sender.id, payee.id, { sendAmount: 5_000 })).id);
    expect(monthly.body).toMatchObject({ status: 422, code: "remitter_limit" });
    expect((monthly.body as { message: string }).message).toContain("in 30 days");
  });

  it("never lets simultaneous transfers of one person pass the daily cap", async () => {
    await raiseCredit();
    const agent = await signedIn(server);
    const sender = await newRemitter(agent);
    const payee = await newBeneficiary(agent, sender.id);
    const quotes = await Promise.all(Array.from({ length: 10 }, async () => dataOf<TransferQuote>(await quote(agent, sender.id, payee.id, { sendAmount: 1_000_000 }))));
    const before = await creditUsed(server);
    const answers = await Promise.all(quotes.map((quoted) => send(agent, quoted.id)));
    const accepted = answers.filter((answer) => answer.status === 200);
    expect(accepted).toHaveLength(3);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => (answer.body as { code: string }).code)).toEqual(Array.from({ length: 7 }, () => "remitter_limit"));
    expect(await creditUsed(server)).toBe(before + accepted.reduce((sum, answer) => sum + orderOf(answer).total, 0));
  });

  it("holds a name on the screening list for the head office's review", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    expect((await admin.post("/api/screeningNames", { name: "Viktor Bout", reason: "Sanctions list" })).status).toBe(200);
    const agent = await signedIn(server);
    const listed = await newRemitter(agent, { firstName: "BOUT", lastName: "Viktor" });
    expect(listed.screening).toBe("review");
    const payee = await newBeneficiary(agent, listed.id);
    expect((await quote(agent, listed.id, payee.id, { sendAmount: 10_000 })).body).toMatchObject({ status: 422, code: "screening_hold" });
    const clean = await newRemitter(agent);
    const listedPayee = await newBeneficiary(agent, clean.id, { ...IN_BANK, firstName: "Viktor", lastName: "Bout" });
    expect(listedPayee.screening).toBe("review");
    expect((await quote(agent, clean.id, listedPayee.id, { sendAmount: 10_000 })).body).toMatchObject({ status: 422, code: "screening_hold" });

    expect((await agent.post(`/api/dmt/screening/remitters/${listed.id}`, { decision: "clear" })).status).toBe(403);
    expect((await admin.post(`/api/dmt/screening/remitters/${listed.id}`, { decision: "clear" })).status).toBe(200);
    expect((await quote(agent, listed.id, payee.id, { sendAmount: 10_000 })).status).toBe(200);
    expect((await admin.post(`/api/dmt/screening/beneficiaries/${listedPayee.id}`, { decision: "blocked" })).status).toBe(200);
    expect((await quote(agent, clean.id, listedPayee.id, { sendAmount: 10_000 })).body).toMatchObject({ status: 422, message: "The head office has blocked this beneficiary." });
  });

  it("keeps remitters and transfers to the agency's subtree", async () => {
    await raiseCredit();
    const agent = await signedIn(server);
    const sender = await newRemitter(agent);
    const payee = await newBeneficiary(agent, sender.id);
    const { order, quote: quoted } = await sendMoney(agent, sender.id, payee.id, 10_000);
    const { transferId } = transferOf(order);
    const sibling = (await server.userOf(SIBLING, ["dmt", "orderList"])).client;
    expect((await sibling.get(`/api/dmt/remitters/${sender.id}`)).status).toBe(404);
    expect((await sibling.get(`/api/dmt/remitters/${sender.id}/beneficiaries`)).status).toBe(404);
    expect((await sibling.post(`/api/dmt/remitters/${sender.id}/beneficiaries`, IN_BANK)).status).toBe(404);
    expect(dataOf<Remitter[]>(await sibling.get("/api/dmt/remitters")).map((entry) => entry.id)).not.toContain(sender.id);
    expect((await sibling.post("/api/dmt/quotes", { brandCode: "SWIFTREMIT", remitterId: sender.id, beneficiaryId: payee.id, sendAmount: 10_000 })).status).toBe(404);
    expect((await send(sibling, quoted.id)).status).toBe(404);
    expect((await sibling.get(`/api/dmt/transfers/${transferId}`)).status).toBe(404);
    expect(dataOf<Transfer[]>(await sibling.get("/api/dmt/transfers")).map((entry) => entry.id)).not.toContain(transferId);
    expect((await sibling.post(`/api/dmt/transfers/${transferId}/cancel`, {})).status).toBe(404);
    // The head office sees every agency's transfers, with the agency's name.
    const admin = await signedIn(server, "admin", "Admin#2026!");
    expect(dataOf<Transfer[]>(await admin.get("/api/dmt/transfers")).find((entry) => entry.id === transferId)?.organisationName).toBe("Gulf Horizon Travel");
  });
});

/** The sandbox partner, with its answer to a submission lost after it took the transfer, or a refusal before it took it, on demand. */
class UnreliablePartner extends SandboxRemitPartner {
  mode: "loseAnswer" | "refuse" | "normal" = "normal";

  override async submit(submission: PartnerSubmission): Promise<PartnerTransfer> {
    if (this.mode === "refuse") throw new SupplierError("INVALID_REQUEST", "The partner does not pay out to this account.");
    const taken = await super.submit(submission);
    if (this.mode === "loseAnswer") throw new SupplierError("TIMEOUT", "The partner did not answer in time.");
    return taken;
  }
}

const unreliable: UnreliablePartner[] = [];

describeEachDatabase(
  "money transfer: a partner that loses its answer or refuses",
  (server) => {
    it("keeps a transfer the partner took though its answer was lost, and gives the money back for one it refused", async () => {
      await server.db.updateTable("organisations").set({ credit_limit: 900_000_000 }).where("id", "=", AGENCY).execute();
      const partner = unreliable.at(-1)!;
      const agent = await signedIn(server);
      const sender = await newRemitter(agent);
      const payee = await newBeneficiary(agent, sender.id);
      const before = await creditUsed(server);

      partner.mode = "loseAnswer";
      const kept = await sendMoney(agent, sender.id, payee.id, 40_000);
      expect(kept.order.status).toBe("confirm");
      expect(dataOf<Transfer>(await agent.get(`/api/dmt/transfers/${transferOf(kept.order).transferId}`)).state).toBe("sent");
      expect(await creditUsed(server)).toBe(before + kept.quote.totalToPay.amount);

      partner.mode = "refuse";
      const quoted = dataOf<TransferQuote>(await quote(agent, sender.id, payee.id, { sendAmount: 40_000 }));
      const refused = await send(agent, quoted.id);
      expect(refused.status).toBe(422);
      expect(await creditUsed(server)).toBe(before + kept.quote.totalToPay.amount);
      const listed = dataOf<Transfer[]>(await agent.get(`/api/dmt/transfers?remitterId=${sender.id}`));
      expect(listed.map((transfer) => [transfer.state, transfer.events.map((event) => event.toState)])).toEqual([
        ["refunded", ["created", "rejected", "refunded"]],
        ["sent", ["created", "sent"]],
      ]);
      partner.mode = "normal";
    });
  },
  {
    app: (db) => {
      const partner = new UnreliablePartner(systemClock, databaseBookingStore<SandboxRemittance>(db, systemClock, remittanceReference), 60_000);
      unreliable.push(partner);
      return { remittancePartners: [partner] };
    },
  },
);
