import { expect, it } from "vitest";
import type { LedgerEntry, paymentOptionsResponseSchema } from "../../src/contract/orders";
import type { z } from "zod";
import type { ApiTestClient } from "./apiClient";
import { describeEachDatabase, type TestServer } from "./harness";
import { bookRooms, findRooms, searchHotels } from "./hotelFixtures";
import { book, creditUsed, findOffer, newKey, orderOf, referenceOf, signedIn } from "./orderFixtures";

const AGENCY = 3;
const BANK_GUARANTEE = { paymentMethodId: 4 };
const today = () => new Date().toISOString().slice(0, 10);

type PaymentOptions = z.infer<typeof paymentOptionsResponseSchema>;
type Guarantee = { id: number; used: number; amount: number; currency: string; organisationId: number };

/** The agency is offered pay option 4, and the head office's payment-method rule for it allows method 4. */
async function offerGuarantee(server: TestServer, admin: ApiTestClient): Promise<void> {
  await server.db.updateTable("organisations").set({ pay_options: "1,3,4,6" }).where("id", "=", AGENCY).execute();
  const rule = await server.db.selectFrom("fop_rules").select("id").where("name", "=", "Gulf Horizon: deposit and card").executeTakeFirstOrThrow();
  const updated = await admin.post("/api/updateFopRule", { id: rule.id, paymentMethodIds: [1, 3, 4] });
  expect(updated.status, updated.text).toBe(200);
}

const record = async (client: ApiTestClient, body: Record<string, unknown>) => client.post("/api/bankGuarantees", { backedOrganisationId: AGENCY, bankName: "National Bank of Kuwait", ...body });
const guaranteeOf = async (server: TestServer, id: number) => server.db.selectFrom("bank_guarantees").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const optionsOf = async (agent: ApiTestClient, offer: Parameters<typeof referenceOf>[0]) => ((await agent.post("/api/orders/payment-options", referenceOf(offer))).body as { data: PaymentOptions }).data;
const ledgerOf = async (agent: ApiTestClient, orderId: number) => ((await agent.get(`/api/orders/${orderId}/ledger`)).body as { data: LedgerEntry[] }).data;

