import { createHmac, randomBytes } from "node:crypto";
import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";

/**
 * A local stand-in for Checkout.com (https://api.checkout.com), written from its public API
 * reference (https://api-reference.checkout.com): a secret key in the Authorization header
 * (with "Bearer " for the current keys), hosted payments sessions (POST/GET /hosted-payments)
 * with a page at their redirect link where a card is paid or given up, payment details
 * (GET /payments/{id}) and list by reference (GET /payments?reference=), refunds
 * (POST /payments/{id}/refunds, once per Cko-Idempotency-Key), and webhooks signed with the
 * workflow's key as a hex HMAC-SHA256 of the body in Cko-Signature
 * (https://www.checkout.com/docs/developer-resources/webhooks). 4242 4242 4242 4242 is approved;
 * 4000 0000 0000 0002 is declined by the issuer.
 */

export interface FakeCheckoutComOptions {
  secretKey: string;
  port?: number;
}

interface Session {
  id: string;
  amount: number;
  currency: string;
  reference: string;
  description: string;
  successUrl: string;
  failureUrl: string;
  cancelUrl: string;
  paymentId: string | null;
}

interface Payment {
  id: string;
  amount: number;
  currency: string;
  reference: string;
  approved: boolean;
  status: "Captured" | "Declined" | "Refunded" | "Partially Refunded";
  responseSummary: string;
  last4: string;
  refunded: number;
  refunds: { actionId: string; amount: number; key: string | null }[];
}

export interface FakeCheckoutCom {
  url: string;
  /** Where webhooks go and the key they are signed with (a workflow's webhook action). */
  subscribe(url: string, signatureKey: string): void;
  payment(id: string): Payment | undefined;
  /** Every payment made for a reference (a hosted payment of the platform). */
  paymentsFor(reference: string): Payment[];
  /** Pays a session's page as the agent's browser would, without following the redirect back. */
  pay(sessionId: string, cardNumber: string): Promise<{ location: string | null }>;
  close(): Promise<void>;
}

