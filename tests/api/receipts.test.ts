import { expect, it } from "vitest";
import type { LedgerEntry, PlatformOrder } from "../../src/contract/orders";
import type { AwaitingReceipt, Receipt } from "../../src/contract/receipts";
import type { ApiTestClient } from "./apiClient";
import { describeEachDatabase, type TestServer } from "./harness";
import { book, creditUsed, findOffer, newKey, orderOf, signedIn } from "./orderFixtures";

const AGENCY = 3;
/** Desert Rose Tours, beside Gulf Horizon under the same parent. */
const SIBLING = 4;
const CASH = { paymentMethodId: 18 };
const CHEQUE = { paymentMethodId: 14 };

/** The agency is offered cash and cheque (pay option 5), and its payment-method rule allows methods 14 and 18. */
async function offerCash(server: TestServer): Promise<ApiTestClient> {
  await server.db.updateTable("organisations").set({ pay_options: "1,3,5,6" }).where("id", "=", AGENCY).execute();
  const admin = await signedIn(server, "admin", "Admin#2026!");
  const rule = await server.db.selectFrom("fop_rules").select("id").where("name", "=", "Gulf Horizon: deposit and card").executeTakeFirstOrThrow();
  expect((await admin.post("/api/updateFopRule", { id: rule.id, paymentMethodIds: [1, 3, 14, 18] })).status).toBe(200);
  return admin;
}

const ledgerOf = async (client: ApiTestClient, orderId: number) => ((await client.get(`/api/orders/${orderId}/ledger`)).body as { data: LedgerEntry[] }).data;
const record = (client: ApiTestClient, orderId: number, body: object) => client.post(`/api/orders/${orderId}/receipt`, body, { headers: { "idempotency-key": newKey() } });

describeEachDatabase("cash and cheque (pay option 5)", (server) => {
  it("holds the flight until the organisation above records the cash, which tickets it; the credit line shows the money in and the ticketing out", async () => {
    const admin = await offerCash(server);
    const agent = await signedIn(server);
    const creditBefore = await creditUsed(server);
    const held = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "CLASSIC"), CASH));
    expect(held).toMatchObject({ status: "hold", paymentMethodId: 18, paid: 0 });
    expect(await ledgerOf(agent, held.id)).toEqual([]);
    // The agent cannot ticket it in cash itself: the money is received above.
    expect((await agent.post(`/api/orders/${held.id}/ticket`, { payment: { ...CASH, card: null } }, { headers: { "idempotency-key": newKey() } })).body).toMatchObject({ status: 422, code: "awaiting_receipt" });

    const awaiting = ((await admin.get("/api/receipts/awaiting")).body as { data: AwaitingReceipt[] }).data;
    expect(awaiting.find((row) => row.orderId === held.id)).toMatchObject({ method: "cash", organisationName: "Gulf Horizon Travel", amount: { amount: held.total, currency: "KWD" } });
    // The agency's own organisation does not record its own money, and the whole total is received at once.
    const agencyManager = (await server.userOf(AGENCY)).client;
    expect((await record(agencyManager, held.id, { amount: held.total, receivedOn: "2026-11-29" })).body).toMatchObject({ status: 403, code: "own_receipt" });
    expect((await record(admin, held.id, { amount: held.total - 1, receivedOn: "2026-11-29" })).body).toMatchObject({ status: 422, errors: [{ field: "amount" }] });

    const recorded = await record(admin, held.id, { amount: held.total, receivedOn: "2026-11-29" });
    expect(recorded.status, recorded.text).toBe(200);
    const { receipt, order } = (recorded.body as { data: { receipt: Receipt; order: PlatformOrder } }).data;
    expect(receipt).toMatchObject({ method: "cash", status: "received", amount: { amount: held.total, currency: "KWD" }, recordedBy: "admin" });
    expect(order).toMatchObject({ status: "confirm", paid: held.total, paymentMethodId: 18 });
    expect(order.supplierOrder?.tickets.length).toBeGreaterThan(0);
    expect((await ledgerOf(agent, held.id)).map((entry) => [entry.kind, entry.amount, entry.reasonCode])).toEqual([
      ["credit", held.total, "cashReceived"],
      ["debit", held.total, "ticketing"],
    ]);
    expect(await creditUsed(server)).toBe(creditBefore);
    expect((await record(admin, held.id, { amount: held.total, receivedOn: "2026-11-29" })).body).toMatchObject({ status: 422, code: "not_awaiting_receipt" });
    expect((await admin.post(`/api/receipts/${receipt.id}/bounce`, {})).body).toMatchObject({ status: 422, code: "not_a_cheque" });
  });

  it("a cheque needs its number and bank; when it bounces its amount is charged back to the agency, once", async () => {
    const admin = await offerCash(server);
    const agent = await signedIn(server);
    const held = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "LIGHT"), CHEQUE));
    expect((await record(admin, held.id, { amount: held.total, receivedOn: "2026-11-29" })).body).toMatchObject({ status: 400, errors: [{ field: "chequeNumber" }, { field: "bankName" }] });
    const recorded = await record(admin, held.id, { amount: held.total, receivedOn: "2026-11-29", chequeNumber: "000417", bankName: "Gulf Bank" });
    expect(recorded.status, recorded.text).toBe(200);
    const receipt = (recorded.body as { data: { receipt: Receipt } }).data.receipt;
    const creditBefore = await creditUsed(server);
    // A sibling agency neither sees this agency's money nor touches it.
    const sibling = (await server.userOf(SIBLING)).client;
    expect(((await sibling.get("/api/receipts")).body as { data: Receipt[] }).data.find((row) => row.id === receipt.id)).toBeUndefined();
    expect(((await sibling.get("/api/receipts/awaiting")).body as { data: AwaitingReceipt[] }).data).toEqual([]);
    expect((await sibling.post(`/api/receipts/${receipt.id}/bounce`, {})).body).toMatchObject({ status: 404, code: "receipt_not_found" });
    const another = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "CLASSIC"), CHEQUE));
    expect((await record(sibling, another.id, { amount: another.total, receivedOn: "2026-11-29", chequeNumber: "000418", bankName: "Gulf Bank" })).status).toBe(404);
    expect(await creditUsed(server)).toBe(creditBefore);

    const bounced = await admin.post(`/api/receipts/${receipt.id}/bounce`, {});
    expect(bounced.status, bounced.text).toBe(200);
    expect((bounced.body as { data: Receipt }).data).toMatchObject({ status: "bounced", chequeNumber: "000417" });
    expect(await creditUsed(server)).toBe(creditBefore + held.total);
    expect((await ledgerOf(agent, held.id)).at(-1)).toMatchObject({ kind: "debit", amount: held.total, reasonCode: "chequeBounced", reason: expect.stringContaining("Cheque 000417") });
    expect((await admin.post(`/api/receipts/${receipt.id}/bounce`, {})).body).toMatchObject({ status: 409, code: "receipt_bounced" });
    const listed = ((await admin.get("/api/receipts")).body as { data: Receipt[] }).data;
    expect(listed.find((row) => row.id === receipt.id)).toMatchObject({ status: "bounced", organisationName: "Gulf Horizon Travel" });
  });
});
