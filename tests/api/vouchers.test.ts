import { expect, it } from "vitest";
import type { z } from "zod";
import type { paymentOptionsResponseSchema } from "../../src/contract/orders";
import type { RedeemableVoucher, ResidualFund } from "../../src/contract/vouchers";
import { createSandboxSuppliers } from "../../server/suppliers/sandbox/sandboxSupplier";
import { SupplierError } from "../../server/suppliers/supplierError";
import type { ApiTestClient } from "./apiClient";
import { describeEachDatabase, type TestServer } from "./harness";
import { book, creditUsed, findOffer, newKey, orderOf, referenceOf, signedIn } from "./orderFixtures";

const AGENCY = 3;
const SIBLING_AGENCY = 4;
const E_VOUCHER = 7;
const RESIDUAL_TRAVEL_FUNDS = 10;
const HOUR = 3_600;
const DEPOSIT = 1;

type PaymentOptions = z.infer<typeof paymentOptionsResponseSchema>;
type Voucher = { id: number; code: string; amount: number; used: number; currency: string; organisationId: number; holderOrganisationId: number };

let failNextOrderCreate = false;

/** Sandbox suppliers whose Lufthansa fails the next OrderCreate on demand. */
function flakySuppliers() {
  const suppliers = createSandboxSuppliers();
  const lufthansa = suppliers.find((supplier) => supplier.supplierId === "lufthansa-group-ndc")!;
  const realOrderCreate = lufthansa.orderCreate.bind(lufthansa);
  lufthansa.orderCreate = async (request, options) => {
    if (!failNextOrderCreate) return realOrderCreate(request, options);
    failNextOrderCreate = false;
    throw new SupplierError("SUPPLIER_FAILURE", "Lufthansa Group NDC answered 503 Service Unavailable.");
  };
  return suppliers;
}

/** The agency is offered pay option 8 (E-voucher), and the head office's payment-method rule for it allows method 7. */
async function offerVouchers(server: TestServer, admin: ApiTestClient): Promise<void> {
  await server.db.updateTable("organisations").set({ pay_options: "1,3,6,8" }).where("id", "=", AGENCY).execute();
  const rule = await server.db.selectFrom("fop_rules").select("id").where("name", "=", "Gulf Horizon: deposit and card").executeTakeFirstOrThrow();
  const updated = await admin.post("/api/updateFopRule", { id: rule.id, paymentMethodIds: [1, 3, E_VOUCHER] });
  expect(updated.status, updated.text).toBe(200);
}

async function issue(admin: ApiTestClient, amount: number, body: Record<string, unknown> = {}): Promise<Voucher> {
  const response = await admin.post("/api/vouchers", { holderOrganisationId: AGENCY, amount, validUntil: "2030-12-31", ...body });
  expect(response.status, response.text).toBe(200);
  return (response.body as { data: Voucher }).data;
}

const usedOf = async (server: TestServer, voucher: Voucher) => (await server.db.selectFrom("vouchers").select("used").where("id", "=", voucher.id).executeTakeFirstOrThrow()).used;
const movementsOf = async (server: TestServer, orderId: number) =>
  (await server.db.selectFrom("voucher_movements").select(["kind", "amount"]).where("order_id", "=", orderId).orderBy("id").execute()).map((movement) => [movement.kind, Number(movement.amount)]);
/** The codes checkout offers the caller for a sale (its airline and travellers). */
const usableCodes = async (client: ApiTestClient, sale: object = {}) => ((await client.post("/api/orders/usable-vouchers", sale)).body as { data: RedeemableVoucher[] }).data.map((usable) => usable.code);
const voidOrder = async (agent: ApiTestClient, orderId: number) => orderOf(await agent.post(`/api/orders/${orderId}/cancel`, {}, { headers: { "idempotency-key": newKey() } }));

