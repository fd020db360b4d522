import { showsRowStatus } from "./rowStatus";
import { ledgerReason } from "../../src/contract/ledgerReasons";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import {
  agentTransactionRequestSchema,
  cardTokenRequestSchema,
  changeRequestSchema,
  orderCancelRequestSchema,
  orderListQuerySchema,
  paymentOptionsRequestSchema,
  reshopRequestSchema,
  ticketRequestSchema,
  type LedgerEntry,
  type SupplierMessage,
} from "../../src/contract/orders";
import type { RouteContext } from "../appContext";
import type { LedgerEntriesTable } from "../db/schema";
import { ApiError, parseBody, parseQuery } from "../http/apiError";
import { runOnce } from "../http/idempotency";
import { requirePermission, signedInOf } from "../http/sessionGuard";
import { ACCOUNT_GUARANTEE_TEST, moveCreditWithParent } from "../ledger/ledger";
import { organisationPath, organisationSubtree } from "../organisations/tree";
import { redeemableVoucher, residualFundsOf, usableVouchers } from "../payments/vouchers";
import { usableVouchersRequestSchema, voucherCheckRequestSchema } from "../../src/contract/vouchers";
import type { Selectable } from "kysely";
import {
  addOnReferenceOf,
  changeOrder,
  clientReferenceOf,
  findOrder,
  paymentOptions,
  platformOrder,
  platformOrders,
  reshopOrder,
  syncFlightOrder,
} from "./orderService";
import { holdOf } from "./productModule";
import { cancelAddOn, cancelWithAddOns, quoteCancellation } from "./productServicing";
import { idParamsSchema, itemParamsSchema } from "../../src/contract/ids";
import { ledgerPageQuerySchema } from "../../src/contract/pagination";
import { creditStanding } from "../../src/contract/credit";

const toLedgerEntry = (row: Selectable<LedgerEntriesTable>): LedgerEntry => ({
  id: row.id,
  organisationId: row.organisation_id,
  kind: row.kind,
  amount: row.amount,
  currency: row.currency,
  creditUsedAfter: row.credit_used_after,
  guaranteeId: row.guarantee_id,
  orderId: row.order_id,
  userId: row.user_id,
  reason: row.reason,
  reasonCode: row.reason_code,
  reasonParams: row.reason_params,
  createdAt: row.created_at.toISOString(),
});

/**
 * Orders (permission "bookings": create to book, edit to ticket, change and cancel, view to
 * read), each order-changing call once per Idempotency-Key; the agency credit ledger and the
 * spec's agent-transaction calls ("accounts").
 */
