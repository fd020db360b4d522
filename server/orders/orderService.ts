import { sql, type Selectable, type Transaction } from "kysely";
import { findBooked, issuedAtSupplier, type IssuedHold } from "./productModule";
import type { SessionUser } from "../../src/contract/auth";
import type { Money } from "../../src/contract/money";
import type { OrderCharge, OrderItem, PlatformOrder, ScheduleChange } from "../../src/contract/orders";
import type { BookedOnBehalf } from "../../src/contract/bookingFor";
import { summariseOrder, type OrderSummary } from "../../src/contract/orderSummary";
import { ledgerReason, type LedgerReason } from "../../src/contract/ledgerReasons";
import type { Rfic } from "../../src/contract/rfic";
import type { REFUND_FORMS } from "../../src/contract/vouchers";
import type {
  CancellationQuote,
  Order,
  OrderCreateRequest,
  OfferReference,
  Payment,
  PriceBreakdown,
  ReshopOffer,
} from "../../src/contract/shopping";
import type { AppContext } from "../appContext";
import type { Database, OrdersTable } from "../db/schema";
import type { Kysely } from "kysely";
import { ApiError } from "../http/apiError";
import { scheduleChanges } from "./scheduleChanges";
import type { ActingUser } from "../http/sessionGuard";
import { agencyShare } from "../../src/contract/hotelCancellation";
import { creditBack, debitCredit } from "../ledger/ledger";
import { availableGuarantee, drawOnGuarantee, giveBackToOrderAccounts } from "../ledger/guarantees";
import { organisationPath, organisationSubtree } from "../organisations/tree";
import type { CardOwner } from "../payments/cardGateway";
import { refundCardCharge, openCardPage, takeHostedPayment } from "../payments/hostedPayments";
import { cardPassesThrough, hostedPageMerchantFor, merchantFor, paymentOptionsFor, refusalOf, settlementOf, settlesThroughBsp, type PaymentFacts, type PaymentOptions } from "../payments/paymentRules";
import { keepAsResidualFunds, redeemableVoucher, redeemVoucher, returnToVouchers, travellerKey, type VoucherUse } from "../payments/vouchers";
import { PAYMENT_METHODS, VOUCHER_METHOD_IDS } from "../../src/config/paymentMethods";
import { adapterFor, callSupplier, priceOfferFor, toSellingCurrency } from "../shopping/shoppingService";
import type { SupplierPayment } from "../suppliers/types";
import { ancillaryCharges } from "./ancillaryCharges";
import { addOnAmounts, followingUpdate, followOrder, insertItem, itemsOf, type ItemDetail, type NewItem } from "./orderItems";

type RefundForm = (typeof REFUND_FORMS)[number];

/** Stored beside an order: the supplier's order, the price breakdown and what the agency was charged. */
export interface OrderDocument {
  supplierOrder: Order | null;
  priceBreakdown: PriceBreakdown | null;
  charge: OrderCharge | null;
  /** Card payments: the gateway charge to refund from, when the agency charged the card. */
  cardCharge: string | null;
  /** The latest reshop offers, so a change is paid for exactly what was shown. */
  reshopOffers?: ReshopOffer[];
}

export type OrderRow = Selectable<OrdersTable>;

export const documentOf = (row: OrderRow): OrderDocument =>
  (row.document as OrderDocument | null) ?? { supplierOrder: null, priceBreakdown: null, charge: null, cardCharge: null };

export function toPlatformOrder(row: OrderRow, items: OrderItem[], bookedOnBehalf: BookedOnBehalf | null): PlatformOrder {
  const document = documentOf(row);
  return {
    id: row.id,
    status: row.status,
    organisationId: row.organisation_id,
    userId: row.user_id,
    bookedOnBehalf,
    supplierId: row.supplier_id,
    bookingReference: row.booking_reference,
    paymentMethodId: row.payment_method_id,
    currency: row.currency,
    total: row.total,
    paid: row.paid,
    refunded: row.refunded,
    paymentTimeLimit: row.payment_time_limit?.toISOString() ?? null,
    passengerNames: row.passenger_names,
    failure: row.failure,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    supplierOrder: document.supplierOrder,
    priceBreakdown: document.priceBreakdown,
    charge: document.charge,
    items,
    summary: summariseOrder({ status: row.status, items, supplierOrder: document.supplierOrder, createdAt: row.created_at.toISOString() }),
  };
}

/** Orders as the API answers them, with their items. */
export async function platformOrders(db: Kysely<Database>, rows: readonly OrderRow[]): Promise<PlatformOrder[]> {
  const [items, bookers] = await Promise.all([itemsOf(db, rows.map((row) => row.id)), bookersOf(db, rows)]);
  return rows.map((row) => toPlatformOrder(row, items.get(row.id) ?? [], row.booked_by_user_id === null ? null : (bookers.get(row.booked_by_user_id) ?? null)));
}

/** The users who booked some of these orders on behalf of their organisations, by id. */
async function bookersOf(db: Kysely<Database>, rows: readonly OrderRow[]): Promise<Map<number, BookedOnBehalf>> {
  const ids = [...new Set(rows.flatMap((row) => (row.booked_by_user_id === null ? [] : [row.booked_by_user_id])))];
  if (ids.length === 0) return new Map();
  const users = await db
    .selectFrom("users")
    .innerJoin("organisations", "organisations.id", "users.organisation_id")
    .select(["users.id as userId", "users.username", "organisations.id as organisationId", "organisations.name as organisationName"])
    .where("users.id", "in", ids)
    .execute();
  return new Map(users.map((user) => [user.userId, user]));
}

/** The summaries of these orders (summariseOrder, as their API answers carry them), by id: for lists built in SQL. */
export async function orderSummaries(db: Kysely<Database>, orderIds: readonly number[]): Promise<Map<number, OrderSummary>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.selectFrom("orders").selectAll().where("id", "in", [...new Set(orderIds)]).execute();
  const items = await itemsOf(db, rows.map((row) => row.id));
  return new Map(rows.map((row) => [row.id, summariseOrder({ status: row.status, items: items.get(row.id) ?? [], supplierOrder: documentOf(row).supplierOrder, createdAt: row.created_at.toISOString() })]));
}

export async function platformOrder(db: Kysely<Database>, row: OrderRow): Promise<PlatformOrder> {
  return (await platformOrders(db, [row]))[0]!;
}

export async function addEvent(trx: Transaction<Database>, orderId: number, userId: number, kind: string, detail: object): Promise<void> {
  await trx.insertInto("order_events").values({ order_id: orderId, user_id: userId, kind, detail: JSON.stringify(detail) }).execute();
}

/**
 * Who pays for an existing order: its own organisation (its payment options, its credit), also
 * when someone above it in the tree tickets or changes it; recorded as booking on its behalf.
 */
export function payingFor(user: ActingUser, row: OrderRow): ActingUser {
  if (row.organisation_id === user.organisation_id) return user;
  return { ...user, organisation_id: row.organisation_id, unlimited_creditlimit: false, onBehalf: { byOrganisationId: user.organisation_id, forUserId: null } };
}

/** An order of the caller's subtree, or 404 whatever the id (another agency's orders do not exist for it). */
export async function findOrder(context: AppContext, user: SessionUser, orderId: number): Promise<OrderRow> {
  const subtree = await organisationSubtree(context.db, user.organisation_id);
  const row = await context.db.selectFrom("orders").selectAll().where("id", "=", orderId).where("organisation_id", "in", subtree).executeTakeFirst();
  if (!row) throw new ApiError(404, "order_not_found", `There is no order ${orderId}.`);
  return row;
}

/** A card token is its maker's, also when it pays for an organisation below: the caller's own organisation and user. */
const ownerOf = (user: ActingUser): CardOwner => ({ organisationId: user.onBehalf?.byOrganisationId ?? user.organisation_id, userId: user.users_id });

async function saleFacts(context: AppContext, user: SessionUser, supplierId: string, airline: string): Promise<PaymentFacts> {
  return {
    organisationPath: await organisationPath(context.db, user.organisation_id),
    supplierId,
    airline,
    date: context.clock().toISOString().slice(0, 10),
  };
}

async function sellingOrganisation(context: AppContext, user: SessionUser) {
  return context.db
    .selectFrom("organisations")
    .select(["id", "pay_options", "currency_code", "credit_limit", "credit_used", "office_id"])
    .where("id", "=", user.organisation_id)
    .executeTakeFirstOrThrow();
}