describeEachDatabase("bank guarantees (pay option 4)", (server) => {
  it("refuses in words until a valid guarantee covers the booking; the agency cannot record its own; the amount never falls below what is drawn", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    await offerGuarantee(server, admin);
    const agent = await signedIn(server);
    const offer = await findOffer(agent, "ba-ndc", "LIGHT");
    expect((await optionsOf(agent, offer)).methods.map((method) => [method.paymentMethodId, method.settlement])).toEqual([[1, "credit"], [3, "card"], [4, "guarantee"]]);
    expect((await optionsOf(agent, offer)).availableGuarantee).toBeNull();

    expect((await book(agent, offer, BANK_GUARANTEE)).body).toMatchObject({ status: 422, code: "no_bank_guarantee", errors: [{ field: "payment.paymentMethodId" }] });

    const expired = await record(admin, { reference: "NBK-BG-OLD", amount: 50_000_000, validUntil: "2026-01-31" });
    expect(expired.status, expired.text).toBe(200);
    expect((expired.body as { data: Guarantee }).data).toMatchObject({ currency: "KWD", used: 0, organisationId: 1 });
    expect((await book(agent, offer, BANK_GUARANTEE)).body).toMatchObject({ status: 422, code: "bank_guarantee_expired", message: expect.stringContaining("NBK-BG-OLD from National Bank of Kuwait expired on 2026-01-31") });

    const small = (await record(admin, { reference: "NBK-BG-SMALL", amount: 1_000, validUntil: "2030-12-31" })).body as { data: Guarantee };
    expect((await optionsOf(agent, offer)).availableGuarantee).toEqual({ amount: 1_000, currency: "KWD" });
    expect((await book(agent, offer, BANK_GUARANTEE)).body).toMatchObject({ status: 422, code: "bank_guarantee_exhausted" });

    // A guarantee backs an organisation below the one recording it: the agency's own is the head office's to record.
    const agencyManager = (await server.userOf(AGENCY)).client;
    // A guarantee is read below its owner only by the organisation it backs: the sibling agency does not see it.
    expect((await agencyManager.get(`/api/bankGuarantees/${small.data.id}`)).status).toBe(200);
    expect((await (await server.userOf(4)).client.get(`/api/bankGuarantees/${small.data.id}`)).status).toBe(404);
    expect((await record(agencyManager, { reference: "SELF", amount: 99_000_000, validUntil: "2030-12-31" })).body).toMatchObject({ status: 403, code: "own_guarantee" });
    expect((await agencyManager.request("PUT", `/api/bankGuarantees/${small.data.id}`, { amount: 99_000_000 })).body).toMatchObject({ status: 403, code: "owned_above" });

    const creditBefore = await creditUsed(server);
    expect((await admin.request("PUT", `/api/bankGuarantees/${small.data.id}`, { amount: 20_000_000 })).status).toBe(200);
    const order = orderOf(await book(agent, offer, BANK_GUARANTEE));
    expect(order).toMatchObject({ status: "confirm", paymentMethodId: 4, paid: order.total });
    expect((await guaranteeOf(server, small.data.id)).used).toBe(order.total);
    expect(await creditUsed(server)).toBe(creditBefore);

    const lowered = await admin.request("PUT", `/api/bankGuarantees/${small.data.id}`, { amount: order.total - 1 });
    expect(lowered.body).toMatchObject({ status: 422, errors: [{ field: "amount" }] });
    expect((await admin.request("PUT", `/api/bankGuarantees/${small.data.id}`, { backedOrganisationId: 4 })).body).toMatchObject({ status: 422, code: "guarantee_organisation_fixed" });
  });

  it("a booking draws on the guarantee apart from the credit line, a void gives it back there, and the statement shows each account apart", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    await offerGuarantee(server, admin);
    const guarantee = ((await record(admin, { reference: "NBK-BG-2026-0147", amount: 30_000_000, validUntil: "2029-12-31" })).body as { data: Guarantee }).data;
    const agent = await signedIn(server);
    const creditBefore = await creditUsed(server);
    const drawnBefore = (await guaranteeOf(server, guarantee.id)).used;

    const order = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "CLASSIC"), BANK_GUARANTEE));
    expect((await guaranteeOf(server, guarantee.id)).used).toBe(drawnBefore + order.total);
    expect(await ledgerOf(agent, order.id)).toEqual([expect.objectContaining({ kind: "debit", amount: order.total, guaranteeId: guarantee.id })]);

    const voided = orderOf(await agent.post(`/api/orders/${order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } }));
    expect(voided).toMatchObject({ status: "Voided", refunded: order.total });
    expect((await guaranteeOf(server, guarantee.id)).used).toBe(drawnBefore);
    expect((await ledgerOf(agent, order.id)).map((entry) => [entry.kind, entry.amount, entry.guaranteeId])).toEqual([
      ["debit", order.total, guarantee.id],
      ["credit", order.total, guarantee.id],
    ]);
    expect(await creditUsed(server)).toBe(creditBefore);

    const accountLedger = async (account: string) =>
      ((await agent.get(`/api/get-transaction-detail-by-agent/${AGENCY}?account=${account}&pageSize=500`)).body as { data: LedgerEntry[] }).data.filter((entry) => entry.orderId === order.id).length;
    expect([await accountLedger("guarantee"), await accountLedger("credit")]).toEqual([2, 0]);

    const statementOf = async (account: string) => {
      const response = await agent.get(`/api/reports/statement?from=2026-01-01&to=${today()}&pageSize=1000&account=${account}`);
      expect(response.status, response.text).toBe(200);
      return (response.body as { data: { account: string; closingBalance: number; rows: { orderId: number | null; guarantee: string | null; debit: number; credit: number; balance: number }[] } }).data;
    };
    const onGuarantee = await statementOf("guarantee");
    expect(onGuarantee.account).toBe("guarantee");
    expect(onGuarantee.rows.filter((row) => row.orderId === order.id)).toEqual([
      expect.objectContaining({ guarantee: "National Bank of Kuwait NBK-BG-2026-0147", debit: order.total }),
      expect.objectContaining({ guarantee: "National Bank of Kuwait NBK-BG-2026-0147", credit: order.total }),
    ]);
    const onCredit = await statementOf("credit");
    expect(onCredit.rows.some((row) => row.orderId === order.id)).toBe(false);
    expect(onCredit.closingBalance).toBe(creditBefore);
  });

  it("pays a hotel the same way: drawn on the guarantee, given back to it on cancelling", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    await offerGuarantee(server, admin);
    const guarantee = ((await record(admin, { reference: "NBK-BG-HOTELS", amount: 90_000_000, validUntil: "2028-06-30" })).body as { data: Guarantee }).data;
    const agent = await signedIn(server);
    const creditBefore = await creditUsed(server);
    const picked = await findRooms(agent, await searchHotels(agent), (rate) => rate.refundable);
    const order = orderOf(await bookRooms(agent, picked, BANK_GUARANTEE));
    expect(order).toMatchObject({ status: "confirm", paymentMethodId: 4, paid: order.total });
    expect((await guaranteeOf(server, guarantee.id)).used).toBe(order.total);
    const cancelled = orderOf(await agent.post(`/api/orders/${order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } }));
    expect((await guaranteeOf(server, guarantee.id)).used).toBe(order.total - cancelled.refunded);
    expect((await ledgerOf(agent, order.id)).every((entry) => entry.guaranteeId === guarantee.id)).toBe(true);
    expect(await creditUsed(server)).toBe(creditBefore);
  });
});