const DECLINED = "4000000000000002";
const newId = (prefix: string) => `${prefix}_${randomBytes(13).toString("hex")}`;
const error = (reply: FastifyReply, status: number, codes: string[]) => reply.status(status).send({ request_id: newId("req"), error_type: status === 422 ? "request_invalid" : "not_found", error_codes: codes });
const major = (amount: number, currency: string) => {
  const decimals = ["KWD", "BHD", "OMR", "JOD"].includes(currency) ? 3 : 2;
  const text = String(amount).padStart(decimals + 1, "0");
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)} ${currency}`;
};
const escape = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

export async function startFakeCheckoutCom(options: FakeCheckoutComOptions): Promise<FakeCheckoutCom> {
  const app = Fastify();
  // The card page's form posts as a browser does.
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));
  const sessions = new Map<string, Session>();
  const payments = new Map<string, Payment>();
  let webhook: { url: string; key: string } | null = null;
  let base = "";

  const authorised = (request: FastifyRequest) => {
    const header = request.headers.authorization ?? "";
    return header === options.secretKey || header === `Bearer ${options.secretKey}`;
  };
  const api = (handler: (request: FastifyRequest, reply: FastifyReply) => unknown) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (!authorised(request)) return reply.status(401).send();
    return handler(request, reply);
  };

  const paymentBody = (payment: Payment) => ({
    id: payment.id,
    requested_on: new Date().toISOString(),
    amount: payment.amount,
    currency: payment.currency,
    approved: payment.approved,
    status: payment.status,
    reference: payment.reference,
    response_summary: payment.responseSummary,
    source: { type: "card", scheme: "Visa", last4: payment.last4 },
    _links: { self: { href: `${base}/payments/${payment.id}` } },
  });

  async function notify(type: string, payment: Payment): Promise<void> {
    if (!webhook) return;
    const body = JSON.stringify({ id: newId("evt"), type, version: "1.0.0", created_on: new Date().toISOString(), data: { id: payment.id, amount: payment.amount, currency: payment.currency, reference: payment.reference, response_summary: payment.responseSummary } });
    const signature = createHmac("sha256", webhook.key).update(body).digest("hex");
    await fetch(webhook.url, { method: "POST", headers: { "content-type": "application/json", "cko-signature": signature }, body }).catch(() => undefined);
  }

  /** The card paid on a session's page: the payment, its webhook, and where the page sends the browser back. */
  async function payPage(session: Session, cardNumber: string): Promise<string> {
    const number = cardNumber.replace(/\s+/g, "");
    const approved = number !== DECLINED;
    const payment: Payment = {
      id: newId("pay"),
      amount: session.amount,
      currency: session.currency,
      reference: session.reference,
      approved,
      status: approved ? "Captured" : "Declined",
      responseSummary: approved ? "Approved" : "Declined - Do Not Honour",
      last4: number.slice(-4),
      refunded: 0,
      refunds: [],
    };
    payments.set(payment.id, payment);
    if (approved) session.paymentId = payment.id;
    await notify(approved ? "payment_captured" : "payment_declined", payment);
    const back = new URL(approved ? session.successUrl : session.failureUrl);
    back.searchParams.set("cko-payment-id", payment.id);
    return back.toString();
  }

  app.get("/_fake/health", async () => ({ ok: true }));
  app.post("/_fake/webhooks", async (request) => {
    const { url, signatureKey } = request.body as { url: string; signatureKey: string };
    webhook = { url, key: signatureKey };
    return { ok: true };
  });

  app.post(
    "/hosted-payments",
    api(async (request, reply) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      const billing = body.billing as { address?: { country?: unknown } } | undefined;
      const missing = [
        !Number.isInteger(body.amount) || (body.amount as number) <= 0 ? "amount_invalid" : null,
        typeof body.currency !== "string" || !/^[A-Z]{3}$/.test(body.currency) ? "currency_invalid" : null,
        typeof billing?.address?.country !== "string" ? "billing_address_country_required" : null,
        ...["success_url", "failure_url", "cancel_url"].map((field) => (typeof body[field] === "string" ? null : `${field}_required`)),
      ].filter((code): code is string => code !== null);
      if (missing.length > 0) return error(reply, 422, missing);
      const session: Session = {
        id: newId("hpp"),
        amount: body.amount as number,
        currency: body.currency as string,
        reference: String(body.reference ?? ""),
        description: String(body.description ?? ""),
        successUrl: body.success_url as string,
        failureUrl: body.failure_url as string,
        cancelUrl: body.cancel_url as string,
        paymentId: null,
      };
      sessions.set(session.id, session);
      return reply.status(201).send({ id: session.id, reference: session.reference, _links: { self: { href: `${base}/hosted-payments/${session.id}` }, redirect: { href: `${base}/pay/${session.id}` } } });
    }),
  );

  app.get(
    "/hosted-payments/:id",
    api(async (request, reply) => {
      const session = sessions.get((request.params as { id: string }).id);
      if (!session) return error(reply, 404, []);
      return {
        id: session.id,
        status: session.paymentId ? "Payment Received" : "Payment Pending",
        amount: session.amount,
        currency: session.currency,
        reference: session.reference,
        _links: { self: { href: `${base}/hosted-payments/${session.id}` }, redirect: { href: `${base}/pay/${session.id}` }, ...(session.paymentId ? { payment: { href: `${base}/payments/${session.paymentId}` } } : {}) },
      };
    }),
  );

  app.get("/pay/:id", async (request, reply) => {
    const session = sessions.get((request.params as { id: string }).id);
    if (!session) return reply.status(404).type("text/html").send("<h1>This payment link is not valid.</h1>");
    return reply.type("text/html").send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Checkout.com (fake) — Pay ${escape(major(session.amount, session.currency))}</title></head>
<body style="font-family: sans-serif; max-width: 420px; margin: 40px auto">
<h1>Pay ${escape(major(session.amount, session.currency))}</h1>
<p>${escape(session.description)}</p>
<form method="post" action="/pay/${session.id}">
<label>Card number <input name="number" autocomplete="cc-number" inputmode="numeric" required></label><br>
<label>Expiry <input name="expiry" placeholder="MM/YY" required></label><br>
<label>Security code <input name="cvv" inputmode="numeric" required></label><br>
<button type="submit">Pay ${escape(major(session.amount, session.currency))}</button>
</form>
<p><a href="/pay/${session.id}/cancel">Cancel and go back</a></p>
</body></html>`);
  });

  app.post("/pay/:id", async (request, reply) => {
    const session = sessions.get((request.params as { id: string }).id);
    if (!session) return reply.status(404).send();
    if (session.paymentId) return reply.redirect(session.successUrl, 303);
    return reply.redirect(await payPage(session, String((request.body as { number?: string }).number ?? "")), 303);
  });

  app.get("/pay/:id/cancel", async (request, reply) => {
    const session = sessions.get((request.params as { id: string }).id);
    if (!session) return reply.status(404).send();
    return reply.redirect(session.cancelUrl, 303);
  });

  app.get(
    "/payments",
    api(async (request) => {
      const { reference } = request.query as { reference?: string };
      const data = [...payments.values()].filter((payment) => payment.reference === reference).map(paymentBody);
      return { limit: 10, skip: 0, total_count: data.length, data };
    }),
  );

  app.get(
    "/payments/:id",
    api(async (request, reply) => {
      const payment = payments.get((request.params as { id: string }).id);
      return payment ? paymentBody(payment) : error(reply, 404, []);
    }),
  );

  app.post(
    "/payments/:id/refunds",
    api(async (request, reply) => {
      const payment = payments.get((request.params as { id: string }).id);
      if (!payment) return error(reply, 404, []);
      const key = (request.headers["cko-idempotency-key"] as string | undefined) ?? null;
      const repeated = key ? payment.refunds.find((refund) => refund.key === key) : undefined;
      if (repeated) return reply.status(202).send({ action_id: repeated.actionId, reference: key });
      const body = (request.body ?? {}) as { amount?: number };
      const amount = body.amount ?? payment.amount - payment.refunded;
      if (!payment.approved || amount <= 0 || amount > payment.amount - payment.refunded) return error(reply, 422, ["refund_amount_exceeds_balance"]);
      const refund = { actionId: newId("act"), amount, key };
      payment.refunds.push(refund);
      payment.refunded += amount;
      payment.status = payment.refunded === payment.amount ? "Refunded" : "Partially Refunded";
      void notify("payment_refunded", payment);
      return reply.status(202).send({ action_id: refund.actionId, reference: key });
    }),
  );

  const address = await app.listen({ port: options.port ?? 0, host: "127.0.0.1" });
  base = address;
  return {
    url: address,
    subscribe: (url, signatureKey) => {
      webhook = { url, key: signatureKey };
    },
    payment: (id) => payments.get(id),
    paymentsFor: (reference) => [...payments.values()].filter((payment) => payment.reference === reference),
    pay: async (sessionId, cardNumber) => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`The fake has no hosted payment ${sessionId}.`);
      return { location: await payPage(session, cardNumber) };
    },
    close: () => app.close(),
  };
}