/** The payment methods (and hold) the agent may use for an offer, with the credit still available. */
export async function paymentOptions(context: AppContext, user: SessionUser, offer: Pick<OfferReference, "supplierId" | "ownerCode">) {
  const rules = context.paymentRules.current();
  const [organisation, sale] = await Promise.all([sellingOrganisation(context, user), saleFacts(context, user, offer.supplierId, offer.ownerCode)]);
  const facts: PaymentFacts = { ...sale, iataNumber: organisation.office_id, hostedPage: hostedPageMerchantFor(rules.merchant, sale) !== undefined };
  const options = paymentOptionsFor(organisation.pay_options, rules.fop, facts, rules.agency);
  const agencyRule = options.agencyRule;
  return {
    decision: options,
    basis: { rules, facts },
    methods: options.methods.map(({ paymentMethod, settlement }) => ({
      paymentMethodId: paymentMethod.id,
      option: paymentMethod.option,
      typeCode: paymentMethod.typeCode,
      settlement,
    })),
    bookAndHold: options.bookAndHold,
    fopRuleId: options.fopRuleId,
    agencyRule: agencyRule && {
      id: agencyRule.id,
      name: agencyRule.name,
      maxBookingAmount: agencyRule.maxBookingAmount === null ? null : { amount: agencyRule.maxBookingAmount, currency: organisation.currency_code },
      holdAllowed: agencyRule.holdAllowed,
      creditUsageAllowed: agencyRule.creditUsageAllowed,
    },
    availableCredit: user.unlimited_creditlimit
      ? null
      : { amount: Math.max(0, organisation.credit_limit - organisation.credit_used), currency: organisation.currency_code },
    availableGuarantee: await guaranteeOffered(context, options, organisation),
  };
}

/** What one booking may draw on the organisation's bank guarantees today, when the guarantee is offered and it has one valid. */
async function guaranteeOffered(context: AppContext, options: PaymentOptions, organisation: { id: number; currency_code: string }): Promise<Money | null> {
  if (!options.methods.some((method) => method.settlement === "guarantee")) return null;
  const left = await availableGuarantee(context.db, organisation.id, organisation.currency_code, context.clock().toISOString().slice(0, 10));
  return left === null ? null : { amount: left, currency: organisation.currency_code };
}

/** How a payment will be taken: from the agency's credit, its bank guarantee, or by card (agency-charged or passed through). */
export type PaymentPlan =
  | { kind: "credit"; paymentMethodId: number }
  | { kind: "guarantee"; paymentMethodId: number }
  /** Billed to the agency's IATA number through BSP: cash on its account, or its card passed to the airline. */
  | { kind: "bsp"; paymentMethodId: number; iataNumber: string; token: string | null }
  /** Cash or cheque: the booking is held unpaid until an organisation above records the money (receipts.ts). */
  | { kind: "receipt"; paymentMethodId: number }
  | { kind: "card"; paymentMethodId: number; token: string; passThrough: boolean; merchantId: string | null }
  /** The card to be entered on the gateway's hosted page (hostedPayments.ts): nothing is booked until it is paid. */
  | { kind: "cardPage"; paymentMethodId: number; merchantRuleId: number }
  /** Paid on the gateway's hosted page: the booking kept while the agent paid, made now. */
  | { kind: "hosted"; paymentMethodId: number; hostedPaymentId: string }
  /** E-voucher (7) or residual travel funds (10) alone: the voucher covers the whole booking (checkoutPlan). */
  | { kind: "voucher"; paymentMethodId: number };

/** A payment taken with the booking: every plan but cash and cheque, which wait for their receipt, and the card page, which comes first. */
export type TakenPlan = Exclude<PaymentPlan, { kind: "receipt" } | { kind: "cardPage" }>;

/**
 * The plan of a payment taken now, for a booking already made (a hold paid, a change): cash and
 * cheque, and the hosted card page, only ever pay a new booking.
 */
export function paidNow(plan: PaymentPlan): Exclude<TakenPlan, { kind: "hosted" } | { kind: "voucher" }> {
  if (plan.kind === "receipt") {
    throw new ApiError(422, "awaiting_receipt", "Cash and cheque pay a new flight booking, held until the organisation above yours records the money (Accounts → Cash and cheques). Pay this another way.", {
      errors: [{ field: "payment.paymentMethodId", message: "Choose another payment" }],
    });
  }
  if (plan.kind === "voucher") throw voucherForNewBookings();
  if (plan.kind === "cardPage" || plan.kind === "hosted") {
    throw new ApiError(422, "card_page_for_new_bookings", "The card page (HPP) pays a new booking. Pay this with a card entered here, or another way.", {
      errors: [{ field: "payment.paymentMethodId", message: "Choose another payment" }],
    });
  }
  return plan;
}

const voucherForNewBookings = () =>
  new ApiError(422, "voucher_for_new_bookings", "E-vouchers and residual travel funds pay a new booking. Pay this another way.", { errors: [{ field: "payment.voucherCode", message: "Pay another way" }] });

type CheckoutOptions = Awaited<ReturnType<typeof paymentOptions>>;

/** The method as offered for this sale, or its refusal in words (what rule, or what the platform lacks). */
function offeredMethod(options: CheckoutOptions, paymentMethodId: number) {
  const method = options.methods.find((choice) => choice.paymentMethodId === paymentMethodId);
  if (method) return method;
  const refusal = refusalOf(paymentMethodId, options.decision, options.basis.facts);
  throw new ApiError(422, refusal.code, refusal.message, { errors: [{ field: "payment.paymentMethodId", message: refusal.message }] });
}

/**
 * How the chosen payment will be taken, from the options already worked out for this sale. A
 * voucher only ever pays a new booking, planned by checkoutPlan: everywhere else it is refused.
 */
export async function planPayment(context: AppContext, user: ActingUser, payment: Payment, options: CheckoutOptions): Promise<PaymentPlan> {
  const method = offeredMethod(options, payment.paymentMethodId);
  if (payment.voucherCode || method.settlement === "voucher") throw voucherForNewBookings();
  if (method.settlement === "credit" || method.settlement === "guarantee" || method.settlement === "receipt") return { kind: method.settlement, paymentMethodId: method.paymentMethodId };
  const { rules, facts } = options.basis;
  if (method.settlement === "bsp") return { kind: "bsp", paymentMethodId: method.paymentMethodId, iataNumber: facts.iataNumber!, token: null };
  if (method.settlement === "hosted") {
    if (payment.hostedPaymentId) return { kind: "hosted", paymentMethodId: method.paymentMethodId, hostedPaymentId: payment.hostedPaymentId };
    return { kind: "cardPage", paymentMethodId: method.paymentMethodId, merchantRuleId: hostedPageMerchantFor(rules.merchant, facts)!.id };
  }
  if (!payment.card) throw new ApiError(400, "validation_failed", "A card payment needs the card token.", { errors: [{ field: "payment.card", message: "Enter the card" }] });
  const card = await context.cardGateway.lookup(payment.card.token, ownerOf(user));
  if (method.settlement === "bspCard") return { kind: "bsp", paymentMethodId: method.paymentMethodId, iataNumber: facts.iataNumber!, token: card.token };
  if (cardPassesThrough(rules.cardPass, facts, card.cardType)) {
    return { kind: "card", paymentMethodId: method.paymentMethodId, token: card.token, passThrough: true, merchantId: null };
  }
  const merchant = merchantFor(rules.merchant, facts, card.cardType);
  if (!merchant) throw new ApiError(422, "no_card_gateway", `No card gateway accepts ${card.cardType} cards for this booking. Ask your administrator for a merchant rule.`);
  return { kind: "card", paymentMethodId: method.paymentMethodId, token: card.token, passThrough: false, merchantId: merchant.merchantId };
}

/** A new booking's payment: what a voucher pays (none without one) and how the rest is taken. */
interface CheckoutPlan {
  readonly plan: PaymentPlan;
  readonly voucher: VoucherUse | null;
}

