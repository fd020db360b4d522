import { randomUUID } from "node:crypto";
import type { Kysely, Selectable, Transaction } from "kysely";
import { CARD_PAGE_RETURN_ROUTE, type HostedPayment } from "../../src/contract/hostedPayments";
import type { Money } from "../../src/contract/money";
import type { ProductKind } from "../../src/contract/products";
import type { AppContext } from "../appContext";
import type { Database, HostedPaymentsTable } from "../db/schema";
import { ApiError } from "../http/apiError";
import type { ActingUser } from "../http/sessionGuard";
import { organisationPath } from "../organisations/tree";
import { openSecret } from "../resources/secretBox";
import { CheckoutComGateway } from "./checkoutCom";

type Row = Selectable<HostedPaymentsTable>;

/** How long an agent has on the card page; Checkout.com's own page outlives it. */
const CARD_PAGE_MINUTES = 60;
/** A paid hosted payment whose booking never took it this long after it was claimed (a crash): its money goes back. */
const CLAIM_ABANDONED_MS = 10 * 60_000;

/** The charge reference an order keeps for a payment made on Checkout.com's page: the rule that knows the account, and the payment. */
const chargeReference = (merchantRuleId: number, paymentId: string) => `cko:${merchantRuleId}:${paymentId}`;

/**
 * Checkout.com as a merchant rule's account, its secret key opened; 422 when the rule lacks it.
 * Read with the caller's transaction when there is one (an embedded database has one connection).
 */
export async function gatewayOfRule(context: Pick<AppContext, "db" | "config">, merchantRuleId: number, executor: Kysely<Database> | Transaction<Database> = context.db): Promise<CheckoutComGateway> {
  const rule = await executor.selectFrom("merchant_rules").select(["gateway", "api_url", "secret_key", "processing_channel_id"]).where("id", "=", merchantRuleId).executeTakeFirst();
  if (!rule || rule.gateway !== "checkout-com" || !rule.api_url || !rule.secret_key) {
    throw new ApiError(422, "card_page_not_set_up", `Merchant rule ${merchantRuleId} has no Checkout.com account with its address and secret key.`);
  }
  return new CheckoutComGateway({ apiUrl: rule.api_url, secretKey: openSecret(rule.secret_key, context.config.credentialsKey), processingChannelId: rule.processing_channel_id });
}

/**
 * Gives (part of) a card payment back to the card: through Checkout.com for a payment made on its
 * hosted page, through the sandbox gateway otherwise. The key makes a retried refund the same one.
 */
export async function refundCardCharge(context: AppContext, trx: Transaction<Database>, cardCharge: string, amount: Money, idempotencyKey: string): Promise<void> {
  const hosted = /^cko:(\d+):(.+)$/.exec(cardCharge);
  if (!hosted) {
    context.cardGateway.refund(cardCharge, amount);
    return;
  }
  await (await gatewayOfRule(context, Number(hosted[1]), trx)).refund(hosted[2]!, amount, idempotencyKey);
}

const view = (row: Row): HostedPayment => ({
  id: row.id,
  product: row.product as ProductKind,
  status: row.status,
  amount: { amount: row.amount, currency: row.currency },
  redirectUrl: row.redirect_url,
  orderId: row.order_id,
  failure: row.failure,
  expiresAt: row.expires_at.toISOString(),
});

/** The country of the payer's billing address the hosted page asks for: the agency's, else the nearest organisation above it with one. */
async function billingCountryOf(context: AppContext, organisationId: number): Promise<string> {
  const path = await organisationPath(context.db, organisationId);
  const rows = await context.db.selectFrom("organisations").select(["id", "country_code"]).where("id", "in", path).execute();
  const country = path.map((id) => rows.find((row) => row.id === id)?.country_code).find((code) => code);
  if (!country) throw new ApiError(422, "billing_country_unknown", "The card page needs the agency's country, and neither it nor an organisation above it has one. Ask your administrator to set it.");
  return country;
}

/**
 * A booking to be paid on Checkout.com's hosted page: the page opened for what the platform priced,
 * and the booking request kept (its payment naming this hosted payment) to be made once the card
 * is paid. Answers 402 card_page_required with the page's address: nothing is booked yet.
 */