describeEachDatabase("e-vouchers (pay option 8) and residual travel funds (pay option 11)", (server) => {
  it("are issued below the issuer with a drawn code, checked at checkout, and refused in words when withdrawn, expired or another agency's", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    await offerVouchers(server, admin);
    const agent = await signedIn(server);
    const offer = await findOffer(agent, "ba-ndc", "LIGHT");
    const options = ((await agent.post("/api/orders/payment-options", referenceOf(offer))).body as { data: PaymentOptions }).data;
    expect(options.methods.map((method) => [method.paymentMethodId, method.settlement])).toEqual([[1, "credit"], [3, "card"], [E_VOUCHER, "voucher"]]);

    const voucher = await issue(admin, 25_000, { notes: "Goodwill for the Eid group" });
    expect(voucher).toMatchObject({ code: expect.stringMatching(/^EV-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/), currency: "KWD", used: 0, organisationId: 1 });
    const agencyManager = (await server.userOf(AGENCY)).client;
    expect((await agencyManager.post("/api/vouchers", { holderOrganisationId: AGENCY, amount: 99_000_000, validUntil: "2030-12-31" })).body).toMatchObject({ status: 403, code: "own_voucher" });
    expect((await admin.request("PUT", `/api/vouchers/${voucher.id}`, { holderOrganisationId: SIBLING_AGENCY })).body).toMatchObject({ status: 422, code: "voucher_holder_fixed" });

    // Typed as an agent would: lower case, spaces.
    const typed = voucher.code.toLowerCase().replace(/-/g, " - ");
    const checked = await agent.post("/api/orders/voucher-check", { code: typed });
    expect(checked.status, checked.text).toBe(200);
    expect((checked.body as { data: RedeemableVoucher }).data).toEqual({ code: voucher.code, left: { amount: 25_000, currency: "KWD" }, validUntil: "2030-12-31", paymentMethodId: E_VOUCHER, residual: null });

    expect(await usableCodes(agent)).toContain(voucher.code);
    const sibling = (await server.userOf(SIBLING_AGENCY)).client;
    expect(await usableCodes(sibling)).not.toContain(voucher.code);
    expect((await sibling.post("/api/orders/voucher-check", { code: voucher.code })).body).toMatchObject({ status: 404, code: "voucher_not_found" });
    expect((await sibling.get(`/api/vouchers/${voucher.id}`)).status).toBe(404);
    expect((await agent.post("/api/orders/voucher-check", { code: "EV-NONE-NONE-NONE" })).body).toMatchObject({ status: 404, code: "voucher_not_found" });
    expect((await agent.post("/api/orders/voucher-check", { code: "x" })).body).toMatchObject({ status: 400, errors: [{ field: "code" }] });

    const expired = await issue(admin, 5_000, { validUntil: "2026-01-31" });
    expect((await agent.post("/api/orders/voucher-check", { code: expired.code })).body).toMatchObject({ status: 422, code: "voucher_expired", message: `Voucher ${expired.code} expired on 2026-01-31.` });
    expect((await book(agent, offer, { paymentMethodId: DEPOSIT, voucherCode: expired.code })).body).toMatchObject({ status: 422, code: "voucher_expired", errors: [{ field: "payment.voucherCode" }] });
    expect((await admin.request("PUT", `/api/vouchers/${voucher.id}`, { status: 0 })).status).toBe(200);
    expect((await book(agent, offer, { paymentMethodId: DEPOSIT, voucherCode: voucher.code })).body).toMatchObject({ status: 422, code: "voucher_withdrawn" });
    expect(await usedOf(server, voucher)).toBe(0);
  });

  it("pays a booking in full as E-voucher with the credit untouched, and a void gives it all back to the voucher", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    await offerVouchers(server, admin);
    const agent = await signedIn(server);
    const voucher = await issue(admin, 90_000_000);
    const creditBefore = await creditUsed(server);

    const order = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "LIGHT"), { paymentMethodId: E_VOUCHER, voucherCode: voucher.code }));
    expect(order).toMatchObject({ status: "confirm", paymentMethodId: E_VOUCHER, paid: order.total });
    expect(await usedOf(server, voucher)).toBe(order.total);
    expect(await creditUsed(server)).toBe(creditBefore);

    expect(await voidOrder(agent, order.id)).toMatchObject({ status: "Voided", refunded: order.total });
    expect(await usedOf(server, voucher)).toBe(0);
    expect(await movementsOf(server, order.id)).toEqual([["redeem", order.total], ["return", order.total]]);
    expect(await creditUsed(server)).toBe(creditBefore);
  });

  it("pays part, the rest from the credit line; a void gives the voucher its share first; a short voucher alone, a used-up one and a hold's ticketing are refused", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    await offerVouchers(server, admin);
    const agent = await signedIn(server);
    const offer = await findOffer(agent, "ba-ndc", "LIGHT");
    const voucher = await issue(admin, 10_000);
    const creditBefore = await creditUsed(server);

    expect((await book(agent, offer, { paymentMethodId: E_VOUCHER, voucherCode: voucher.code })).body).toMatchObject({ status: 422, code: "voucher_short", errors: [{ field: "payment.paymentMethodId" }] });
    expect((await book(agent, offer, { paymentMethodId: E_VOUCHER })).body).toMatchObject({ status: 400, errors: [{ field: "payment.voucherCode" }] });

    const order = orderOf(await book(agent, offer, { paymentMethodId: DEPOSIT, voucherCode: voucher.code }));
    expect(order).toMatchObject({ status: "confirm", paymentMethodId: DEPOSIT, paid: order.total });
    expect(await usedOf(server, voucher)).toBe(10_000);
    expect(await creditUsed(server)).toBe(creditBefore + order.total - 10_000);
    expect((await agent.post("/api/orders/voucher-check", { code: voucher.code })).body).toMatchObject({ status: 422, code: "voucher_used_up" });
    // The bookings report says what vouchers paid of its bookings, beside the method that paid the rest.
    const today = new Date().toISOString().slice(0, 10);
    const paidWithVouchers = async () =>
      ((await agent.get(`/api/reports/bookings?from=${today}&to=${today}&pageSize=10`)).body as { data: { paidWithVouchers: { currency: string; bookings: number; amount: number }[] } }).data.paidWithVouchers;
    const reported = await paidWithVouchers();
    expect((await book(agent, offer, { paymentMethodId: DEPOSIT, voucherCode: voucher.code })).body).toMatchObject({ status: 422, code: "voucher_used_up" });

    expect(reported).toEqual([{ currency: "KWD", bookings: expect.any(Number), amount: expect.any(Number) }]);
    expect(reported[0]!.amount).toBeGreaterThanOrEqual(10_000);

    expect(await voidOrder(agent, order.id)).toMatchObject({ refunded: order.total });
    expect(await usedOf(server, voucher)).toBe(0);
    // The void gave the voucher its share back: the line drops by it.
    const afterVoid = await paidWithVouchers();
    expect((afterVoid[0]?.amount ?? 0) + 10_000).toBe(reported[0]!.amount);
    expect(afterVoid[0]?.bookings ?? 0).toBe(reported[0]!.bookings - 1);
    expect(await creditUsed(server)).toBe(creditBefore);
    const ledger = await server.db.selectFrom("ledger_entries").select(["kind", "amount"]).where("order_id", "=", order.id).orderBy("id").execute();
    expect(ledger).toEqual([
      { kind: "debit", amount: order.total - 10_000 },
      { kind: "credit", amount: order.total - 10_000 },
    ]);

    const held = orderOf(await book(agent, offer, null));
    const ticketing = await agent.post(`/api/orders/${held.id}/ticket`, { payment: { paymentMethodId: DEPOSIT, card: null, voucherCode: voucher.code } }, { headers: { "idempotency-key": newKey() } });
    expect(ticketing.body).toMatchObject({ status: 422, code: "voucher_for_new_bookings" });
    expect(await usedOf(server, voucher)).toBe(0);
  });

  it("keeps a flight refunded as residual value for each traveller on its airline, and a new ticket on that airline for that traveller uses it", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    await server.db.updateTable("organisations").set({ pay_options: "1,3,6,11" }).where("id", "=", AGENCY).execute();
    const rule = await server.db.selectFrom("fop_rules").select("id").where("name", "=", "Gulf Horizon: deposit and card").executeTakeFirstOrThrow();
    expect((await admin.post("/api/updateFopRule", { id: rule.id, paymentMethodIds: [1, 3, RESIDUAL_TRAVEL_FUNDS] })).status).toBe(200);
    let agent = await signedIn(server);
    const cancel = (orderId: number) => agent.post(`/api/orders/${orderId}/cancel`, { refundAs: "residualFunds" }, { headers: { "idempotency-key": newKey() } });

    // Inside the void window everything comes back as money: nothing to keep.
    const voidable = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "FLEX"), { paymentMethodId: DEPOSIT }, newKey(), "Voidable"));
    expect((await cancel(voidable.id)).body).toMatchObject({ status: 422, code: "residual_funds_not_possible", errors: [{ field: "refundAs" }] });
    expect((await agent.get(`/api/orders/${voidable.id}`)).body).toMatchObject({ data: { status: "confirm" } });

    const order = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "FLEX"), { paymentMethodId: DEPOSIT }, newKey(), "Residual"));
    const creditAfterBooking = await creditUsed(server);
    server.clock.advance(25 * HOUR);
    try {
      // A day later: signed in afresh.
      agent = await signedIn(server);
      const refunded = orderOf(await cancel(order.id));
      expect(refunded).toMatchObject({ status: "refund" });
      expect(refunded.refunded).toBeGreaterThan(0);
      // The refund stays with the platform as residual funds: nothing goes back on the credit line.
      expect(await creditUsed(server)).toBe(creditAfterBooking);
      const funds = ((await agent.get(`/api/orders/${order.id}/residual-funds`)).body as { data: ResidualFund[] }).data;
      expect(funds.map((fund) => [fund.airline, fund.travellerName])).toEqual([["BA", "SAM RESIDUAL"], ["BA", "SAM RESIDUAL"]]);
      expect(funds.reduce((sum, fund) => sum + fund.amount.amount, 0)).toBe(refunded.refunded);
      expect(funds[0]!.code).toMatch(/^RTF-/);
      const sibling = (await server.userOf(SIBLING_AGENCY)).client;
      expect((await sibling.get(`/api/orders/${order.id}/residual-funds`)).status).toBe(404);

      const fund = funds[0]!;
      const checked = (await agent.post("/api/orders/voucher-check", { code: fund.code })).body as { data: RedeemableVoucher };
      expect(checked.data).toMatchObject({ paymentMethodId: RESIDUAL_TRAVEL_FUNDS, residual: { airline: "BA", travellerName: "SAM RESIDUAL" }, left: fund.amount });
      // Checkout offers them for their airline and traveller only.
      expect(await usableCodes(agent, { airline: "BA", travellers: ["sam  residual"] })).toEqual(expect.arrayContaining(funds.map((each) => each.code)));
      expect(await usableCodes(agent, { airline: "LH", travellers: ["Sam Residual"] })).not.toContain(fund.code);
      expect(await usableCodes(agent, { airline: "BA", travellers: ["Sam Someone"] })).not.toContain(fund.code);

      const otherAirline = await book(agent, await findOffer(agent, "lufthansa-group-ndc", "LIGHT"), { paymentMethodId: DEPOSIT, voucherCode: fund.code }, newKey(), "Residual");
      expect(otherAirline.body).toMatchObject({ status: 422, code: "residual_funds_airline" });
      const baOffer = await findOffer(agent, "ba-ndc", "LIGHT");
      expect((await book(agent, baOffer, { paymentMethodId: DEPOSIT, voucherCode: fund.code }, newKey(), "Someone")).body).toMatchObject({ status: 422, code: "residual_funds_traveller" });

      const creditBefore = await creditUsed(server);
      const rebooked = orderOf(await book(agent, baOffer, { paymentMethodId: DEPOSIT, voucherCode: fund.code }, newKey(), "Residual"));
      const share = Math.min(fund.amount.amount, rebooked.total);
      expect(await creditUsed(server)).toBe(creditBefore + rebooked.total - share);
      expect(((await agent.get(`/api/orders/${order.id}/residual-funds`)).body as { data: ResidualFund[] }).data[0]!.left.amount).toBe(fund.amount.amount - share);
    } finally {
      server.clock.advance(-25 * HOUR);
    }
  });
});

describeEachDatabase(
  "e-vouchers when the supplier fails",
  (server) => {
    it("gives the voucher and the credit back when the supplier fails the booking", async () => {
      const admin = await signedIn(server, "admin", "Admin#2026!");
      await offerVouchers(server, admin);
      const agent = await signedIn(server);
      const voucher = await issue(admin, 20_000);
      const creditBefore = await creditUsed(server);
      failNextOrderCreate = true;
      const failed = await book(agent, await findOffer(agent, "lufthansa-group-ndc", "LIGHT"), { paymentMethodId: DEPOSIT, voucherCode: voucher.code });
      expect(failed.body).toMatchObject({ status: 502, code: "supplier_failure", message: expect.stringContaining("the payment was given back") });
      const order = await server.db.selectFrom("orders").select(["id", "status", "total"]).orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
      expect(order.status).toBe("failed");
      expect(await movementsOf(server, order.id)).toEqual([["redeem", 20_000], ["return", 20_000]]);
      expect(await usedOf(server, voucher)).toBe(0);
      expect(await creditUsed(server)).toBe(creditBefore);
    });
  },
  {
    app: {
      get suppliers() {
        return flakySuppliers();
      },
    },
  },
);
