import { z } from "zod";
import type { SessionUser } from "../../../src/contract/auth";
import { hotelPriceBreakdownSchema } from "../../../src/contract/hotels";
import { changeRefusal, policyChangeRequestSchema, type InsurancePolicy, type PolicyChangeConfirm, type PolicyChangeQuote, type PolicyChangeRequest } from "../../../src/contract/insurance";
import { ledgerReason } from "../../../src/contract/ledgerReasons";
import { moneySchema, type Money } from "../../../src/contract/money";
import type { PlatformOrder } from "../../../src/contract/orders";
import { titleMismatch, titlesForBirth } from "../../../src/contract/travellerTitle";
import type { AppContext } from "../../appContext";
import { keySeal, openValue, sealValue } from "../../auth/keySeal";
import { ApiError } from "../../http/apiError";
import type { ActingUser } from "../../http/sessionGuard";
import { commissionOf, markupOf, type ItemRow } from "../../orders/orderItems";
import { addEvent, givePaymentBack, payingFor, paymentOptions, planPayment, platformOrder, refundToAgency, supplierFailureMessage, takePayment, withCompensation, type OrderRow, type PaymentPlan } from "../../orders/orderService";
import { callSupplier, pricingContextFor } from "../../shopping/shoppingService";
import { assertTrip, fieldError, insurerOf, passengerNamesOf, priceQuote } from "./insuranceService";
import type { InsuranceAdapter } from "./types";

/** How long the platform holds a change's price: the insurer's own hold when shorter. */
const CHANGE_LIFETIME_MS = 15 * 60_000;
/** How long an item stays claimed by a change being made: past any supplier call's time-out, so a claim a crash left lapses. */
const CHANGE_CLAIM_MS = 5 * 60_000;

/** What a change key carries: the change as priced, for this order's item only. */
const pendingChangeSchema = z.object({
  orderId: z.number().int(),
  itemId: z.number().int(),
  policyNumber: z.string(),
  insurerKey: z.string(),
  expiresAt: z.iso.datetime(),
  request: policyChangeRequestSchema,
  priceBreakdown: hotelPriceBreakdownSchema,
  currentTotal: moneySchema,
  newTotal: moneySchema,
});
type PendingChange = z.infer<typeof pendingChangeSchema>;

const changeSeal = (context: AppContext) => keySeal(context.config.credentialsKey, "policy changes");

/** The difference of a change as an amount due and an amount to refund, one of them zero. */
function differenceOf(current: Money, next: Money): { due: Money; refund: Money } {
  const difference = next.amount - current.amount;
  return { due: { amount: Math.max(0, difference), currency: next.currency }, refund: { amount: Math.max(0, -difference), currency: next.currency } };
}

/** The issued policy of this order's item, or why it cannot be changed (404 for an item the order does not have). */
async function changeablePolicy(context: AppContext, row: OrderRow, itemId: number): Promise<{ item: ItemRow; policy: InsurancePolicy }> {
  const item = await context.db.selectFrom("order_items").selectAll().where("order_id", "=", row.id).where("id", "=", itemId).executeTakeFirst();
  if (!item) throw new ApiError(404, "item_not_found", `Order ${row.id} has no item ${itemId}.`);
  if (item.kind !== "insurance") throw new ApiError(422, "not_changeable", `Item ${itemId} is not an insurance policy.`);
  const policy = item.detail as InsurancePolicy | null;
  if (item.status !== "confirm" || !policy) throw new ApiError(422, "not_changeable", `The policy is ${item.status === "cancel" ? "cancelled" : "not issued"}.`);
  const refusal = changeRefusal(policy, context.clock().toISOString().slice(0, 10));
  if (refusal) throw new ApiError(422, "not_changeable", refusal);
  return { item, policy };
}

/**
 * Whether the policy covers the change's dates and people: each by date of birth and name, in any
 * case, as an insurer keeps them; `exactly` also compares names' case, titles and passports, as the
 * agent entered them.
 */
const standsAs = (policy: InsurancePolicy, request: PolicyChangeRequest, exactly: boolean) =>
  policy.quote.departureDate === request.departureDate &&
  policy.quote.returnDate === request.returnDate &&
  policy.insured.length === request.insured.length &&
  policy.insured.every((person, index) => {
    const asked = request.insured[index]!;
    const sameName = (held: string, given: string) => (exactly ? held === given : held.toUpperCase() === given.toUpperCase());
    const samePapers = !exactly || (person.title === asked.title && person.passportNumber === asked.passportNumber);
    return person.dateOfBirth === asked.dateOfBirth && sameName(person.firstName, asked.firstName) && sameName(person.lastName, asked.lastName) && samePapers;
  });