export async function openCardPage(
  context: AppContext,
  user: ActingUser,
  sale: { product: ProductKind; request: object; description: string },
  charge: Money,
  plan: { paymentMethodId: number; merchantRuleId: number },
): Promise<ApiError> {
  const gateway = await gatewayOfRule(context, plan.merchantRuleId);
  const id = randomUUID();
  const back = (outcome: string) => `${context.config.publicUrl}${CARD_PAGE_RETURN_ROUTE}/${id}?outcome=${outcome}`;
  const page = await gateway.createHostedPayment({
    amount: charge,
    reference: id,
    description: sale.description,
    billingCountry: await billingCountryOf(context, user.organisation_id),
    successUrl: back("success"),
    failureUrl: back("failure"),
    cancelUrl: back("cancel"),
  });
  const payment = (sale.request as { payment?: object | null }).payment ?? {};
  await context.db
    .insertInto("hosted_payments")
    .values({
      id,
      organisation_id: user.organisation_id,
      user_id: user.users_id,
      acting_user: JSON.stringify(user),
      product: sale.product,
      request: JSON.stringify({ ...sale.request, payment: { ...payment, paymentMethodId: plan.paymentMethodId, hostedPaymentId: id } }),
      merchant_rule_id: plan.merchantRuleId,
      amount: charge.amount,
      currency: charge.currency,
      gateway_session_id: page.id,
      redirect_url: page.redirectUrl,
      expires_at: new Date(context.clock().getTime() + CARD_PAGE_MINUTES * 60_000),
      updated_at: context.clock(),
    })
    .execute();
  return new ApiError(402, "card_page_required", "Enter the card on Checkout.com's secure page: the booking is made once the payment is confirmed.", { location: page.redirectUrl });
}

/**
 * Takes a paid hosted payment for the order being written, in its transaction: only the booking
 * its payment was claimed for, for the amount paid. Returns the order's card charge reference.
 */
export async function takeHostedPayment(trx: Transaction<Database>, hostedPaymentId: string, organisationId: number, orderId: number, charge: Money, now: Date): Promise<string> {
  const taken = await trx
    .updateTable("hosted_payments")
    .set({ status: "used", order_id: orderId, updated_at: now })
    .where("id", "=", hostedPaymentId)
    .where("status", "=", "claimed")
    .where("organisation_id", "=", organisationId)
    .where("amount", "=", charge.amount)
    .where("currency", "=", charge.currency)
    .returning(["merchant_rule_id", "gateway_payment_id"])
    .executeTakeFirst();
  if (!taken?.gateway_payment_id) {
    throw new ApiError(409, "card_payment_mismatch", `The payment made on the card page does not pay this booking as it is priced now (${charge.amount} minor units of ${charge.currency}); it goes back to the card.`);
  }
  return chargeReference(taken.merchant_rule_id, taken.gateway_payment_id);
}

async function load(context: AppContext, id: string): Promise<Row | undefined> {
  return context.db.selectFrom("hosted_payments").selectAll().where("id", "=", id).executeTakeFirst();
}

async function mark(context: AppContext, id: string, from: Row["status"], to: Row["status"], extra: { failure?: string; gateway_payment_id?: string } = {}): Promise<boolean> {
  const changed = await context.db.updateTable("hosted_payments").set({ status: to, updated_at: context.clock(), ...extra }).where("id", "=", id).where("status", "=", from).returning("id").executeTakeFirst();
  return changed !== undefined;
}

/**
 * Settles a hosted payment from what Checkout.com says of it (never from what the browser or a
 * webhook claims): paid, the kept booking is made as the agent who asked for it; declined, the
 * issuer's words are kept and the page stays open for another card; past its time, it expires;
 * paid but the booking cannot be made, the money goes back to the card. Whoever comes first (the agent back from the page, the webhook, the reconciler) settles
 * it; the others read the outcome.
 */