export function registerOrderRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db, requireSession } = context;
  const guard = (menu: "bookings" | "accounts", action: "view" | "create" | "edit") => ({ preHandler: [requireSession, requirePermission(menu, action)] });
  // Checkout asks these for the organisation it books for (X-Booking-For).
  const checkout = (action: "view" | "create") => ({ preHandler: [requireSession, context.actForChosenOrganisation, requirePermission("bookings", action)] });
  const ok = (data: unknown, message?: string) => ({ status: 200, data, ...(message ? { message } : {}) });

  app.post("/api/orders/payment-options", checkout("view"), async (request) => {
    const subject = parseBody(paymentOptionsRequestSchema, request.body);
    const ownerCode = "ownerCode" in subject ? subject.ownerCode : "";
    const { decision: _decision, basis: _basis, ...options } = await paymentOptions(context, signedInOf(request).user, { supplierId: subject.supplierId, ownerCode });
    return ok(options);
  });

  app.post("/api/orders/voucher-check", checkout("view"), async (request) => {
    const { code } = parseBody(voucherCheckRequestSchema, request.body);
    const user = signedInOf(request).user;
    const { id: _id, ...voucher } = await redeemableVoucher(db, await organisationPath(db, user.organisation_id), code, context.clock().toISOString().slice(0, 10));
    return ok(voucher);
  });

  app.post("/api/orders/usable-vouchers", checkout("view"), async (request) => {
    const sale = parseBody(usableVouchersRequestSchema, request.body);
    const user = signedInOf(request).user;
    const organisation = await db.selectFrom("organisations").select("currency_code").where("id", "=", user.organisation_id).executeTakeFirstOrThrow();
    return ok(await usableVouchers(db, await organisationPath(db, user.organisation_id), organisation.currency_code, context.clock().toISOString().slice(0, 10), sale));
  });

  app.post("/api/payments/card-token", guard("bookings", "create"), async (request) => {
    const card = parseBody(cardTokenRequestSchema, request.body);
    const user = signedInOf(request).user;
    const token = await context.cardGateway.tokenise(card, { organisationId: user.organisation_id, userId: user.users_id });
    return ok({ token: token.token, cardType: token.cardType, last4: token.last4, expiresAt: token.expiresAt.toISOString() });
  });

  app.post("/api/orders", checkout("create"), async (request, reply) =>
    runOnce(db, request, reply, "POST /api/orders", async () => {
      const key = request.headers["idempotency-key"];
      const order = await context.products.of("flight").book(context, signedInOf(request).user, request.body, typeof key === "string" ? key : null);
      return ok(order, order.status === "hold" ? "Booked and held." : "Booked and ticketed.");
    }),
  );

  app.get("/api/orders", guard("bookings", "view"), async (request) => {
    const query = parseQuery(orderListQuerySchema, request.query);
    const { user } = signedInOf(request);
    const subtree = await organisationSubtree(db, user.organisation_id);
    let rows = db.selectFrom("orders").where("organisation_id", "in", subtree);
    if (query.mine) rows = rows.where((order) => order.or([order("user_id", "=", user.users_id), order("booked_by_user_id", "=", user.users_id)]));
    if (query.status) rows = rows.where(showsRowStatus(query.status));
    if (query.product) {
      const product = query.product;
      rows = rows.where(({ exists, selectFrom }) => exists(selectFrom("order_items").select("order_items.id").whereRef("order_items.order_id", "=", "orders.id").where("order_items.kind", "=", product)));
    }
    if (query.pnr) rows = rows.where("booking_reference", "=", query.pnr);
    if (query.passenger) rows = rows.where("passenger_names", "ilike", `%${query.passenger.replace(/[%_\\]/g, "\\$&")}%`);
    if (query.from) rows = rows.where("created_at", ">=", new Date(`${query.from}T00:00:00Z`));
    if (query.to) rows = rows.where(sql<boolean>`created_at < (${query.to}::date + 1)`);
    const [page, count] = await Promise.all([
      rows.selectAll().orderBy("id", "desc").limit(query.pageSize).offset((query.page - 1) * query.pageSize).execute(),
      rows.select((select) => select.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    ]);
    return { status: 200, data: await platformOrders(db, page), total: Number(count.total) };
  });

  app.get("/api/orders/:id", guard("bookings", "view"), async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    return ok(await platformOrder(db, await findOrder(context, signedInOf(request).user, id)));
  });

  app.get("/api/orders/:id/supplier-messages", guard("bookings", "view"), async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    const user = signedInOf(request).user;
    if (!user.admin) throw new ApiError(403, "admins_only", "Only administrators read what suppliers said.");
    const order = await findOrder(context, user, id);
    const items = await db.selectFrom("order_items").select(["id", "supplier_reference"]).where("order_id", "=", order.id).execute();
    const refs = [
      clientReferenceOf(order.id),
      ...items.flatMap((item) => [addOnReferenceOf(order.id, item.id), ...(item.supplier_reference ? [item.supplier_reference] : [])]),
      ...[order.supplier_order_id, order.booking_reference].filter((ref): ref is string => ref !== null),
    ];
    const messages = await db
      .selectFrom("supplier_messages")
      .selectAll()
      .where(sql<boolean>`refs && ${sql.val(refs)}::text[]`)
      .orderBy("id")
      .limit(500)
      .execute();
    return ok(
      messages.map((message): SupplierMessage => ({
        id: Number(message.id),
        supplierId: message.supplier_id,
        operation: message.operation,
        outcome: message.outcome,
        error: message.error,
        durationMs: message.duration_ms,
        createdAt: message.created_at.toISOString(),
        request: message.request,
        response: message.response,
      })),
    );
  });

  app.get("/api/orders/:id/residual-funds", guard("bookings", "view"), async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    return ok(await residualFundsOf(db, (await findOrder(context, signedInOf(request).user, id)).id));
  });

  app.get("/api/orders/:id/ledger", guard("bookings", "view"), async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    const order = await findOrder(context, signedInOf(request).user, id);
    const entries = await db.selectFrom("ledger_entries").selectAll().where("order_id", "=", order.id).orderBy("id").execute();
    return ok(entries.map(toLedgerEntry));
  });

  app.post("/api/orders/:id/ticket", guard("bookings", "edit"), async (request, reply) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    return runOnce(db, request, reply, `POST /api/orders/${id}/ticket`, async () => {
      const { payment } = parseBody(ticketRequestSchema, request.body);
      const user = signedInOf(request).user;
      const row = await findOrder(context, user, id);
      const hold = await holdOf(context, row);
      return ok(await hold.pay(context, user, row, payment), hold.paidMessage);
    });
  });

  app.post("/api/orders/:id/reshop", guard("bookings", "edit"), async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    const { journeyChanges } = parseBody(reshopRequestSchema, request.body);
    return ok(await reshopOrder(context, signedInOf(request).user, id, journeyChanges));
  });

  app.post("/api/orders/:id/change", guard("bookings", "edit"), async (request, reply) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    return runOnce(db, request, reply, `POST /api/orders/${id}/change`, async () => {
      const { reshopOfferId, payment } = parseBody(changeRequestSchema, request.body);
      return ok(await changeOrder(context, signedInOf(request).user, id, reshopOfferId, payment), "Booking changed.");
    });
  });

  app.post("/api/orders/:id/sync", guard("bookings", "view"), async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    return ok(await syncFlightOrder(context, signedInOf(request).user, id));
  });

  app.post("/api/orders/:id/cancel-quote", guard("bookings", "edit"), async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    const user = signedInOf(request).user;
    return ok(await quoteCancellation(context, user, await findOrder(context, user, id)));
  });

  app.post("/api/orders/:id/cancel", guard("bookings", "edit"), async (request, reply) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    return runOnce(db, request, reply, `POST /api/orders/${id}/cancel`, async () => {
      const cancelRequest = parseBody(orderCancelRequestSchema, request.body ?? {});
      const user = signedInOf(request).user;
      const { order, addOnFailures } = await cancelWithAddOns(context, user, await findOrder(context, user, id), cancelRequest);
      return ok(order, addOnFailures.length > 0 ? `Booking cancelled; the insurance could not be cancelled: ${addOnFailures.join(" ")}` : undefined);
    });
  });

  app.post("/api/orders/:id/items/:itemId/cancel", guard("bookings", "edit"), async (request, reply) => {
    const { id, itemId } = parseQuery(itemParamsSchema, request.params);
    return runOnce(db, request, reply, `POST /api/orders/${id}/items/${itemId}/cancel`, async () => {
      const user = signedInOf(request).user;
      return ok(await cancelAddOn(context, user, await findOrder(context, user, id), itemId), "Policy cancelled.");
    });
  });

  app.get("/api/check_credit_unlimited", { preHandler: [requireSession, context.actForChosenOrganisation] }, async (request) => {
    const user = signedInOf(request).user;
    const organisation = await db
      .selectFrom("organisations")
      .select(["credit_limit", "credit_used", "currency_code"])
      .where("id", "=", user.organisation_id)
      .executeTakeFirstOrThrow();
    const { unlimited, limit, used, available } = creditStanding(organisation, user.unlimited_creditlimit);
    return ok({ unlimited, creditLimit: limit, creditUsed: used, available });
  });

  app.get("/api/get-transaction-detail-by-agent/:id", guard("accounts", "view"), async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    const subtree = await organisationSubtree(db, signedInOf(request).user.organisation_id);
    if (!subtree.includes(id)) throw new ApiError(404, "organisation_not_found", `There is no organisation ${id}.`);
    const { page, pageSize, account } = parseQuery(ledgerPageQuerySchema, request.query);
    const ofOrganisation = db
      .selectFrom("ledger_entries")
      .where("organisation_id", "=", id)
      .$if(account !== undefined, (entries) => entries.where("guarantee_id", ACCOUNT_GUARANTEE_TEST[account!], null));
    const [entries, count] = await Promise.all([
      ofOrganisation.selectAll().orderBy("id", "desc").offset((page - 1) * pageSize).limit(pageSize).execute(),
      ofOrganisation.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    ]);
    return { status: 200, data: entries.map(toLedgerEntry), total: Number(count.total) };
  });

  app.post("/api/make-agent-transaction", guard("accounts", "edit"), async (request, reply) =>
    runOnce(db, request, reply, "POST /api/make-agent-transaction", async () => {
      const body = parseBody(agentTransactionRequestSchema, request.body);
      const user = signedInOf(request).user;
      const below = (await organisationSubtree(db, user.organisation_id)).filter((id) => id !== user.organisation_id);
      if (!below.includes(body.organisationId)) {
        throw new ApiError(404, "organisation_not_found", `Organisation ${body.organisationId} is not one of the agencies under yours.`);
      }
      // Credit only moves between the organisation and its parent: a top-up comes from the parent, a charge goes back to it.
      const written = await db.transaction().execute((trx) => moveCreditWithParent(trx, { ...body, userId: user.users_id, reason: ledgerReason("agentTransaction", { note: body.reason }) }));
      return ok({ id: written.id, creditUsedAfter: written.creditUsedAfter }, body.kind === "credit" ? "Credit added." : "Amount charged.");
    }),
  );
}