/** 400 naming the field when the change cannot be asked of the insurer. */
function assertChange(context: AppContext, policy: InsurancePolicy, request: PolicyChangeRequest): void {
  assertTrip(context, { departureDate: request.departureDate, returnDate: request.returnDate, travellers: request.insured }, "insured");
  request.insured.forEach((person, index) => {
    const mismatch = titleMismatch(person.title, titlesForBirth(person.dateOfBirth, request.departureDate));
    if (mismatch) throw fieldError(`insured.${index}.title`, mismatch);
  });
  if (standsAs(policy, request, true)) {
    throw fieldError("departureDate", "Change the dates or the people insured: the policy already stands so.");
  }
}

/**
 * Prices a change of an issued policy (its dates, the people it insures) at its insurer, priced
 * by the insurance rules as a new sale would be: what the agency would pay now against what it
 * paid, as an amount due or to refund. Nothing changes until the change is confirmed.
 */
export async function quotePolicyChange(context: AppContext, user: SessionUser, row: OrderRow, itemId: number, request: PolicyChangeRequest): Promise<PolicyChangeQuote> {
  const { item, policy } = await changeablePolicy(context, row, itemId);
  assertChange(context, policy, request);
  const adapter = insurerOf(context, item.supplier_id);
  const pricing = await pricingContextFor(context, user);
  const ask = { policyNumber: policy.policyNumber, departureDate: request.departureDate, returnDate: request.returnDate, insured: request.insured, homeCountry: pricing.pointOfSale.countryCode };
  const answer = await callSupplier((signal) => adapter.quoteChange(ask, { signal }), { repeatable: true });
  const priced = priceQuote(pricing, context, answer.quote, adapter.supplierName);
  if (priced.price.currency !== item.currency) {
    throw new ApiError(422, "not_changeable", `The policy was sold in ${item.currency} and would now be priced in ${priced.price.currency}; cancel it and sell a new one.`);
  }
  const expiresAt = new Date(Math.min(Date.parse(answer.expiresAt), context.clock().getTime() + CHANGE_LIFETIME_MS)).toISOString();
  const currentTotal = { amount: item.total, currency: item.currency };
  const newTotal = { amount: priced.price.total, currency: priced.price.currency };
  const pending: PendingChange = { orderId: row.id, itemId, policyNumber: policy.policyNumber, insurerKey: answer.changeKey, expiresAt, request, priceBreakdown: priced.price, currentTotal, newTotal };
  const changeKey = sealValue(changeSeal(context), pending);
  return { changeKey, expiresAt, policyNumber: policy.policyNumber, quote: priced, currentTotal, newTotal, ...differenceOf(currentTotal, newTotal) };
}

function openChange(context: AppContext, row: OrderRow, itemId: number, changeKey: string): PendingChange {
  const pending = openValue(changeSeal(context), changeKey, pendingChangeSchema);
  if (!pending || pending.orderId !== row.id || pending.itemId !== itemId) {
    throw new ApiError(404, "change_not_found", "This change was not priced for this policy; price it again.");
  }
  if (Date.parse(pending.expiresAt) <= context.clock().getTime()) throw new ApiError(409, "offer_expired", "The price of this change has expired; price it again.");
  return pending;
}

/** After the insurer's answer was lost: the policy as the insurer has it, when the change was made after all; null otherwise. */
async function changedAfterAll(adapter: InsuranceAdapter, pending: PendingChange): Promise<InsurancePolicy | null> {
  try {
    const policy = await callSupplier((signal) => adapter.retrieve(pending.policyNumber, { signal }), { repeatable: true });
    return standsAs(policy, pending.request, false) ? policy : null;
  } catch {
    return null;
  }
}

/** How a change that costs more is paid: from the credit line, the one way its difference is taken (a card charge would split later refunds). */
async function creditPlan(context: AppContext, payer: ActingUser, supplierId: string, payment: PolicyChangeConfirm["payment"]): Promise<PaymentPlan & { kind: "credit" }> {
  if (!payment) throw fieldError("payment", "This change costs more: choose how to pay the difference.");
  const plan = await planPayment(context, payer, payment, await paymentOptions(context, payer, { supplierId, ownerCode: "" }));
  if (plan.kind !== "credit") throw new ApiError(422, "payment_method_not_allowed", "The difference of a policy change is paid from the credit line.", { errors: [{ field: "payment.paymentMethodId", message: "Pay from the credit line" }] });
  return plan;
}