/**
 * A new booking's payment. With a voucher (E-voucher, or residual travel funds, offered to the
 * sale), the voucher pays as much as it can; when it covers everything the voucher's method alone
 * pays, otherwise the chosen method pays the rest. Only a payment the platform takes in full itself
 * can pay a rest: BSP and a card passed to the airline bill the whole ticket there, cash and cheque
 * are received for the whole booking. Residual funds pay a ticket of their airline for their traveller.
 */
async function checkoutPlan(context: AppContext, user: ActingUser, payment: Payment, options: CheckoutOptions, charge: Money, travellers: readonly string[]): Promise<CheckoutPlan> {
  const { voucherCode, ...rest } = payment;
  if (!voucherCode) {
    if (!VOUCHER_METHOD_IDS.includes(payment.paymentMethodId)) return { plan: await planPayment(context, user, payment, options), voucher: null };
    throw new ApiError(400, "validation_failed", "Enter the voucher's code.", { errors: [{ field: "payment.voucherCode", message: "Enter the voucher's code" }] });
  }
  const { facts } = options.basis;
  const voucher = await redeemableVoucher(context.db, facts.organisationPath, voucherCode, facts.date);
  const voucherMethod = offeredMethod(options, voucher.paymentMethodId);
  if (voucher.residual) residualFundsFit(voucher.code, voucher.residual, facts.airline, travellers);
  if (voucher.left.currency !== charge.currency) {
    throw new ApiError(422, "voucher_currency", `Voucher ${voucher.code} is in ${voucher.left.currency}; this booking is paid in ${charge.currency}.`, { errors: [{ field: "payment.voucherCode", message: "A voucher in the booking's currency" }] });
  }
  const use: VoucherUse = { voucherId: voucher.id, code: voucher.code, amount: Math.min(voucher.left.amount, charge.amount) };
  if (use.amount === charge.amount) return { plan: { kind: "voucher", paymentMethodId: voucherMethod.paymentMethodId }, voucher: use };
  if (VOUCHER_METHOD_IDS.includes(payment.paymentMethodId)) {
    throw new ApiError(422, "voucher_short", `Voucher ${voucher.code} pays ${use.amount} of the ${charge.amount} (minor units of ${charge.currency}) this booking costs. Choose how to pay the rest.`, {
      errors: [{ field: "payment.paymentMethodId", message: "Choose how to pay the rest" }],
    });
  }
  const plan = await planPayment(context, user, rest, options);
  if (plan.kind === "bsp" || plan.kind === "receipt" || (plan.kind === "card" && plan.passThrough)) {
    const method = PAYMENT_METHODS.find((candidate) => candidate.id === plan.paymentMethodId)!;
    throw new ApiError(422, "voucher_rest_not_possible", `${method.option} pays a whole booking, so it cannot pay what is left after a voucher. Pay the rest from the credit line, a bank guarantee or a card the agency charges.`, {
      errors: [{ field: "payment.paymentMethodId", message: "Choose another way to pay the rest" }],
    });
  }
  return { plan, voucher: use };
}

/** Residual travel funds pay a ticket on their airline for their traveller, refused in words otherwise. */
function residualFundsFit(code: string, residual: { airline: string; travellerName: string }, airline: string, travellers: readonly string[]): void {
  if (airline !== residual.airline) {
    const message = `Residual travel funds ${code} pay a ticket on ${residual.airline} only${airline ? `; this one is on ${airline}` : ""}.`;
    throw new ApiError(422, "residual_funds_airline", message, { errors: [{ field: "payment.voucherCode", message }] });
  }
  if (!travellers.map(travellerKey).includes(residual.travellerName)) {
    const message = `Residual travel funds ${code} pay a ticket for ${residual.travellerName}, who is not travelling on this booking.`;
    throw new ApiError(422, "residual_funds_traveller", message, { errors: [{ field: "payment.voucherCode", message }] });
  }
}

/**
 * Takes the agency's payment before the supplier is asked (debit in the same transaction as
 * the order row, or the card charged); returns how to pay the supplier and how to undo it.
 */
export async function takePayment(
  context: AppContext,
  trx: Transaction<Database>,
  plan: TakenPlan,
  user: ActingUser,
  orderId: number,
  charge: Money,
  supplierDue: Money,
  reason: LedgerReason,
): Promise<{ supplierPayment: SupplierPayment; cardCharge: string | null }> {
  if (plan.kind === "credit") {
    await debitCredit(trx, { organisationId: user.organisation_id, amount: charge.amount, currency: charge.currency, userId: user.users_id, orderId, reason }, { unlimited: user.unlimited_creditlimit });
    return { supplierPayment: { typeCode: "CA", amount: supplierDue, cardToken: null }, cardCharge: null };
  }
  if (plan.kind === "bsp") {
    // The airline bills the agency's IATA number through BSP: nothing moves on the platform's ledger.
    if (plan.token) await context.cardGateway.use(trx, plan.token, ownerOf(user));
    return { supplierPayment: { typeCode: plan.token ? "CC" : "CA", amount: supplierDue, cardToken: plan.token, bspIataNumber: plan.iataNumber }, cardCharge: null };
  }
  if (plan.kind === "voucher") return { supplierPayment: { typeCode: "CA", amount: supplierDue, cardToken: null }, cardCharge: null };
  if (plan.kind === "hosted") {
    const cardCharge = await takeHostedPayment(trx, plan.hostedPaymentId, user.organisation_id, orderId, charge, context.clock());
    return { supplierPayment: { typeCode: "CA", amount: supplierDue, cardToken: null }, cardCharge };
  }
  if (plan.kind === "guarantee") {
    await drawOnGuarantee(trx, { organisationId: user.organisation_id, amount: charge.amount, currency: charge.currency, userId: user.users_id, orderId, reason }, context.clock().toISOString().slice(0, 10));
    return { supplierPayment: { typeCode: "CA", amount: supplierDue, cardToken: null }, cardCharge: null };
  }
  // The token is good for this one payment: taken in the payment's transaction, refused to a second use.
  const card = await context.cardGateway.use(trx, plan.token, ownerOf(user));
  if (plan.passThrough) return { supplierPayment: { typeCode: "CC", amount: supplierDue, cardToken: plan.token }, cardCharge: null };
  const cardCharge = context.cardGateway.charge(card, charge, plan.merchantId!);
  return { supplierPayment: { typeCode: "CA", amount: supplierDue, cardToken: null }, cardCharge };
}

/** Gives a taken payment back after the supplier refused: credit entry, or card refund. */
export async function givePaymentBack(
  context: AppContext,
  trx: Transaction<Database>,
  plan: PaymentPlan,
  user: ActingUser,
  orderId: number,
  amount: Money,
  cardCharge: string | null,
  reason: LedgerReason,
): Promise<void> {
  if (amount.amount === 0) return;
  if (plan.kind === "credit") {
    await creditBack(trx, { organisationId: user.organisation_id, amount: amount.amount, currency: amount.currency, userId: user.users_id, orderId, reason });
  } else if (plan.kind === "guarantee") {
    await giveBackToOrderAccounts(trx, { organisationId: user.organisation_id, amount: amount.amount, currency: amount.currency, userId: user.users_id, orderId, reason });
  } else if (cardCharge) {
    await refundCardCharge(context, trx, cardCharge, amount, `order-${orderId}-given-back`);
  }
}

/** What is left to pay once a voucher has paid its share. */
const restAfter = (charge: Money, voucher: VoucherUse | null): Money => ({ amount: charge.amount - (voucher?.amount ?? 0), currency: charge.currency });

export const supplierFailureMessage = (error: unknown) => (error instanceof ApiError ? error.message : "The supplier did not complete the booking.");

/**
 * A booking call whose outcome is unknown: the supplier broke down or did not answer in time,
 * possibly after it booked. A refusal, a pause or a rate limit means nothing was booked.
 */
const outcomeUnknown = (error: unknown) => !(error instanceof ApiError) || error.code === "supplier_failure" || error.code === "timeout";

/**
 * Whether the supplier booked after all, asked by the platform's reference before any money goes
 * back: its booking, null when it made none, "unknown" when it cannot be asked now (the order
 * then stays pending for the reconciler).
 */
async function bookedAfterAll(context: AppContext, orderId: number, supplierId: string): Promise<BookedOutcome | null | "unknown"> {
  try {
    return await findBooked(context, orderId, supplierId, clientReferenceOf(orderId));
  } catch {
    return "unknown";
  }
}

