import type { FastifyInstance } from "fastify";
import { ledgerReason } from "../../src/contract/ledgerReasons";
import { idParamsSchema } from "../../src/contract/ids";
import { RECEIPT_METHOD_BY_PAYMENT_METHOD, receiptListQuerySchema, receiptRequestSchema, type AwaitingReceipt, type Receipt } from "../../src/contract/receipts";
import type { RouteContext } from "../appContext";
import { writeAudit } from "../db/auditLog";
import { ApiError, parseBody, parseQuery } from "../http/apiError";
import { runOnce } from "../http/idempotency";
import { requirePermission, signedInOf } from "../http/sessionGuard";
import { creditBack, debitCredit } from "../ledger/ledger";
import { findOrder, ticketWithPlan } from "../orders/orderService";
import { organisationSubtree } from "../organisations/tree";

const ok = <Data>(data: Data, message?: string) => ({ status: 200, ...(message ? { message } : {}), data });

const AWAITING_METHODS = Object.keys(RECEIPT_METHOD_BY_PAYMENT_METHOD).map(Number);

/**
 * Cash and cheque (the `accounts` section): the held flights of the organisations below the
 * caller's that wait for their money, the receipts recorded, recording one (the amount lands on
 * the agency's credit line as a credit, and the hold is ticketed from it in the same request), and
 * a cheque that bounced (its amount charged back to the agency). Each change is audited.
 */