/**
 * Makes a priced change: the item is claimed and an amount due taken from the credit line in one
 * transaction (given back, and the claim released, if the insurer refuses), an amount to refund
 * goes back once the insurer has made it. The item keeps
 * the policy as it stands now (dates, the insured as the agent entered them, its new price and
 * markup), the order its total, paid and refunded, with the change in its history. The
 * certificate is printed from the item, so it is reissued with it.
 */
export async function changePolicy(context: AppContext, user: ActingUser, row: OrderRow, itemId: number, confirm: PolicyChangeConfirm): Promise<PlatformOrder> {
  const pending = openChange(context, row, itemId, confirm.changeKey);
  const { item } = await changeablePolicy(context, row, itemId);
  const { due, refund } = differenceOf(pending.currentTotal, pending.newTotal);
  const reference = { reference: pending.policyNumber };
  const payer = payingFor(user, row);
  const adapter = insurerOf(context, item.supplier_id);
  const plan = due.amount > 0 ? await creditPlan(context, payer, item.supplier_id, confirm.payment) : null;
  // The item is claimed with the payment: it still stands as the change was priced, and no other
  // change of it is being made, so two changes priced from the same state are never both paid.
  await context.db.transaction().execute(async (trx) => {
    const now = context.clock();
    const claimed = await trx
      .updateTable("order_items")
      .set({ changing_until: new Date(now.getTime() + CHANGE_CLAIM_MS) })
      .where("id", "=", item.id)
      .where("status", "=", "confirm")
      .where("total", "=", pending.currentTotal.amount)
      .where("currency", "=", pending.currentTotal.currency)
      .where((eb) => eb.or([eb("changing_until", "is", null), eb("changing_until", "<=", now)]))
      .returning("id")
      .executeTakeFirst();
    if (!claimed) throw new ApiError(409, "policy_changed", "The policy changed, or is being changed, since this change was priced; price it again.");
    if (plan) await takePayment(context, trx, plan, payer, row.id, due, due, ledgerReason("policyChange", reference));
  });
  let changed: InsurancePolicy;
  try {
    changed = await callSupplier((signal) => adapter.confirmChange(pending.policyNumber, pending.insurerKey, pending.request.insured, { signal }));
  } catch (error) {
    const made = await changedAfterAll(adapter, pending);
    if (!made) {
      await context.db.transaction().execute(async (trx) => {
        if (plan) await givePaymentBack(context, trx, plan, payer, row.id, due, null, ledgerReason("policyChangeFailed", reference));
        await trx.updateTable("order_items").set({ changing_until: null }).where("id", "=", item.id).execute();
        await addEvent(trx, row.id, user.users_id, "policy_change_failed", { itemId, policyNumber: pending.policyNumber, reason: supplierFailureMessage(error) });
      });
      throw withCompensation(error, plan !== null);
    }
    changed = made;
  }
  // The insured as the agent entered them (titles, passports), which not every insurer keeps.
  const policy: InsurancePolicy = { ...changed, insured: [...pending.request.insured] };
  const markup = markupOf(pending.priceBreakdown);
  const saved = await context.db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom("orders").selectAll().where("id", "=", row.id).forUpdate().executeTakeFirstOrThrow();
    await refundToAgency(context, trx, current, user, refund, ledgerReason("policyChangeDifference", reference));
    await trx
      .updateTable("order_items")
      .set({
        total: pending.newTotal.amount,
        price_breakdown: JSON.stringify(pending.priceBreakdown),
        markup,
        commission: commissionOf(item.supplier_id, pending.newTotal.amount, markup),
        detail: JSON.stringify(policy),
        changing_until: null,
        updated_at: context.clock(),
      })
      .where("id", "=", item.id)
      .execute();
    const main = await trx.selectFrom("order_items").select("id").where("order_id", "=", row.id).orderBy("id").limit(1).executeTakeFirstOrThrow();
    const before = item.detail as InsurancePolicy;
    const trip = (from: InsurancePolicy) => ({ departureDate: from.quote.departureDate, returnDate: from.quote.returnDate, insured: from.insured.map((person) => `${person.firstName} ${person.lastName}`) });
    await addEvent(trx, row.id, user.users_id, "policy_changed", { itemId, policyNumber: pending.policyNumber, from: trip(before), to: trip(policy), collected: due, refunded: refund });
    return trx
      .updateTable("orders")
      .set({
        total: current.total + pending.newTotal.amount - pending.currentTotal.amount,
        paid: current.paid + due.amount,
        refunded: current.refunded + refund.amount,
        // A policy sold alone is named by whom it insures.
        ...(main.id === item.id ? { passenger_names: passengerNamesOf(pending.request) } : {}),
        updated_at: context.clock(),
      })
      .where("id", "=", row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return platformOrder(context.db, saved);
}