/**
 * A hold's ticketing (or confirmation) paid from the credit line whose answer is lost: the supplier
 * is asked whether it issued before the payment goes back. Issued: the order is confirmed with what
 * was paid. Not issued: null, and the caller gives the payment back. Cannot be asked: a 504, and the
 * reconciler settles it (it settles credit-paid ticketing). A card payment is given back as before.
 */
export async function ticketedAfterAll(context: AppContext, row: OrderRow, userId: number, plan: PaymentPlan, error: unknown): Promise<OrderRow | null> {
  if (plan.kind === "card" || plan.kind === "bsp" || !outcomeUnknown(error) || !row.supplier_order_id) return null;
  let atSupplier: IssuedHold;
  try {
    atSupplier = await issuedAtSupplier(context, { id: row.id, supplier_id: row.supplier_id, supplier_order_id: row.supplier_order_id });
  } catch {
    throw new ApiError(504, "ticketing_unconfirmed", `The supplier did not confirm the tickets and could not be asked whether it issued them. Order ${row.id} is settled within minutes: issued, or the payment is given back.`);
  }
  if (!atSupplier.issued) return null;
  await settleInterruptedTicketing(context, row.id, userId, atSupplier);
  return context.db.selectFrom("orders").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
}

export function withCompensation(error: unknown, compensated: boolean): unknown {
  if (!(error instanceof ApiError) || !compensated) return error;
  return new ApiError(error.status, error.code, `${error.message} Nothing was charged: the payment was given back.`, error.details);
}

/**
 * A flight's OrderCreate: the offer repriced by the platform (never a client price), ancillaries
 * priced from the supplier's lists, then the shared booking path (placeOrder).
 */
export async function createOrder(context: AppContext, user: ActingUser, request: OrderCreateRequest, idempotencyKey: string | null): Promise<PlatformOrder> {
  const priced = await priceOfferFor(context, user, request);
  const adapter = await adapterFor(context, request.supplierId);
  const supplierCurrency = priced.totalPrice.currency;
  const [services, seatMaps] = await Promise.all([
    request.selectedServices.length > 0 ? callSupplier((signal) => adapter.serviceList(request, { signal }), { repeatable: true }).then((list) => list.services) : [],
    request.selectedSeats.length > 0 ? callSupplier((signal) => adapter.seatAvailability(request, { signal }), { repeatable: true }).then((map) => map.seatMaps) : [],
  ]);
  const ancillaries = ancillaryCharges(supplierCurrency, request.passengers, { services: request.selectedServices, seats: request.selectedSeats }, { services, seatMaps });
  const currency = priced.priceBreakdown.currency;
  const fare = { amount: priced.priceBreakdown.totals.total, currency };
  const servicesLocal = toSellingCurrency(context, ancillaries.services, currency);
  const seatsLocal = toSellingCurrency(context, ancillaries.seats, currency);
  const charge: OrderCharge = { fare, services: servicesLocal, seats: seatsLocal, total: { amount: fare.amount + servicesLocal.amount + seatsLocal.amount, currency } };
  const { isBookAndHold, payment, insurance, ...supplierRequest } = request;
  const addOns = insurance ? [await context.products.addOn("insurance").place(context, user, insurance, { email: request.contact.email, phone: `${request.contact.phoneCountryCode} ${request.contact.phoneNumber}` })] : [];
  return placeOrder(context, user, idempotencyKey, {
    kind: "flight",
    request,
    paymentSubject: { supplierId: request.supplierId, ownerCode: request.ownerCode },
    charge: charge.total,
    supplierDue: { amount: priced.totalPrice.total + ancillaries.services.amount + ancillaries.seats.amount, currency: supplierCurrency },
    isBookAndHold,
    payment,
    passengerNames: request.passengers.map((passenger) => `${passenger.firstName} ${passenger.lastName}`).join(", "),
    document: { supplierOrder: null, priceBreakdown: priced.priceBreakdown, charge, cardCharge: null },
    item: { kind: "flight", priceBreakdown: priced.priceBreakdown, cancellationTerms: null, detail: null },
    addOns,
    book: async (clientReference, supplierPayment) =>
      flightOutcome(await callSupplier((signal) => adapter.orderCreate({ ...supplierRequest, payment: supplierPayment, clientReference }, { signal }))),
  });
}

/** What the supplier answered a booking with, whatever the product: the order row is settled from it. */
export interface BookedOutcome {
  readonly status: "hold" | "confirm";
  readonly supplierOrderId: string;
  readonly bookingReference: string;
  readonly paymentTimeLimit: string | null;
  /** A flight's NDC order, kept on the order as the flight answers always had it. */
  readonly supplierOrder: Order | null;
  /** The product's own booking (a hotel's, a policy's), kept on its item. */
  readonly detail: ItemDetail | null;
}

export const flightOutcome = (order: Order): BookedOutcome => ({
  status: order.status === "hold" ? "hold" : "confirm",
  supplierOrderId: order.orderId,
  bookingReference: order.bookingReference,
  paymentTimeLimit: order.paymentTimeLimit,
  supplierOrder: order,
  detail: null,
});

/** One product's sale, as the shared booking path takes it. */
export interface Placement {
  readonly kind: NewItem["kind"];
  /** The booking request as its route took it: kept while its card is paid on the gateway's hosted page. */
  readonly request: { readonly payment?: Payment | null };
  /** What the payment rules look at: the supplier and, for a flight, its airline ("" otherwise). */
  readonly paymentSubject: Pick<OfferReference, "supplierId" | "ownerCode">;
  /** What the agency pays, in its selling currency. */
  readonly charge: Money;
  /** What the supplier is paid, in its currency. */
  readonly supplierDue: Money;
  readonly isBookAndHold: boolean;
  readonly payment: Payment | null;
  readonly passengerNames: string;
  readonly document: OrderDocument;
  readonly item: NewItem;
  /** Products bought with this one (a policy with a flight or a hotel): items of the same order, one payment. */
  readonly addOns?: readonly AddOnPlacement[];
  /** Takes what the sale uses up (a package's places) in the payment's transaction: a refusal there undoes the payment too. */
  reserve?(trx: Transaction<Database>, orderId: number): Promise<void>;
  /** Asks the supplier; the client reference lets the reconciler find the booking after a crash. */
  book(clientReference: string, supplierPayment: SupplierPayment | null): Promise<BookedOutcome>;
}

/** A product bought with the main one: paid with it, issued once the main booking is confirmed. */
export interface AddOnPlacement {
  readonly item: NewItem;
  readonly supplierId: string;
  /** What the agency pays for it, in its selling currency (part of the order's one payment). */
  readonly charge: Money;
  /** What its supplier is paid, in its currency (the platform settles with it). */
  readonly supplierDue: Money;
  /** Has its supplier issue it; the client reference (the order's, with the item) finds it after a crash. */
  issue(clientReference: string, supplierPayment: SupplierPayment): Promise<IssuedAddOn>;
}

export interface IssuedAddOn {
  readonly reference: string;
  readonly detail: ItemDetail;
}

/** The client reference of an add-on item: the order's, with the item. */
export const addOnReferenceOf = (orderId: number, itemId: number) => `${clientReferenceOf(orderId)}-${itemId}`;

/**
 * The booking path every product shares: the agency rule's cap, hold or the payment method
 * (payment-method, merchant and card-pass rules), the order and its item written with the
 * payment taken in one transaction (ledger debit or card charge), then the supplier asked.
 * When the supplier fails after the payment, the payment is given back and the order marked
 * failed, in this same request; after a crash the reconciler settles it (reconcile.ts).
 */
