import http from "node:http";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { HostedPayment } from "../../src/contract/hostedPayments";
import type { LedgerEntry } from "../../src/contract/orders";
import { startFakeCheckoutCom, type FakeCheckoutCom } from "../fakes/checkoutCom/fakeCheckoutCom";
import type { ApiTestClient, TestResponse } from "./apiClient";
import { describeEachDatabase, type TestServer } from "./harness";
import { book, creditUsed, findOffer, newKey, orderOf, signedIn } from "./orderFixtures";

const SECRET_KEY = "sk_sbox_hostedpagetestkey234567abcdefgh";
const SIGNATURE_KEY = "whsec-hosted-page-signature-key";
const HOSTED_PAGE = { paymentMethodId: 19 };
const APPROVED = "4242424242424242";
const DECLINED = "4000000000000002";

let fake: FakeCheckoutCom;
/** Checkout.com's webhooks reach the in-process server through this listener, body and headers as sent. */
let forwarder: http.Server;
let forwardTo: TestServer | null = null;
let ruleId = 0;

beforeAll(async () => {
  fake = await startFakeCheckoutCom({ secretKey: SECRET_KEY });
  forwarder = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const headers = { "content-type": "application/json", "cko-signature": String(request.headers["cko-signature"] ?? "") };
      // A webhook late for a server already stopped (a refund's, after the last test) is left unanswered, as by a server that is down.
      Promise.resolve()
        .then(() => forwardTo!.app.inject({ method: "POST", url: `/api/webhooks/checkout-com/${ruleId}`, headers, payload: Buffer.concat(chunks).toString() }))
        .then((answer) => response.writeHead(answer.statusCode).end(answer.body))
        .catch(() => response.writeHead(503).end());
    });
  });
  await new Promise<void>((resolve) => forwarder.listen(0, "127.0.0.1", resolve));
  const { port } = forwarder.address() as { port: number };
  fake.subscribe(`http://127.0.0.1:${port}/`, SIGNATURE_KEY);
});

afterAll(async () => {
  await fake.close();
  forwarder.closeAllConnections();
  await new Promise((resolve) => forwarder.close(resolve));
});

/** The head office's Checkout.com merchant rule, and the agency's payment-method rule allowing the card page (19). */
async function setUpCardPage(server: TestServer): Promise<ApiTestClient> {
  forwardTo = server;
  const admin = await signedIn(server, "admin", "Admin#2026!");
  const fopRule = await server.db.selectFrom("fop_rules").select("id").where("name", "=", "Gulf Horizon: deposit and card").executeTakeFirstOrThrow();
  expect((await admin.post("/api/updateFopRule", { id: fopRule.id, paymentMethodIds: [1, 3, 19] })).status).toBe(200);
  const existing = await server.db.selectFrom("merchant_rules").select("id").where("gateway", "=", "checkout-com").executeTakeFirst();
  if (existing) return admin;
  const created = await admin.post("/api/insertMerchantRule", {
    name: "Checkout.com hosted page",
    status: 1,
    priority: 1,
    validFrom: "2026-01-01",
    gateway: "checkout-com",
    merchantId: "cko-gulf",
    apiUrl: fake.url,
    secretKey: SECRET_KEY,
    processingChannelId: "pc_q4dbxom5jbgudnjzjpz7j2z6uq",
    webhookSecret: SIGNATURE_KEY,
  });
  expect(created.status, created.text).toBe(200);
  ruleId = (created.body as { data: { id: number } }).data.id;
  return admin;
}

/** The 402 that sends the agent to the card page: the page's address, and the hosted payment it is for. */
async function openPage(agent: ApiTestClient, brand = "CLASSIC"): Promise<{ pageUrl: string; sessionId: string; hostedPaymentId: string }> {
  const offer = await findOffer(agent, "ba-ndc", brand);
  const answer = await book(agent, offer, HOSTED_PAGE);
  expect(answer.body, answer.text).toMatchObject({ status: 402, code: "card_page_required" });
  const pageUrl = (answer.body as { location: string }).location;
  expect(answer.headers.location).toBe(pageUrl);
  const sessionId = pageUrl.split("/").pop()!;
  const row = await agentServer!.db.selectFrom("hosted_payments").select("id").where("gateway_session_id", "=", sessionId).executeTakeFirstOrThrow();
  return { pageUrl, sessionId, hostedPaymentId: row.id };
}
let agentServer: TestServer | null = null;

const hostedPaymentOf = (response: TestResponse): HostedPayment => {
  expect(response.status, response.text).toBe(200);
  return (response.body as { data: HostedPayment }).data;
};
/** Checkout.com's webhooks lost for a while: only the agent coming back (or the reconciler) settles. */
async function withoutWebhooks<Result>(run: () => Promise<Result>): Promise<Result> {
  fake.subscribe("http://127.0.0.1:9/", SIGNATURE_KEY);
  try {
    return await run();
  } finally {
    const { port } = forwarder.address() as { port: number };
    fake.subscribe(`http://127.0.0.1:${port}/`, SIGNATURE_KEY);
  }
}

