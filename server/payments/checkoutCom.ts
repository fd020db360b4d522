import { createHmac, timingSafeEqual } from "node:crypto";
import { Checkout } from "checkout-sdk-node";
import { z } from "zod";
import type { Money } from "../../src/contract/money";
import { ApiError } from "../http/apiError";

/** A merchant account at Checkout.com, as its merchant rule holds it (the key opened). */
export interface CheckoutComAccount {
  readonly apiUrl: string;
  readonly secretKey: string;
  readonly processingChannelId: string | null;
}

export interface HostedPaymentRequest {
  readonly amount: Money;
  /** The platform's hosted payment id: the payment carries it back as its reference. */
  readonly reference: string;
  readonly description: string;
  /** ISO country of the payer's billing address, which the hosted page requires. */
  readonly billingCountry: string;
  /** Where the page sends the agent back: after a payment, after a declined one, or when they give up. */
  readonly successUrl: string;
  readonly failureUrl: string;
  readonly cancelUrl: string;
}

/** A payment as Checkout.com reports it. */
export interface GatewayPayment {
  readonly id: string;
  readonly approved: boolean;
  /** Checkout.com's status: Captured once the money is taken; Declined, Pending, Authorized, Refunded… */
  readonly status: string;
  readonly amount: Money;
  readonly reference: string | null;
  /** What the issuer answered, for the agent: "Declined - Do Not Honour". */
  readonly responseSummary: string | null;
}

const hostedCreatedSchema = z.object({ id: z.string().min(1), _links: z.object({ redirect: z.object({ href: z.string().url() }) }) });
const hostedDetailsSchema = z.object({
  id: z.string(),
  status: z.string(),
  _links: z.object({ payment: z.object({ href: z.string() }).optional() }).passthrough().optional(),
});
const paymentSchema = z.object({
  id: z.string(),
  approved: z.boolean().optional(),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string().length(3),
  reference: z.string().nullable().optional(),
  response_summary: z.string().nullable().optional(),
});
const refundSchema = z.object({ action_id: z.string() });

/** How long Checkout.com waits for an answer before the platform gives up on it. */
const TIMEOUT_MS = 15_000;

/** What Checkout.com's client threw, in words an agent or administrator can act on. */
function gatewayError(error: unknown, doing: string): ApiError {
  const { name, http_code: status, body } = (error ?? {}) as { name?: string; http_code?: number; body?: { error_codes?: string[] } };
  if (name === "AuthenticationError" || status === 401) return new ApiError(502, "card_gateway_refused", `Checkout.com refused the merchant account's secret key while ${doing}: check the merchant rule.`);
  if (name === "NotFoundError" || status === 404) return new ApiError(502, "card_gateway_not_found", `Checkout.com does not know what was asked while ${doing}.`);
  if (status === 422 || status === 400) return new ApiError(502, "card_gateway_invalid", `Checkout.com refused the request while ${doing}: ${(body?.error_codes ?? []).join(", ") || "invalid request"}.`);
  if (name === "ApiTimeout") return new ApiError(504, "card_gateway_timeout", `Checkout.com did not answer in time while ${doing}.`);
  return new ApiError(502, "card_gateway_unreachable", `Checkout.com could not be reached while ${doing}.`);
}

/**
 * Checkout.com through its official Node client: the hosted payments page for one booking, the
 * payment it made, refunds, and the cheapest authenticated call for Test connection. Every answer
 * is checked against the shape the platform relies on before it is used.
 */
export class CheckoutComGateway {
  private readonly client: Checkout;

  constructor(private readonly account: CheckoutComAccount) {
    this.client = new Checkout(account.secretKey, { host: account.apiUrl.replace(/\/+$/, ""), timeout: TIMEOUT_MS });
  }

  private async call<Result>(doing: string, schema: z.ZodType<Result>, request: () => Promise<unknown>): Promise<Result> {
    let answer: unknown;
    try {
      answer = await request();
    } catch (error) {
      throw gatewayError(error, doing);
    }
    const parsed = schema.safeParse(answer);
    if (!parsed.success) throw new ApiError(502, "card_gateway_invalid", `Checkout.com answered in an unexpected shape while ${doing}.`);
    return parsed.data;
  }

  /** Opens the hosted payments page for this amount; the agent is sent to `redirectUrl`. */
  async createHostedPayment(request: HostedPaymentRequest): Promise<{ id: string; redirectUrl: string }> {
    const created = await this.call("opening the card page", hostedCreatedSchema, () =>
      this.client.hostedPayments.create({
        amount: request.amount.amount,
        currency: request.amount.currency,
        reference: request.reference,
        description: request.description,
        billing: { address: { country: request.billingCountry } },
        success_url: request.successUrl,
        failure_url: request.failureUrl,
        cancel_url: request.cancelUrl,
        capture: true,
        ...(this.account.processingChannelId ? { processing_channel_id: this.account.processingChannelId } : {}),
      }),
    );
    return { id: created.id, redirectUrl: created._links.redirect.href };
  }

  /** The payment the hosted page made, once the agent paid (or tried to): null while none was attempted. */
  async paymentOfHostedPage(hostedPaymentId: string): Promise<{ status: string; paymentId: string | null }> {
    const details = await this.call("reading the card page", hostedDetailsSchema, () => this.client.hostedPayments.get(hostedPaymentId));
    const href = details._links?.payment?.href;
    return { status: details.status, paymentId: href ? (href.split("/").pop() ?? null) : null };
  }

  async payment(paymentId: string): Promise<GatewayPayment> {
    const payment = await this.call("reading the payment", paymentSchema, () => this.client.payments.get(paymentId));
    return {
      id: payment.id,
      approved: payment.approved ?? false,
      status: payment.status,
      amount: { amount: payment.amount, currency: payment.currency },
      reference: payment.reference ?? null,
      responseSummary: payment.response_summary ?? null,
    };
  }

  /** Gives (part of) a captured payment back; the idempotency key makes a retried refund the same refund. */
  async refund(paymentId: string, amount: Money, idempotencyKey: string): Promise<string> {
    const refund = await this.call("refunding the card", refundSchema, () => this.client.payments.refund(paymentId, { amount: amount.amount, reference: idempotencyKey }, idempotencyKey));
    return refund.action_id;
  }

  /** The cheapest authenticated call: a payment looked up by a reference nobody uses. A refused key throws. */
  async check(): Promise<void> {
    await this.call("testing the connection", z.unknown(), () => this.client.payments.getPaymentList({ reference: "connection-test", limit: 1 }));
  }
}

/** Whether a webhook came from Checkout.com: the hex HMAC-SHA256 of the raw body with the webhook's signature key, in Cko-Signature. */
export function webhookSignatureValid(rawBody: string, signature: string | undefined, signatureKey: string): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac("sha256", signatureKey).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}