export async function placeOrder(context: AppContext, user: ActingUser, idempotencyKey: string | null, placement: Placement): Promise<PlatformOrder> {
  const { db } = context;
  const addOns = placement.addOns ?? [];
  const charge = { amount: placement.charge.amount + addOns.reduce((sum, addOn) => sum + addOn.charge.amount, 0), currency: placement.charge.currency };
  if (addOns.length > 0 && placement.isBookAndHold) {
    throw new ApiError(422, "add_on_needs_payment", "Insurance is sold with a paid booking: pay now to add it, or book and hold without it.", { errors: [{ field: "insurance", message: "Pay now to add insurance" }] });
  }
  const options = await paymentOptions(context, user, placement.paymentSubject);
  const agencyRule = options.decision.agencyRule;
  if (agencyRule?.maxBookingAmount != null && charge.amount > agencyRule.maxBookingAmount) {
    throw new ApiError(422, "booking_amount_exceeded", `Agency rule "${agencyRule.name}" (${agencyRule.id}) caps a booking at ${agencyRule.maxBookingAmount} minor units of ${charge.currency}; this one is ${charge.amount}.`);
  }
  let plan: PaymentPlan | null = null;
  let voucher: VoucherUse | null = null;
  if (placement.isBookAndHold) {
    if (!options.bookAndHold) {
      const byRule = agencyRule && !agencyRule.holdAllowed;
      throw new ApiError(422, "hold_not_allowed", byRule ? `Agency rule "${agencyRule.name}" (${agencyRule.id}) does not allow book and hold.` : "Book and hold is not one of your agency's payment options.");
    }
  } else {
    if (!placement.payment) throw new ApiError(400, "validation_failed", "Choose how to pay.", { errors: [{ field: "payment", message: "Choose a payment" }] });
    ({ plan, voucher } = await checkoutPlan(context, user, placement.payment, options, charge, placement.passengerNames.split(",")));
    if (plan.kind === "cardPage") {
      throw await openCardPage(context, user, { product: placement.kind, request: placement.request, description: `${placement.kind} for ${placement.passengerNames}` }, restAfter(charge, voucher), plan);
    }
    if (addOns.length > 0 && plan.kind === "card" && plan.passThrough) {
      throw new ApiError(422, "add_on_needs_payment", "This card is passed through to the airline, which cannot collect the insurance premium: pay from the agency's credit or with a card the agency charges.", { errors: [{ field: "insurance", message: "Choose another payment to add insurance" }] });
    }
  }

  const { orderId, addOnIds, supplierPayment } = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("orders")
      .values({
        organisation_id: user.organisation_id,
        user_id: user.onBehalf?.forUserId ?? user.users_id,
        booked_by_user_id: user.onBehalf ? user.users_id : null,
        supplier_id: placement.paymentSubject.supplierId,
        status: "pending",
        payment_method_id: plan?.paymentMethodId ?? null,
        currency: charge.currency,
        total: charge.amount,
        passenger_names: placement.passengerNames,
        document: JSON.stringify(placement.document),
        idempotency_key: idempotencyKey,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await insertItem(trx, row, placement.item, { supplierId: placement.paymentSubject.supplierId, total: placement.charge });
    const addOnIds: number[] = [];
    for (const addOn of addOns) addOnIds.push(await insertItem(trx, row, addOn.item, { supplierId: addOn.supplierId, total: addOn.charge }));
    await placement.reserve?.(trx, row.id);
    await addEvent(trx, row.id, user.users_id, "created", {
      kind: placement.kind,
      isBookAndHold: placement.isBookAndHold,
      paymentMethodId: plan?.paymentMethodId ?? null,
      total: charge,
      ...(voucher ? { voucher: { code: voucher.code, amount: { amount: voucher.amount, currency: charge.currency } } } : {}),
    });
    if (voucher) await redeemVoucher(trx, voucher, row.id, user.users_id, options.basis.facts.date);
    // The payment comes last: a debit locks the agency's credit line until the commit, so nothing else waits behind it.
    // Cash and cheque take nothing now: the supplier holds the booking until the money arrives.
    const taken = plan && plan.kind !== "receipt" ? await takePayment(context, trx, plan, user, row.id, restAfter(charge, voucher), placement.supplierDue, ledgerReason("booking")) : { supplierPayment: null, cardCharge: null };
    // The card charge is kept with the payment, so whoever settles this order (this request, or the reconciler after a crash) can refund it.
    if (taken.cardCharge) await trx.updateTable("orders").set({ document: JSON.stringify({ ...placement.document, cardCharge: taken.cardCharge }) }).where("id", "=", row.id).execute();
    return { orderId: row.id, addOnIds, ...taken };
  });

  let outcome: BookedOutcome;
  try {
    outcome = await placement.book(clientReferenceOf(orderId), supplierPayment);
  } catch (error) {
    const found = outcomeUnknown(error) ? await bookedAfterAll(context, orderId, placement.paymentSubject.supplierId) : null;
    if (found === "unknown") {
      throw new ApiError(504, "booking_unconfirmed", `The supplier did not confirm the booking and could not be asked whether it made it. Order ${orderId} stays pending: within minutes it is confirmed, or the payment is given back.`, { keyInProgress: true });
    }
    if (found === null) {
      await failPendingOrder(context, orderId, user.users_id, supplierFailureMessage(error));
      throw withCompensation(error, plan !== null && plan.kind !== "receipt");
    }
    outcome = found;
  }
  const confirmed = await confirmPendingOrder(context, orderId, user.users_id, outcome);
  for (const [index, addOn] of addOns.entries()) await issueAddOn(context, confirmed, addOnIds[index]!, addOn, user.users_id);
  // An add-on its supplier refused changed the order again (its price given back).
  return platformOrder(db, addOns.length === 0 ? confirmed : await db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow());
}

/**
 * Has an add-on's supplier issue it once the main booking stands. A refusal does not undo the
 * main booking: the add-on is marked failed and its price given back (credit or card), once.
 */
async function issueAddOn(context: AppContext, order: OrderRow, itemId: number, addOn: AddOnPlacement, userId: number): Promise<void> {
  let issued: IssuedAddOn;
  try {
    issued = await addOn.issue(addOnReferenceOf(order.id, itemId), { typeCode: "CA", amount: addOn.supplierDue, cardToken: null });
  } catch (error) {
    await failPendingAddOn(context, order.id, itemId, userId, supplierFailureMessage(error));
    return;
  }
  await settleAddOn(context, itemId, userId, issued);
}

/** A pending add-on its supplier issued: confirmed with its reference and booking, once. */
export async function settleAddOn(context: AppContext, itemId: number, userId: number, issued: IssuedAddOn): Promise<void> {
  await context.db.transaction().execute(async (trx) => {
    const item = await trx
      .updateTable("order_items")
      .set({ status: "confirm", supplier_reference: issued.reference, detail: JSON.stringify(issued.detail), updated_at: context.clock() })
      .where("id", "=", itemId)
      .where("status", "=", "pending")
      .returning(["order_id", "kind"])
      .executeTakeFirst();
    if (item) await addEvent(trx, item.order_id, userId, "add_on_issued", { itemId, kind: item.kind, reference: issued.reference });
  });
}

/** A pending add-on its supplier never issued: failed, and its price given back to the agency, once. */
export async function failPendingAddOn(context: AppContext, orderId: number, itemId: number, userId: number, reason: string): Promise<void> {
  await context.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).forUpdate().executeTakeFirstOrThrow();
    const item = await trx.updateTable("order_items").set({ status: "failed", updated_at: context.clock() }).where("id", "=", itemId).where("status", "=", "pending").returning(["kind", "total", "currency"]).executeTakeFirst();
    if (!item) return;
    const refund = { amount: item.total, currency: item.currency };
    await refundToAgencyOf(context, trx, row, userId, refund, ledgerReason(context.products.of(item.kind).addOn?.notIssuedReason ?? "addOnNotIssued", { reference: row.booking_reference ?? clientReferenceOf(orderId) }));
    await trx.updateTable("orders").set({ refunded: row.refunded + refund.amount, updated_at: context.clock() }).where("id", "=", orderId).execute();
    await addEvent(trx, orderId, userId, "add_on_failed", { itemId, kind: item.kind, reason, refunded: refund });
  });
}

/** The platform's reference for an order, given to the supplier at OrderCreate so the order can be found by it later. */
export const clientReferenceOf = (orderId: number) => `AGG-${orderId}`;

/** The order a client reference names (the inverse of clientReferenceOf). */
export const orderIdOfReference = (clientReference: string) => Number(/^AGG-(\d+)$/.exec(clientReference)?.[1] ?? Number.NaN);

/**
 * A pending order the supplier booked: its status, references and document, once (whoever comes
 * first, the booking request or the reconciler, settles it; the other reads the result).
 */
