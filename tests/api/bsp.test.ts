import { expect, it } from "vitest";
import type { LedgerEntry, paymentOptionsResponseSchema } from "../../src/contract/orders";
import type { z } from "zod";
import type { ApiTestClient } from "./apiClient";
import { describeEachDatabase, type TestServer } from "./harness";
import { book, creditUsed, findOffer, newKey, orderOf, referenceOf, signedIn } from "./orderFixtures";

const AGENCY = 3;
const IATA_NUMBER = "42212345";
const BSP_CASH = { paymentMethodId: 5 };
const today = () => new Date().toISOString().slice(0, 10);

type PaymentOptions = z.infer<typeof paymentOptionsResponseSchema>;

/** The agency is offered BSP (pay option 7), its payment-method rule allows methods 5 and 6, and it has (or has not) an IATA number. */
async function offerBsp(server: TestServer, iataNumber: string | null): Promise<void> {
  await server.db.updateTable("organisations").set({ pay_options: "1,3,6,7", office_id: iataNumber }).where("id", "=", AGENCY).execute();
  const admin = await signedIn(server, "admin", "Admin#2026!");
  const rule = await server.db.selectFrom("fop_rules").select("id").where("name", "=", "Gulf Horizon: deposit and card").executeTakeFirstOrThrow();
  expect((await admin.post("/api/updateFopRule", { id: rule.id, paymentMethodIds: [1, 3, 5, 6] })).status).toBe(200);
}

const methodsOf = async (agent: ApiTestClient, subject: object) =>
  ((await agent.post("/api/orders/payment-options", subject)).body as { data: PaymentOptions }).data.methods.map((method) => [method.paymentMethodId, method.settlement]);
const ledgerOf = async (agent: ApiTestClient, orderId: number) => ((await agent.get(`/api/orders/${orderId}/ledger`)).body as { data: LedgerEntry[] }).data;

async function cardToken(client: ApiTestClient): Promise<string> {
  const response = await client.post("/api/payments/card-token", { number: "4111 1111 1111 1111", expiryMonth: 12, expiryYear: 2030, cvv: "123", holderName: "Sam Traveller" });
  expect(response.status, response.text).toBe(200);
  return (response.body as { data: { token: string } }).data.token;
}

describeEachDatabase("BSP cash and BSP card (pay option 7)", (server) => {
  it("is offered for flights of an agency with its IATA number only, and refused in words otherwise", async () => {
    await offerBsp(server, null);
    const agent = await signedIn(server);
    const offer = await findOffer(agent, "ba-ndc", "LIGHT");
    expect(await methodsOf(agent, referenceOf(offer))).toEqual([[1, "credit"], [3, "card"]]);
    expect((await book(agent, offer, BSP_CASH)).body).toMatchObject({ status: 422, code: "bsp_not_possible", message: expect.stringContaining("no IATA number (Office ID)") });

    await offerBsp(server, IATA_NUMBER);
    expect(await methodsOf(agent, referenceOf(offer))).toEqual([[1, "credit"], [3, "card"], [5, "bsp"], [6, "bspCard"]]);
    // BSP bills airline tickets: a hotel is never offered it.
    expect(await methodsOf(agent, { product: "hotel", supplierId: "arabian-wholesale-hotels" })).toEqual([[1, "credit"], [3, "card"]]);
  });

  it("tickets on the agency's BSP account (cash, or its card passed to the airline) without touching the credit line, and a void gives nothing back on it", async () => {
    await offerBsp(server, IATA_NUMBER);
    const agent = await signedIn(server);
    const creditBefore = await creditUsed(server);

    const cash = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "CLASSIC"), BSP_CASH));
    expect(cash).toMatchObject({ status: "confirm", paymentMethodId: 5, paid: cash.total });
    expect(cash.supplierOrder?.tickets.length).toBeGreaterThan(0);
    expect(await ledgerOf(agent, cash.id)).toEqual([]);

    const card = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "LIGHT"), { paymentMethodId: 6, card: { holderName: "Sam Traveller", token: await cardToken(agent) } }));
    expect(card).toMatchObject({ status: "confirm", paymentMethodId: 6, paid: card.total });
    expect(await ledgerOf(agent, card.id)).toEqual([]);
    expect((await book(agent, await findOffer(agent, "ba-ndc", "LIGHT"), { paymentMethodId: 6 })).body).toMatchObject({ status: 400, errors: [{ field: "payment.card" }] });

    const voided = orderOf(await agent.post(`/api/orders/${cash.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } }));
    expect(voided).toMatchObject({ status: "Voided", refunded: cash.total });
    expect(await ledgerOf(agent, cash.id)).toEqual([]);
    expect(await creditUsed(server)).toBe(creditBefore);

    // The bookings report says how each was paid, so BSP sales can be reconciled with the BSP billing.
    type ByMethod = { paymentMethodId: number | null; currency: string; bookings: number; sales: number };
    const report = (await agent.get(`/api/reports/bookings?from=${today()}&to=${today()}&pageSize=200`)).body as { data: { rows: { orderId: number; paymentMethodId: number | null }[]; totals: { bookings: number; sales: number }[]; byPaymentMethod: ByMethod[] } };
    expect(report.data.rows.find((row) => row.orderId === card.id)?.paymentMethodId).toBe(6);
    // Its totals have a line per method: the BSP card line holds this sale, and the lines add up to the totals.
    const bspCard = report.data.byPaymentMethod.find((line) => line.paymentMethodId === 6)!;
    expect(bspCard).toMatchObject({ currency: "KWD" });
    expect(bspCard.sales).toBeGreaterThanOrEqual(card.total);
    const sum = (lines: { bookings: number; sales: number }[]) => lines.reduce((total, line) => ({ bookings: total.bookings + line.bookings, sales: total.sales + line.sales }), { bookings: 0, sales: 0 });
    expect(sum(report.data.byPaymentMethod)).toEqual(sum(report.data.totals));
  });
});
