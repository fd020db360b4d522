import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { recordIdParamSchema } from "../../src/contract/ids";
import { hostedPaymentParamsSchema, hostedPaymentReturnSchema, merchantConnectionTestSchema } from "../../src/contract/hostedPayments";
import type { RouteContext } from "../appContext";
import { ApiError, parseBody, parseQuery } from "../http/apiError";
import { requirePermission, signedInOf } from "../http/sessionGuard";
import { openSecret } from "../resources/secretBox";
import { reachOf } from "../resources/tenancy";
import { CheckoutComGateway, webhookSignatureValid } from "./checkoutCom";
import { hostedPaymentOf, settleHostedPayment } from "./hostedPayments";

const webhookParamsSchema = z.object({ rule: recordIdParamSchema });
/** The part of a Checkout.com webhook the platform reads: which payment, for which reference. */
const webhookEventSchema = z.object({ type: z.string(), data: z.object({ id: z.string(), reference: z.string().nullable().optional() }).passthrough() });
/** The events that end a hosted page's payment one way or the other. */
const SETTLING_EVENTS = new Set(["payment_captured", "payment_approved", "payment_declined", "payment_capture_declined", "payment_expired", "payment_canceled"]);

/**
 * The hosted payments page (method 19): the agent back from Checkout.com's page settles the
 * booking it paid for; Checkout.com's signed webhook settles it when the agent never came back;
 * a merchant rule's Test connection tries its address and key.
 */
export function registerHostedPaymentRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db, requireSession } = context;

  app.get("/api/hosted-payments/:id", { preHandler: [requireSession] }, async (request) => {
    const { id } = parseQuery(hostedPaymentParamsSchema, request.params);
    return { status: 200, data: await hostedPaymentOf(context, signedInOf(request).user, id) };
  });

  app.post("/api/hosted-payments/:id/complete", { preHandler: [requireSession] }, async (request) => {
    const { id } = parseQuery(hostedPaymentParamsSchema, request.params);
    const { paymentId } = parseBody(hostedPaymentReturnSchema, request.body ?? {});
    await hostedPaymentOf(context, signedInOf(request).user, id);
    return { status: 200, data: await settleHostedPayment(context, id, paymentId) };
  });

  app.post("/api/merchant-rules/test-connection", { preHandler: [requireSession, requirePermission("setup-configuration", "edit")] }, async (request) => {
    const test = parseBody(merchantConnectionTestSchema, request.body);
    const { subtree } = await reachOf(db, signedInOf(request).user);
    // A key left empty is the stored one, of a rule the caller's subtree owns.
    const stored = test.id === undefined ? undefined : await db.selectFrom("merchant_rules").select("secret_key").where("id", "=", test.id).where("organisation_id", "in", [...subtree]).executeTakeFirst();
    if (test.id !== undefined && !stored) throw new ApiError(404, "not_found", `There is no merchant rule ${test.id}.`);
    const secretKey = test.secretKey ?? (stored?.secret_key ? openSecret(stored.secret_key, context.config.credentialsKey) : undefined);
    if (!secretKey) throw new ApiError(400, "validation_failed", "Enter the secret key to test the connection.", { errors: [{ field: "secretKey", message: "Enter the secret key" }] });
    const started = performance.now();
    const answer = await new CheckoutComGateway({ apiUrl: test.apiUrl, secretKey, processingChannelId: null })
      .check()
      .then(() => ({ connected: true, message: "Checkout.com accepted the secret key." }))
      .catch((error: unknown) => ({ connected: false, message: error instanceof ApiError ? error.message : "Checkout.com could not be reached." }));
    return { status: 200, data: { ...answer, durationMs: Math.round(performance.now() - started) } };
  });

  // Checkout.com signs the body as sent: this route reads it as text, in a scope of its own, and checks the signature before parsing it.
  app.register(async (scoped) => {
    scoped.removeContentTypeParser("application/json");
    scoped.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));
    scoped.post("/api/webhooks/checkout-com/:rule", { config: { xsrf: false } }, async (request) => {
      const { rule } = parseQuery(webhookParamsSchema, request.params);
      const merchant = await db.selectFrom("merchant_rules").select("webhook_secret").where("id", "=", rule).where("gateway", "=", "checkout-com").executeTakeFirst();
      if (!merchant?.webhook_secret) throw new ApiError(404, "not_found", `Merchant rule ${rule} takes no Checkout.com webhooks.`);
      const body = typeof request.body === "string" ? request.body : "";
      const signature = request.headers["cko-signature"];
      if (!webhookSignatureValid(body, typeof signature === "string" ? signature : undefined, openSecret(merchant.webhook_secret, context.config.credentialsKey))) {
        throw new ApiError(401, "webhook_signature_invalid", "The webhook is not signed with this merchant rule's signature key.");
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        throw new ApiError(400, "validation_failed", "The webhook's body is not JSON.");
      }
      const event = webhookEventSchema.safeParse(parsed);
      const reference = event.success ? event.data.data.reference : undefined;
      if (!event.success || !SETTLING_EVENTS.has(event.data.type) || !reference || !hostedPaymentParamsSchema.safeParse({ id: reference }).success) return { status: 200, message: "Noted." };
      const row = await db.selectFrom("hosted_payments").select("merchant_rule_id").where("id", "=", reference).executeTakeFirst();
      if (row?.merchant_rule_id !== rule) return { status: 200, message: "Noted." };
      const settled = await settleHostedPayment(context, reference, event.data.data.id);
      return { status: 200, message: `Hosted payment ${settled.status}.` };
    });
  });
}