export async function confirmPendingOrder(context: AppContext, orderId: number, userId: number, outcome: BookedOutcome): Promise<OrderRow> {
  const event = { kind: outcome.status === "hold" ? "held" : "ticketed", detail: JSON.stringify({ bookingReference: outcome.bookingReference }) };
  // One statement, so one round trip and atomic by itself: the order changes only while still pending,
  // and its main item and the event follow in the same statement (nothing of it, when someone settled it first).
  const confirmed = await context.db
    .with("confirmed", (db) =>
      db
        .updateTable("orders")
        .set({
          status: outcome.status,
          supplier_order_id: outcome.supplierOrderId,
          booking_reference: outcome.bookingReference,
          // A hold is unpaid, also one waiting for its cash or cheque.
          paid: sql<number>`case when payment_method_id is null or ${outcome.status === "hold"} then 0 else total end`,
          payment_time_limit: outcome.paymentTimeLimit ? new Date(outcome.paymentTimeLimit) : null,
          ...(outcome.supplierOrder ? { document: sql<string>`jsonb_set(document, '{supplierOrder}', ${JSON.stringify(outcome.supplierOrder)}::jsonb)` } : {}),
          updated_at: context.clock(),
        })
        .where("id", "=", orderId)
        .where("status", "=", "pending")
        .returningAll(),
    )
    .with("followed", () => sql<Record<string, never>>`(${followingUpdate("confirmed", orderId, outcome.detail ?? undefined)})`)
    .with("logged", (db) =>
      db
        .insertInto("order_events")
        .columns(["order_id", "user_id", "kind", "detail"])
        .expression((insert) => insert.selectFrom("confirmed").select((select) => ["confirmed.id", select.val(userId).as("user_id"), select.val(event.kind).as("kind"), sql<string>`${event.detail}::jsonb`.as("detail")])),
    )
    .selectFrom("confirmed")
    .selectAll()
    .executeTakeFirst();
  return confirmed ?? context.db.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirstOrThrow();
}

/** What an order's ledger entries took from the credit line and its bank guarantees, net of what they gave back. */
async function takenFromCredit(trx: Transaction<Database>, orderId: number): Promise<number> {
  const entries = await trx.selectFrom("ledger_entries").select(["kind", "amount"]).where("order_id", "=", orderId).execute();
  return entries.reduce((sum, entry) => sum + (entry.kind === "debit" ? entry.amount : -entry.amount), 0);
}

/**
 * A pending order the supplier never booked: marked failed, and everything taken for it given back
 * (what its ledger entries show from the credit line, the card charge to the card), in one
 * transaction and only once.
 */
export async function failPendingOrder(context: AppContext, orderId: number, userId: number, reason: string): Promise<OrderRow> {
  return context.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).forUpdate().executeTakeFirstOrThrow();
    if (row.status !== "pending") return row;
    const taken = await takenFromCredit(trx, orderId);
    if (taken > 0) {
      await giveBackToOrderAccounts(trx, { organisationId: row.organisation_id, amount: taken, currency: row.currency, userId, orderId, reason: ledgerReason("bookingFailed") });
    }
    const toVouchers = await returnToVouchers(trx, orderId, userId, row.total);
    const cardCharge = documentOf(row).cardCharge;
    if (cardCharge) await refundCardCharge(context, trx, cardCharge, { amount: row.total - toVouchers, currency: row.currency }, `order-${orderId}-failed`);
    await addEvent(trx, orderId, userId, "failed", { reason });
    // A failed order gives up its Idempotency-Key: a retry with it is a new attempt (docs/api.md, Idempotency).
    const failed = await trx.updateTable("orders").set({ status: "failed", failure: reason, idempotency_key: null, updated_at: context.clock() }).where("id", "=", orderId).returningAll().executeTakeFirstOrThrow();
    await followOrder(trx, failed);
    // Add-ons bought with it were paid with it and were never issued: the refund above covered them.
    await trx.updateTable("order_items").set({ status: "failed", updated_at: context.clock() }).where("order_id", "=", orderId).where("status", "=", "pending").execute();
    return failed;
  });
}

/**
 * A hold whose ticketing took payment from the credit line but never heard the supplier's answer
 * (a crash): ticketed at the supplier, it is confirmed with what was paid; still held (or
 * released) there, the payment is given back. Once: the order row is locked and the money
 * recounted inside the transaction.
 */
export async function settleInterruptedTicketing(
  context: AppContext,
  orderId: number,
  userId: number,
  atSupplier: IssuedHold,
): Promise<"ticketed" | "refunded" | "settled"> {
  return context.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("orders").selectAll().where("id", "=", orderId).forUpdate().executeTakeFirstOrThrow();
    const taken = await takenFromCredit(trx, orderId);
    if (row.status !== "hold" || taken <= row.paid) return "settled";
    const unsettled = taken - row.paid;
    if (atSupplier.issued) {
      const stored = documentOf(row);
      const document = atSupplier.supplierOrder ? { ...stored, supplierOrder: withTravellersOf(stored.supplierOrder, atSupplier.supplierOrder) } : undefined;
      await recordChange(context, trx, row, userId, { status: "confirm", paidDelta: unsettled, paymentTimeLimit: null, document, itemDetail: atSupplier.itemDetail }, { kind: "ticketed", detail: { ...atSupplier.detail, reconciled: true } });
      return "ticketed";
    }
    await giveBackToOrderAccounts(trx, { organisationId: row.organisation_id, amount: unsettled, currency: row.currency, userId, orderId, reason: ledgerReason("ticketingUnconfirmed", { reference: row.booking_reference ?? "" }) });
    await addEvent(trx, orderId, userId, "ticketing_failed", { reason: "The supplier never confirmed the tickets: the payment was given back.", reconciled: true });
    return "refunded";
  });
}

function supplierOrderOf(row: OrderRow): Order {
  const order = documentOf(row).supplierOrder;
  if (!order || !row.supplier_order_id) throw new ApiError(422, "order_not_booked", `Order ${row.id} was never booked with the supplier.`);
  return order;
}

/** What a servicing call changes on an order, whatever its product. */
export interface OrderChange {
  readonly status: OrdersTable["status"];
  readonly paymentMethodId?: number;
  readonly paidDelta?: number;
  readonly refundedDelta?: number;
  readonly totalDelta?: number;
  /** A hold's new time limit; null once paid, cancelled or ticketed. */
  readonly paymentTimeLimit: string | null;
  /** The order's new document (a flight's supplier order and card charge). */
  readonly document?: OrderDocument;
  /** The product's new booking, kept on its item (a hotel's, a policy's). */
  readonly itemDetail?: ItemDetail;
}