export function registerReceiptRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db, requireSession } = context;
  const guard = (action: "view" | "edit") => ({ preHandler: [requireSession, requirePermission("accounts", action)] });
  /** The organisations strictly below the caller's: an agency's money is received above it. */
  const below = async (organisationId: number) => (await organisationSubtree(db, organisationId)).filter((id) => id !== organisationId);

  app.get("/api/receipts/awaiting", guard("view"), async (request) => {
    const organisations = await below(signedInOf(request).user.organisation_id);
    if (organisations.length === 0) return ok([]);
    const rows = await db
      .selectFrom("orders")
      .innerJoin("organisations", "organisations.id", "orders.organisation_id")
      .select(["orders.id", "orders.booking_reference", "orders.organisation_id", "organisations.name", "orders.payment_method_id", "orders.total", "orders.currency", "orders.created_at", "orders.payment_time_limit"])
      .where("orders.organisation_id", "in", organisations)
      .where("orders.status", "=", "hold")
      .where("orders.payment_method_id", "in", AWAITING_METHODS)
      .orderBy("orders.payment_time_limit")
      .orderBy("orders.id")
      .limit(500)
      .execute();
    return ok(
      rows.map((row): AwaitingReceipt => ({
        orderId: row.id,
        reference: row.booking_reference,
        organisationId: row.organisation_id,
        organisationName: row.name,
        method: RECEIPT_METHOD_BY_PAYMENT_METHOD[row.payment_method_id!]!,
        amount: { amount: row.total, currency: row.currency },
        bookedAt: row.created_at.toISOString(),
        paymentTimeLimit: row.payment_time_limit?.toISOString() ?? null,
      })),
    );
  });

  const receipts = () =>
    db
      .selectFrom("payment_receipts")
      .innerJoin("organisations", "organisations.id", "payment_receipts.organisation_id")
      .innerJoin("orders", "orders.id", "payment_receipts.order_id")
      .innerJoin("users", "users.id", "payment_receipts.recorded_by")
      .selectAll("payment_receipts")
      .select(["organisations.name as organisation_name", "orders.booking_reference", "users.username"]);
  const view = (row: Awaited<ReturnType<ReturnType<typeof receipts>["executeTakeFirstOrThrow"]>>): Receipt => ({
    id: row.id,
    orderId: row.order_id,
    reference: row.booking_reference,
    organisationId: row.organisation_id,
    organisationName: row.organisation_name,
    method: row.method,
    amount: { amount: row.amount, currency: row.currency },
    chequeNumber: row.cheque_number,
    bankName: row.bank_name,
    receivedOn: row.received_on,
    scanUrl: row.scan_url,
    status: row.status,
    recordedBy: row.username,
    createdAt: row.created_at.toISOString(),
    bouncedAt: row.bounced_at?.toISOString() ?? null,
  });

  app.get("/api/receipts", guard("view"), async (request) => {
    const { page, pageSize } = parseQuery(receiptListQuerySchema, request.query);
    const subtree = await organisationSubtree(db, signedInOf(request).user.organisation_id);
    const [rows, count] = await Promise.all([
      receipts().where("payment_receipts.organisation_id", "in", subtree).orderBy("payment_receipts.id", "desc").offset((page - 1) * pageSize).limit(pageSize).execute(),
      db.selectFrom("payment_receipts").where("organisation_id", "in", subtree).select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    ]);
    return { status: 200, data: rows.map(view), total: Number(count.total) };
  });

  app.post("/api/orders/:id/receipt", guard("edit"), async (request, reply) =>
    runOnce(db, request, reply, "POST /api/orders/{id}/receipt", async () => {
      const { id } = parseQuery(idParamsSchema, request.params);
      const body = parseBody(receiptRequestSchema, request.body);
      const user = signedInOf(request).user;
      const row = await findOrder(context, user, id);
      if (row.organisation_id === user.organisation_id) {
        throw new ApiError(403, "own_receipt", "Your own organisation's cash and cheques are recorded by the organisation above it.");
      }
      const method = row.payment_method_id === null ? undefined : RECEIPT_METHOD_BY_PAYMENT_METHOD[row.payment_method_id];
      if (!method || row.status !== "hold") throw new ApiError(422, "not_awaiting_receipt", `Order ${row.id} is not a held booking waiting for cash or a cheque.`);
      if (body.amount !== row.total) {
        throw new ApiError(422, "validation_failed", "The receipt must be for the booking's whole total.", { errors: [{ field: "amount", message: `The booking's total is ${row.total} (minor units of ${row.currency})` }] });
      }
      if (method === "cheque" && (!body.chequeNumber || !body.bankName)) {
        throw new ApiError(400, "validation_failed", "A cheque is recorded with its number and bank.", {
          errors: [...(body.chequeNumber ? [] : [{ field: "chequeNumber", message: "The cheque's number" }]), ...(body.bankName ? [] : [{ field: "bankName", message: "The bank it is drawn on" }])],
        });
      }
      const reference = row.booking_reference ?? String(row.id);
      const receipt = await db
        .transaction()
        .execute(async (trx) => {
          const inserted = await trx
            .insertInto("payment_receipts")
            .values({
              order_id: row.id,
              organisation_id: row.organisation_id,
              recorded_by_organisation_id: user.organisation_id,
              recorded_by: user.users_id,
              method,
              amount: body.amount,
              currency: row.currency,
              cheque_number: method === "cheque" ? body.chequeNumber! : null,
              bank_name: method === "cheque" ? body.bankName! : null,
              received_on: body.receivedOn,
              scan_url: body.scanUrl,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          const reason = method === "cash" ? ledgerReason("cashReceived", { reference }) : ledgerReason("chequeReceived", { reference, number: body.chequeNumber! });
          await creditBack(trx, { organisationId: row.organisation_id, amount: body.amount, currency: row.currency, userId: user.users_id, orderId: row.id, reason });
          await writeAudit(trx, { userId: user.users_id, organisationId: user.organisation_id, resource: "paymentReceipts", recordId: inserted.id, action: "create", before: null, after: { orderId: row.id, method, ...body } });
          return inserted;
        })
        .catch((error: unknown) => {
          if (typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505") throw new ApiError(409, "receipt_recorded", `Order ${row.id} already has its receipt.`);
          throw error;
        });
      // The money is on the agency's credit line: the hold is ticketed from it, as the agency would.
      try {
        const order = await ticketWithPlan(context, user, row, { kind: "credit", paymentMethodId: row.payment_method_id! });
        return ok({ receipt: view(await receipts().where("payment_receipts.id", "=", receipt.id).executeTakeFirstOrThrow()), order }, "Receipt recorded; the booking is ticketed.");
      } catch (error) {
        const why = error instanceof ApiError ? error.message : "The airline did not issue the tickets.";
        throw new ApiError(502, "ticketing_failed", `The receipt is recorded and its amount is on the agency's credit line, but the booking was not ticketed: ${why}`);
      }
    }),
  );

  app.post("/api/receipts/:id/bounce", guard("edit"), async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    const user = signedInOf(request).user;
    const organisations = await below(user.organisation_id);
    const bounced = await db.transaction().execute(async (trx) => {
      const receipt = await trx.selectFrom("payment_receipts").selectAll().where("id", "=", id).where("organisation_id", "in", organisations.length > 0 ? organisations : [-1]).forUpdate().executeTakeFirst();
      if (!receipt) throw new ApiError(404, "receipt_not_found", `There is no receipt ${id} of an organisation below yours.`);
      if (receipt.method !== "cheque") throw new ApiError(422, "not_a_cheque", "Only a cheque bounces; cash received stays received.");
      if (receipt.status === "bounced") throw new ApiError(409, "receipt_bounced", `Cheque ${receipt.cheque_number} is already recorded as bounced.`);
      const order = await trx.selectFrom("orders").select("booking_reference").where("id", "=", receipt.order_id).executeTakeFirstOrThrow();
      await trx.updateTable("payment_receipts").set({ status: "bounced", bounced_at: context.clock() }).where("id", "=", id).execute();
      // The agency owes the booking again: charged back whatever its limit, as the tickets stand.
      await debitCredit(
        trx,
        { organisationId: receipt.organisation_id, amount: receipt.amount, currency: receipt.currency, userId: user.users_id, orderId: receipt.order_id, reason: ledgerReason("chequeBounced", { reference: order.booking_reference ?? String(receipt.order_id), number: receipt.cheque_number ?? "" }) },
        { unlimited: true },
      );
      await writeAudit(trx, { userId: user.users_id, organisationId: user.organisation_id, resource: "paymentReceipts", recordId: id, action: "update", before: { status: "received" }, after: { status: "bounced" } });
      return receipt.id;
    });
    return ok(view(await receipts().where("payment_receipts.id", "=", bounced).executeTakeFirstOrThrow()), "The cheque is recorded as bounced and its amount charged back to the agency.");
  });
}