export async function settleHostedPayment(context: AppContext, id: string, reportedPaymentId?: string): Promise<HostedPayment> {
  const row = await load(context, id);
  if (!row) throw new ApiError(404, "hosted_payment_not_found", `There is no hosted payment ${id}.`);
  if (row.status !== "open") return view(row);
  const gateway = await gatewayOfRule(context, row.merchant_rule_id);
  const expired = row.expires_at.getTime() <= context.clock().getTime();
  const paymentId = reportedPaymentId ?? (await gateway.paymentOfHostedPage(row.gateway_session_id)).paymentId;
  const payment = paymentId ? await gateway.payment(paymentId) : null;
  // A payment of another booking (a wrong id sent back) says nothing of this one.
  if (!payment || payment.reference !== row.id) {
    if (expired) await mark(context, id, "open", "expired", { failure: "The card page was not paid in time. Nothing was booked." });
    return view((await load(context, id))!);
  }
  if (payment.status === "Pending" || payment.status === "Authorized") return view(row);
  if (!payment.approved || payment.status !== "Captured") {
    // Nothing was taken: the agent may try another card on the page while it is open.
    const failure = `The card was not charged${payment.responseSummary ? `: ${payment.responseSummary}` : ""}. Nothing was booked.`;
    if (expired) await mark(context, id, "open", "expired", { failure });
    else await context.db.updateTable("hosted_payments").set({ failure, updated_at: context.clock() }).where("id", "=", id).where("status", "=", "open").execute();
    return view((await load(context, id))!);
  }
  if (payment.amount.amount !== row.amount || payment.amount.currency !== row.currency) {
    // Money taken that cannot pay this booking goes back at once.
    await gateway.refund(payment.id, payment.amount, `hosted-${id}-mismatch`);
    await mark(context, id, "open", "declined", { failure: "The card page took another amount than the booking's: it went back to the card. Nothing was booked.", gateway_payment_id: payment.id });
    return view((await load(context, id))!);
  }
  if (!(await mark(context, id, "open", "claimed", { gateway_payment_id: payment.id }))) return view((await load(context, id))!);
  return bookClaimed(context, row, payment.id);
}

/** Makes the kept booking with a claimed payment; when the booking never took it, the money goes back to the card. */
async function bookClaimed(context: AppContext, row: Row, paymentId: string): Promise<HostedPayment> {
  try {
    await context.products.of(row.product as ProductKind).book(context, row.acting_user as ActingUser, row.request, `hosted-${row.id}`);
  } catch (error) {
    const after = (await load(context, row.id))!;
    // The order took the payment and failed afterwards: it gave the money back itself.
    if (after.status !== "claimed") return view(after);
    await (await gatewayOfRule(context, row.merchant_rule_id)).refund(paymentId, { amount: row.amount, currency: row.currency }, `hosted-${row.id}-not-booked`);
    const reason = error instanceof ApiError ? error.message : "The booking could not be made.";
    await mark(context, row.id, "claimed", "refunded", { failure: `${reason} The payment went back to the card.` });
  }
  return view((await load(context, row.id))!);
}

/** A hosted payment as its agent sees it; 404 for anyone else. */
export async function hostedPaymentOf(context: AppContext, user: ActingUser, id: string): Promise<HostedPayment> {
  const row = await load(context, id);
  if (!row || row.user_id !== user.users_id) throw new ApiError(404, "hosted_payment_not_found", `There is no hosted payment ${id}.`);
  return view(row);
}

/**
 * For the reconciler: hosted payments nobody came back from (the agent closed the page, the webhook
 * was lost) are settled by asking Checkout.com, and a claimed one whose booking never took it (a
 * crash) gives its money back. Returns how many changed.
 */
export async function settleOpenHostedPayments(context: AppContext, olderThan: Date): Promise<number> {
  const rows = await context.db.selectFrom("hosted_payments").selectAll().where("status", "in", ["open", "claimed"]).where("updated_at", "<", olderThan).limit(100).execute();
  let changed = 0;
  for (const row of rows) {
    try {
      if (row.status === "open") {
        if ((await settleHostedPayment(context, row.id)).status !== "open") changed += 1;
      } else if (row.updated_at.getTime() < context.clock().getTime() - CLAIM_ABANDONED_MS && row.order_id === null && row.gateway_payment_id) {
        await (await gatewayOfRule(context, row.merchant_rule_id)).refund(row.gateway_payment_id, { amount: row.amount, currency: row.currency }, `hosted-${row.id}-not-booked`);
        if (await mark(context, row.id, "claimed", "refunded", { failure: "The booking was interrupted before it was made. The payment went back to the card." })) changed += 1;
      }
    } catch {
      // Checkout.com unreachable: the next run asks again.
    }
  }
  return changed;
}