/** Records a servicing call's outcome on the order and its item, with its event, in the caller's transaction. */
export async function recordChange(context: AppContext, trx: Transaction<Database>, row: OrderRow, userId: number, change: OrderChange, event: { kind: string; detail: object }): Promise<OrderRow> {
  await addEvent(trx, row.id, userId, event.kind, event.detail);
  const saved = await trx
    .updateTable("orders")
    .set({
      status: change.status,
      payment_method_id: change.paymentMethodId ?? row.payment_method_id,
      paid: row.paid + (change.paidDelta ?? 0),
      refunded: row.refunded + (change.refundedDelta ?? 0),
      total: row.total + (change.totalDelta ?? 0),
      payment_time_limit: change.paymentTimeLimit ? new Date(change.paymentTimeLimit) : null,
      ...(change.document ? { document: JSON.stringify(change.document) } : {}),
      updated_at: context.clock(),
    })
    .where("id", "=", row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await followOrder(trx, saved, change.itemDetail);
  return saved;
}

/**
 * Who travels, and how to reach them, stay as the agent entered them when a supplier answers again:
 * not every supplier gives travel documents back (Duffel does not), and no change here renames anyone.
 */
const withTravellersOf = (stored: Order | null, fresh: Order): Order => (stored ? { ...fresh, passengers: stored.passengers, contact: stored.contact } : fresh);

/** A flight's change: the supplier's new order on the document (reshop offers spent). */
async function saveChange(
  context: AppContext,
  trx: Transaction<Database>,
  row: OrderRow,
  user: SessionUser,
  changes: { order: Order; status: OrdersTable["status"]; paymentMethodId?: number; paidDelta?: number; refundedDelta?: number; totalDelta?: number; cardCharge?: string | null },
  event: { kind: string; detail: object },
): Promise<OrderRow> {
  const { order, cardCharge, ...money } = changes;
  const document = documentOf(row);
  return recordChange(
    context,
    trx,
    row,
    user.users_id,
    { ...money, paymentTimeLimit: order.paymentTimeLimit, document: { ...document, supplierOrder: withTravellersOf(document.supplierOrder, order), cardCharge: cardCharge ?? document.cardCharge, reshopOffers: [] } },
    event,
  );
}

/** Pays for a held flight (its hold checked by holdOf) and has the airline issue its tickets. */
export async function ticketOrder(context: AppContext, user: ActingUser, row: OrderRow, payment: Payment): Promise<PlatformOrder> {
  const payer = payingFor(user, row);
  const plan = await planPayment(context, payer, payment, await paymentOptions(context, payer, { supplierId: row.supplier_id, ownerCode: supplierOrderOf(row).ownerCode }));
  return ticketWithPlan(context, user, row, paidNow(plan));
}

/** Tickets a held flight with a payment already planned: taken, the airline asked, given back if it refuses. */
export async function ticketWithPlan(context: AppContext, user: ActingUser, row: OrderRow, plan: TakenPlan): Promise<PlatformOrder> {
  const payer = payingFor(user, row);
  const supplierOrder = supplierOrderOf(row);
  const adapter = await adapterFor(context, row.supplier_id);
  const charge = { amount: row.total, currency: row.currency };
  const taken = await context.db.transaction().execute((trx) =>
    takePayment(context, trx, plan, payer, row.id, charge, supplierOrder.totals.total, ledgerReason("ticketing", { reference: row.booking_reference ?? "" })),
  );
  try {
    const changed = await callSupplier((signal) =>
      adapter.orderChange({ supplierId: row.supplier_id, orderId: row.supplier_order_id!, action: "issueTickets", payment: taken.supplierPayment }, { signal }),
    );
    const updated = await context.db.transaction().execute((trx) =>
      saveChange(context, trx, row, user, { order: changed.order, status: changed.order.status, paymentMethodId: plan.paymentMethodId, paidDelta: charge.amount, cardCharge: taken.cardCharge }, {
        kind: "ticketed",
        detail: { tickets: changed.order.tickets.map((ticket) => ticket.ticketNumber) },
      }),
    );
    return platformOrder(context.db, updated);
  } catch (error) {
    const ticketed = await ticketedAfterAll(context, row, user.users_id, plan, error);
    if (ticketed) return platformOrder(context.db, ticketed);
    await context.db.transaction().execute(async (trx) => {
      await givePaymentBack(context, trx, plan, payer, row.id, charge, taken.cardCharge, ledgerReason("ticketingFailed", { reference: row.booking_reference ?? "" }));
      await addEvent(trx, row.id, user.users_id, "ticketing_failed", { reason: supplierFailureMessage(error) });
    });
    throw withCompensation(error, true);
  }
}

/**
 * Reads a flight order again at its supplier and keeps the itinerary it has now: the airline may
 * have retimed, added or taken away flights since the booking. What changed is answered and
 * recorded; the order's status and money are not touched (a cancellation or refund goes through
 * its own steps), and the travellers stay as the agent entered them.
 */
export async function syncFlightOrder(context: AppContext, user: SessionUser, orderId: number): Promise<{ order: PlatformOrder; scheduleChanges: ScheduleChange[] }> {
  const row = await findOrder(context, user, orderId);
  const document = documentOf(row);
  const stored = document.supplierOrder;
  if (!stored || !row.supplier_order_id) throw new ApiError(422, "not_a_flight", "Only a booked flight is read again from its airline.");
  if (!SYNCABLE_STATUSES.has(row.status)) throw new ApiError(422, "order_closed", `An order in status ${row.status} is not read again.`);
  const adapter = await adapterFor(context, row.supplier_id);
  const fresh = await callSupplier((signal) => adapter.orderRetrieve({ supplierId: row.supplier_id, orderId: row.supplier_order_id! }, { signal }), { repeatable: true });
  const changes = scheduleChanges(stored, fresh);
  if (changes.length === 0) return { order: await platformOrder(context.db, row), scheduleChanges: [] };
  const saved = await context.db.transaction().execute(async (trx) => {
    await addEvent(trx, row.id, user.users_id, "schedule_changed", { changes });
    return trx
      .updateTable("orders")
      .set({ document: JSON.stringify({ ...document, supplierOrder: { ...stored, journeys: fresh.journeys } }), updated_at: context.clock() })
      .where("id", "=", row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  return { order: await platformOrder(context.db, saved), scheduleChanges: changes };
}

/** Orders whose flights may still change: held or ticketed. */
const SYNCABLE_STATUSES = new Set(["hold", "confirm", "exchange"]);

/** Alternatives for changing the dates of journeys, each with its fare difference and penalty. */
export async function reshopOrder(context: AppContext, user: SessionUser, orderId: number, journeyChanges: { paxJourneyID: string; departureDate: string }[]) {
  const row = await findOrder(context, user, orderId);
  if (row.status !== "confirm" && row.status !== "exchange") throw new ApiError(422, "not_ticketed", "Only a ticketed order can be changed.");
  const adapter = await adapterFor(context, row.supplier_id);
  const response = await callSupplier((signal) => adapter.orderReshop({ supplierId: row.supplier_id, orderId: row.supplier_order_id!, journeyChanges }, { signal }), { repeatable: true });
  await context.db
    .updateTable("orders")
    .set({ document: JSON.stringify({ ...documentOf(row), reshopOffers: response.reshopOffers }) })
    .where("id", "=", row.id)
    .execute();
  return {
    orderId: row.id,
    reshopOffers: response.reshopOffers.map((offer) => ({
      ...offer,
      amountDueLocal: toSellingCurrency(context, offer.amountDue, row.currency),
      amountRefundableLocal: toSellingCurrency(context, offer.amountRefundable, row.currency),
    })),
  };
}

/** Accepts a reshop offer: collects what is due (payment needed) or gives back what is refundable. */
export async function changeOrder(context: AppContext, user: ActingUser, orderId: number, reshopOfferId: string, payment: Payment | null): Promise<PlatformOrder> {
  const row = await findOrder(context, user, orderId);
  const payer = payingFor(user, row);
  const offer = reshopOfferOf(context, row, reshopOfferId);
  const adapter = await adapterFor(context, row.supplier_id);
  const due = toSellingCurrency(context, offer.amountDue, row.currency);
  const refundable = toSellingCurrency(context, offer.amountRefundable, row.currency);
  let plan: PaymentPlan | null = null;
  let taken: { supplierPayment: SupplierPayment; cardCharge: string | null } | null = null;
  if (offer.amountDue.amount > 0) {
    if (!payment) throw new ApiError(400, "validation_failed", "This change has an amount due: choose how to pay it.", { errors: [{ field: "payment", message: "Choose a payment" }] });
    const ownerCode = supplierOrderOf(row).ownerCode;
    plan = await planPayment(context, payer, payment, await paymentOptions(context, payer, { supplierId: row.supplier_id, ownerCode }));
    const paymentPlan = paidNow(plan);
    taken = await context.db.transaction().execute((trx) =>
      takePayment(context, trx, paymentPlan, payer, row.id, due, offer.amountDue, ledgerReason("change", { reference: row.booking_reference ?? "" })),
    );
  }
  try {
    const changed = await callSupplier((signal) =>
      adapter.orderChange(
        { supplierId: row.supplier_id, orderId: row.supplier_order_id!, action: "acceptReshopOffer", reshopOfferId, payment: taken?.supplierPayment ?? null },
        { signal },
      ),
    );
    const updated = await context.db.transaction().execute(async (trx) => {
      if (refundable.amount > 0) await refundToAgency(context, trx, row, user, refundable, ledgerReason("changeDifference", { reference: row.booking_reference ?? "" }));
      return saveChange(
        context,
        trx,
        row,
        user,
        { order: changed.order, status: changed.order.status, paidDelta: due.amount, refundedDelta: refundable.amount, totalDelta: due.amount - refundable.amount },
        { kind: "changed", detail: { reshopOfferId, collected: due, refunded: refundable } },
      );
    });
    return platformOrder(context.db, updated);
  } catch (error) {
    if (plan && taken) {
      const paymentPlan = plan;
      const cardCharge = taken.cardCharge;
      await context.db.transaction().execute(async (trx) => {
        await givePaymentBack(context, trx, paymentPlan, user, row.id, due, cardCharge, ledgerReason("changeFailed", { reference: row.booking_reference ?? "" }));
        await addEvent(trx, row.id, user.users_id, "change_failed", { reason: supplierFailureMessage(error) });
      });
    }
    throw withCompensation(error, taken !== null);
  }
}

/** A reshop offer this order was given by reshopOrder, still valid. */
function reshopOfferOf(context: AppContext, row: OrderRow, reshopOfferId: string): ReshopOffer {
  const offer = documentOf(row).reshopOffers?.find((candidate) => candidate.reshopOfferId === reshopOfferId);
  if (!offer) throw new ApiError(404, "reshop_offer_not_found", `Reshop offer ${reshopOfferId} was not offered for order ${row.id}; reshop first.`);
  if (Date.parse(offer.expiresAt) <= context.clock().getTime()) throw new ApiError(409, "offer_expired", "This change offer has expired; reshop again.");
  return offer;
}

/** Money back to the agency: to the vouchers and card it paid with, else to the guarantee or credit line it was drawn on; never for what BSP or the airline charged. */
export async function refundToAgency(context: AppContext, trx: Transaction<Database>, row: OrderRow, user: SessionUser, amount: Money, reason: LedgerReason): Promise<void> {
  await refundToAgencyOf(context, trx, row, user.users_id, amount, reason);
}

export async function refundToAgencyOf(context: AppContext, trx: Transaction<Database>, row: OrderRow, userId: number, amount: Money, reason: LedgerReason): Promise<void> {
  // A sale billed through BSP is refunded by the airline through BSP: the platform's ledger never held it.
  if (amount.amount === 0 || (row.payment_method_id !== null && settlesThroughBsp(settlementOf(row.payment_method_id)))) return;
  // What a voucher paid goes back to it first; the rest where the rest was paid.
  const rest = amount.amount - (await returnToVouchers(trx, row.id, userId, amount.amount));
  if (rest === 0) return;
  const cardCharge = documentOf(row).cardCharge;
  if (cardCharge) {
    // The key tells this refund from the order's earlier ones, and a retry of it for the same one.
    await refundCardCharge(context, trx, cardCharge, { amount: rest, currency: amount.currency }, `order-${row.id}-refund-${row.refunded}-${rest}`);
    return;
  }
  // A card passed through to the airline (CC) was charged by the airline, which gives the card its money back.
  if (row.payment_method_id !== null && settlementOf(row.payment_method_id) === "card") return;
  await giveBackToOrderAccounts(trx, { organisationId: row.organisation_id, amount: rest, currency: amount.currency, userId, orderId: row.id, reason });
}

/**
 * A cancellation charged by the supplier's policy, in the shape every product's cancel quote has:
 * the agency keeps back the same share of what it paid for the booking as the penalty is of the
 * supplier's price (add-ons bought with it keep their own price), and a hold costs nothing.
 */
export async function penaltyQuote(context: AppContext, row: OrderRow, supplierTotal: Money, penalty: Money): Promise<{ quote: CancellationQuote; refundToAgency: Money }> {
  const held = row.status === "hold";
  const addOns = await addOnAmounts(context.db, row.id);
  const agencyPenalty = held ? 0 : agencyShare(row.total - addOns.total, penalty.amount, supplierTotal.amount);
  const refund = held ? 0 : Math.max(0, row.paid - row.refunded - addOns.standing - agencyPenalty);
  const none = { amount: 0, currency: supplierTotal.currency };
  return {
    quote: {
      kind: held ? "cancelHold" : "refund",
      amountPaid: held ? none : supplierTotal,
      penalty,
      nonRefundable: none,
      refundAmount: { amount: held ? 0 : supplierTotal.amount - penalty.amount, currency: supplierTotal.currency },
      resultingStatus: "cancel",
    },
    refundToAgency: { amount: refund, currency: row.currency },
  };
}

/**
 * What the agency would get back: everything it paid for the flight in the void window, or when
 * the supplier gives back everything it was paid (not its add-ons; converting the supplier's
 * amount again would lose a minor unit to rounding); the supplier's refund otherwise.
 */
async function agencyRefund(context: AppContext, row: OrderRow, quote: CancellationQuote): Promise<Money> {
  if (quote.kind === "cancelHold") return { amount: 0, currency: row.currency };
  const refundsAll = quote.amountPaid.amount > 0 && quote.refundAmount.amount === quote.amountPaid.amount && quote.refundAmount.currency === quote.amountPaid.currency;
  if (quote.kind === "void" || refundsAll) return { amount: row.paid - row.refunded - (await addOnAmounts(context.db, row.id)).standing, currency: row.currency };
  return toSellingCurrency(context, quote.refundAmount, row.currency);
}

export async function cancelQuote(context: AppContext, user: SessionUser, orderId: number) {
  const row = await findOrder(context, user, orderId);
  const adapter = await adapterFor(context, row.supplier_id);
  const { quote } = await callSupplier((signal) => adapter.orderCancel({ supplierId: row.supplier_id, orderId: supplierOrderOf(row).orderId, action: "quote" }, { signal }), { repeatable: true });
  return { quote, refundToAgency: await agencyRefund(context, row, quote) };
}

/**
 * Cancels a hold, voids inside the void window, or refunds per the fare rules; money goes back in
 * the same transaction as the status. A refund may instead be kept as residual travel funds for the
 * travellers on the same airline, checked possible before the airline is asked.
 */
export async function cancelOrder(context: AppContext, user: SessionUser, orderId: number, rfic: Rfic, refundAs: RefundForm = "money"): Promise<PlatformOrder> {
  const row = await findOrder(context, user, orderId);
  const adapter = await adapterFor(context, row.supplier_id);
  const supplierOrderId = supplierOrderOf(row).orderId;
  if (refundAs === "residualFunds") await residualFundsPossible(row, (await callSupplier((signal) => adapter.orderCancel({ supplierId: row.supplier_id, orderId: supplierOrderId, action: "quote" }, { signal }), { repeatable: true })).quote);
  const { quote, order } = await callSupplier((signal) => adapter.orderCancel({ supplierId: row.supplier_id, orderId: supplierOrderId, action: "confirm" }, { signal }));
  const refund = await agencyRefund(context, row, quote);
  const keptAsResidual = refundAs === "residualFunds" && quote.kind === "refund";
  const updated = await context.db.transaction().execute(async (trx) => {
    const reference = row.booking_reference ?? "";
    const reason = quote.kind === "void" ? ledgerReason("void", { reference }) : quote.kind === "refund" ? ledgerReason("ticketRefund", { reference, rfic }) : ledgerReason("cancellation", { reference });
    if (keptAsResidual) {
      const issuer = await trx.selectFrom("organisations").select("parent_id").where("id", "=", row.organisation_id).executeTakeFirstOrThrow();
      await keepAsResidualFunds(trx, row, refund, order.ownerCode, issuer.parent_id ?? row.organisation_id, oneYearAfter(context.clock()));
    } else {
      await refundToAgency(context, trx, row, user, refund, reason);
    }
    const detail = { quote, refundToAgency: refund, ...(quote.kind === "refund" ? { rfic, refundAs: keptAsResidual ? "residualFunds" : "money" } : {}) };
    return saveChange(context, trx, row, user, { order, status: quote.resultingStatus, refundedDelta: refund.amount }, { kind: quote.kind, detail });
  });
  return platformOrder(context.db, updated);
}

const oneYearAfter = (now: Date) => new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), now.getUTCDate())).toISOString().slice(0, 10);

/** Residual value is kept from a ticket refunded after its void window, whose money the platform took (not BSP's). */
async function residualFundsPossible(row: OrderRow, quote: CancellationQuote): Promise<void> {
  const refuse = (message: string) => new ApiError(422, "residual_funds_not_possible", message, { errors: [{ field: "refundAs", message }] });
  if (row.payment_method_id !== null && settlesThroughBsp(settlementOf(row.payment_method_id))) throw refuse("A ticket billed through BSP is refunded by the airline through BSP; it cannot be kept as residual travel funds here.");
  if (row.passenger_names.trim() === "") throw refuse("This booking names no traveller to keep residual travel funds for.");
  if (quote.kind !== "refund") throw refuse(quote.kind === "void" ? "A ticket voided in its void window gives everything back as money; residual travel funds are kept from a refund after it." : "A held booking was never paid: nothing is left to keep as residual travel funds.");
}