const complete = (agent: ApiTestClient, id: string, paymentId?: string) => agent.post(`/api/hosted-payments/${id}/complete`, paymentId ? { paymentId } : {});

describeEachDatabase("the hosted payments page (Checkout.com, method 19)", (server) => {
  it("is refused by name until a merchant rule sets Checkout.com up; Test connection tells a good key from a bad one", async () => {
    agentServer = server;
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const fopRule = await server.db.selectFrom("fop_rules").select("id").where("name", "=", "Gulf Horizon: deposit and card").executeTakeFirstOrThrow();
    expect((await admin.post("/api/updateFopRule", { id: fopRule.id, paymentMethodIds: [1, 3, 19] })).status).toBe(200);
    const agent = await signedIn(server);
    if (!(await server.db.selectFrom("merchant_rules").select("id").where("gateway", "=", "checkout-com").executeTakeFirst())) {
      expect((await book(agent, await findOffer(agent, "ba-ndc", "CLASSIC"), HOSTED_PAGE)).body).toMatchObject({ status: 422, code: "card_page_not_set_up" });
    }
    const accepted = await admin.post("/api/merchant-rules/test-connection", { apiUrl: fake.url, secretKey: SECRET_KEY });
    expect(accepted.body).toMatchObject({ status: 200, data: { connected: true } });
    const refused = await admin.post("/api/merchant-rules/test-connection", { apiUrl: fake.url, secretKey: "sk_sbox_wrongwrongwrongwrongwrongwrong" });
    expect(refused.body).toMatchObject({ status: 200, data: { connected: false, message: expect.stringContaining("secret key") } });
    // The agent has no say in the platform's configuration.
    expect((await agent.post("/api/merchant-rules/test-connection", { apiUrl: fake.url, secretKey: SECRET_KEY })).status).toBe(403);
  });

  it("opens the card page for the platform's price, books once the agent is back paid, and gives the money back to the card on cancellation", async () => {
    agentServer = server;
    await setUpCardPage(server);
    const agent = await signedIn(server);
    const creditBefore = await creditUsed(server);
    const { hostedPaymentId, sessionId } = await openPage(agent);
    const open = hostedPaymentOf(await agent.get(`/api/hosted-payments/${hostedPaymentId}`));
    expect(open).toMatchObject({ status: "open", product: "flight", orderId: null });
    // Nothing is booked, nothing charged before the card is paid.
    expect(await server.db.selectFrom("orders").select("id").where("idempotency_key", "=", `hosted-${hostedPaymentId}`).executeTakeFirst()).toBeUndefined();

    const { location } = await withoutWebhooks(() => fake.pay(sessionId, APPROVED));
    const back = new URL(location!);
    expect(back.pathname).toBe(`/search/card-page/${hostedPaymentId}`);
    expect(back.searchParams.get("outcome")).toBe("success");
    expect(hostedPaymentOf(await agent.get(`/api/hosted-payments/${hostedPaymentId}`)).status).toBe("open");
    const settled = hostedPaymentOf(await complete(agent, hostedPaymentId, back.searchParams.get("cko-payment-id")!));
    expect(settled).toMatchObject({ status: "used", failure: null });
    // The agent coming back twice books nothing more.
    expect(hostedPaymentOf(await complete(agent, hostedPaymentId)).orderId).toBe(settled.orderId);
    const order = orderOf(await agent.get(`/api/orders/${settled.orderId}`));
    expect(order).toMatchObject({ status: "confirm", paymentMethodId: 19, paid: open.amount.amount, total: open.amount.amount, currency: open.amount.currency });
    expect(await creditUsed(server)).toBe(creditBefore);
    expect(((await agent.get(`/api/orders/${order.id}/ledger`)).body as { data: LedgerEntry[] }).data).toEqual([]);
    // Only the agent who opened it sees it: not a colleague, nor anyone of the sibling agency, nor can they complete it.
    for (const other of [await server.userOf(3), await server.userOf(4)]) {
      expect((await other.client.get(`/api/hosted-payments/${hostedPaymentId}`)).status).toBe(404);
      expect((await other.client.post(`/api/hosted-payments/${hostedPaymentId}/complete`, {})).status).toBe(404);
    }

    const cancelled = orderOf(await agent.post(`/api/orders/${order.id}/cancel`, { rfic: "A" }, { headers: { "idempotency-key": newKey() } }));
    expect(cancelled.refunded).toBeGreaterThan(0);
    const [payment] = fake.paymentsFor(hostedPaymentId);
    expect(payment).toMatchObject({ status: cancelled.refunded === payment!.amount ? "Refunded" : "Partially Refunded", refunded: cancelled.refunded });
  });

  it("books from the signed webhook alone when the agent never comes back, and refuses a forged one", async () => {
    agentServer = server;
    await setUpCardPage(server);
    const agent = await signedIn(server);
    const { hostedPaymentId, sessionId } = await openPage(agent, "LIGHT");
    const forged = await server.app.inject({
      method: "POST",
      url: `/api/webhooks/checkout-com/${ruleId}`,
      headers: { "content-type": "application/json", "cko-signature": "0".repeat(64) },
      payload: JSON.stringify({ type: "payment_captured", data: { id: "pay_forged", reference: hostedPaymentId } }),
    });
    expect(forged.statusCode).toBe(401);

    await fake.pay(sessionId, APPROVED);
    let standing = hostedPaymentOf(await agent.get(`/api/hosted-payments/${hostedPaymentId}`));
    for (let tries = 0; standing.status !== "used" && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      standing = hostedPaymentOf(await agent.get(`/api/hosted-payments/${hostedPaymentId}`));
    }
    expect(standing.status).toBe("used");
    expect(orderOf(await agent.get(`/api/orders/${standing.orderId}`))).toMatchObject({ status: "confirm", paymentMethodId: 19 });
  });

  it("books nothing for a declined card and lets another be tried, and gives a payment back to the card when its booking cannot be made", async () => {
    agentServer = server;
    await setUpCardPage(server);
    const agent = await signedIn(server);
    const declined = await openPage(agent);
    const { location } = await withoutWebhooks(() => fake.pay(declined.sessionId, DECLINED));
    expect(new URL(location!).searchParams.get("outcome")).toBe("failure");
    const refused = hostedPaymentOf(await complete(agent, declined.hostedPaymentId, new URL(location!).searchParams.get("cko-payment-id")!));
    // Nothing taken, nothing booked; the page stays open for another card.
    expect(refused).toMatchObject({ status: "open", orderId: null, failure: expect.stringContaining("Declined - Do Not Honour") });
    // A payment id of another booking sent back says nothing of this one.
    const elsewhere = fake.paymentsFor(declined.hostedPaymentId)[0]!;
    const stranger = await openPage(agent);
    expect(hostedPaymentOf(await complete(agent, stranger.hostedPaymentId, elsewhere.id))).toMatchObject({ status: "open", failure: null });
    const retried = await withoutWebhooks(() => fake.pay(declined.sessionId, APPROVED));
    expect(hostedPaymentOf(await complete(agent, declined.hostedPaymentId, new URL(retried.location!).searchParams.get("cko-payment-id")!))).toMatchObject({ status: "used" });

    const unbookable = await openPage(agent);
    // The offer went away while the agent was on the card page.
    await server.db
      .updateTable("hosted_payments")
      .set({ request: JSON.stringify({ ...((await server.db.selectFrom("hosted_payments").select("request").where("id", "=", unbookable.hostedPaymentId).executeTakeFirstOrThrow()).request as object), offerId: "gone" }) })
      .where("id", "=", unbookable.hostedPaymentId)
      .execute();
    const paid = await withoutWebhooks(() => fake.pay(unbookable.sessionId, APPROVED));
    const outcome = hostedPaymentOf(await complete(agent, unbookable.hostedPaymentId, new URL(paid.location!).searchParams.get("cko-payment-id")!));
    expect(outcome).toMatchObject({ status: "refunded", orderId: null, failure: expect.stringContaining("went back to the card") });
    expect(fake.paymentsFor(unbookable.hostedPaymentId)[0]).toMatchObject({ status: "Refunded" });
  });

  // Last: it moves the suite's clock on.
  it("settles from Checkout.com, at reconciliation, a payment nobody came back from, and lets an unpaid page expire", async () => {
    agentServer = server;
    await setUpCardPage(server);
    const agent = await signedIn(server);
    const paid = await openPage(agent);
    const unpaid = await openPage(agent, "LIGHT");
    await withoutWebhooks(() => fake.pay(paid.sessionId, APPROVED));
    server.clock.advance(31);
    expect((await server.app.reconcileOrders()).hostedPaymentsSettled).toBe(1);
    const settled = hostedPaymentOf(await agent.get(`/api/hosted-payments/${paid.hostedPaymentId}`));
    expect(settled).toMatchObject({ status: "used" });
    expect(orderOf(await agent.get(`/api/orders/${settled.orderId}`))).toMatchObject({ status: "confirm", paymentMethodId: 19 });
    expect(hostedPaymentOf(await agent.get(`/api/hosted-payments/${unpaid.hostedPaymentId}`)).status).toBe("open");

    server.clock.advance(60 * 60);
    // This page expires, with any the earlier tests left open.
    expect((await server.app.reconcileOrders()).hostedPaymentsSettled).toBeGreaterThanOrEqual(1);
    expect(hostedPaymentOf(await (await signedIn(server)).get(`/api/hosted-payments/${unpaid.hostedPaymentId}`))).toMatchObject({ status: "expired", failure: expect.stringContaining("not paid in time") });
  });
});
