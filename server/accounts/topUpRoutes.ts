import { ledgerReason } from "../../src/contract/ledgerReasons";
import type { FastifyInstance } from "fastify";
import type { Transaction } from "kysely";
import { topUpListQuerySchema, topUpRejectBodySchema, topUpRequestBodySchema, type TopUpRequest } from "../../src/contract/accounts";
import type { SessionUser } from "../../src/contract/auth";
import { idParamsSchema } from "../../src/contract/ids";
import type { RouteContext } from "../appContext";
import type { Database } from "../db/schema";
import { ApiError, parseBody, parseQuery } from "../http/apiError";
import { runOnce } from "../http/idempotency";
import { requirePermission, signedInOf } from "../http/sessionGuard";
import { moveCreditWithParent } from "../ledger/ledger";
import { organisationSubtree } from "../organisations/tree";
import { notUploadedBy, UPLOAD_AGAIN } from "../uploads/documents";
import { writeAudit } from "../db/auditLog";

const ok = <Data>(data: Data, message?: string) => ({ status: 200, ...(message ? { message } : {}), data });

/** A decision on a request, recorded with the request before and after it. */
async function audit(trx: Transaction<Database>, user: SessionUser, id: number, before: object, after: object, action: "create" | "update"): Promise<void> {
  await writeAudit(trx, { userId: user.users_id, organisationId: user.organisation_id, resource: "topUpRequests", recordId: id, action, before, after });
}

/**
 * Top-up requests (the `accounts` section): an organisation asks the one above it for credit with
 * the payment's reference and its receipt; a user of an organisation above it with the accounts
 * edit permission approves it (the credit moves from the parent in one transaction, both sides in
 * the ledger, as /api/make-agent-transaction does) or rejects it with a reason. The requester is
 * mailed the decision; every step is in the audit log.
 */
export function registerTopUpRoutes(app: FastifyInstance, { db, clock, requireSession, mailer }: RouteContext): void {
  const guard = (action: "view" | "create" | "edit") => ({ preHandler: [requireSession, requirePermission("accounts", action)] });

  const rows = () =>
    db
      .selectFrom("top_up_requests")
      .innerJoin("organisations", "organisations.id", "top_up_requests.organisation_id")
      .innerJoin("users as requester", "requester.id", "top_up_requests.requested_by")
      .leftJoin("users as decider", "decider.id", "top_up_requests.decided_by")
      .select([
        "top_up_requests.id",
        "top_up_requests.organisation_id",
        "organisations.name as organisation_name",
        "top_up_requests.amount",
        "top_up_requests.currency",
        "top_up_requests.payment_reference",
        "top_up_requests.note",
        "top_up_requests.receipt",
        "top_up_requests.status",
        "requester.username as requested_by",
        "top_up_requests.created_at",
        "decider.username as decided_by",
        "top_up_requests.decided_at",
        "top_up_requests.decision_reason",
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof rows>["executeTakeFirstOrThrow"]>>;
  const view = (row: Row, canDecide: boolean): TopUpRequest => ({
    id: row.id,
    organisationId: row.organisation_id,
    organisationName: row.organisation_name,
    amount: { amount: Number(row.amount), currency: row.currency },
    paymentReference: row.payment_reference,
    note: row.note,
    receiptUrl: `/api/uploads/${row.receipt}`,
    status: row.status,
    requestedBy: row.requested_by,
    createdAt: row.created_at.toISOString(),
    decidedBy: row.decided_by,
    decidedAt: row.decided_at?.toISOString() ?? null,
    decisionReason: row.decision_reason,
    canDecide: canDecide && row.status === "pending",
  });
  const canEdit = (user: SessionUser) => user.permissions.some((permission) => permission.menu === "accounts" && permission.edit);
  /** The organisations strictly below the caller's: whose requests it decides. */
  const below = async (user: SessionUser) => (await organisationSubtree(db, user.organisation_id)).filter((id) => id !== user.organisation_id);

  app.post("/api/top-up-requests", guard("create"), async (request, reply) =>
    runOnce(db, request, reply, "POST /api/top-up-requests", async () => {
      const body = parseBody(topUpRequestBodySchema, request.body);
      const { user } = signedInOf(request);
      const organisation = await db.selectFrom("organisations").select(["parent_id", "currency_code", "credit_used"]).where("id", "=", user.organisation_id).executeTakeFirstOrThrow();
      if (organisation.parent_id === null) throw new ApiError(422, "no_parent", "The head office has no organisation above it to ask for credit.");
      const problems = [
        ...(body.currency !== organisation.currency_code ? [{ field: "currency", message: `Your credit line is in ${organisation.currency_code}` }] : []),
        ...(body.amount > organisation.credit_used ? [{ field: "amount", message: `Your organisation owes ${organisation.credit_used} (minor units of ${organisation.currency_code}); a top-up settles at most that` }] : []),
        ...((await notUploadedBy(db, user.organisation_id, [body.receipt])).length > 0 ? [{ field: "receipt", message: UPLOAD_AGAIN }] : []),
      ];
      if (problems.length > 0) throw new ApiError(400, "validation_failed", `Some fields are not valid: ${problems.map((problem) => problem.field).join(", ")}.`, { errors: problems });
      const created = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto("top_up_requests")
          .values({ organisation_id: user.organisation_id, requested_by: user.users_id, amount: body.amount, currency: body.currency, payment_reference: body.paymentReference, note: body.note, receipt: body.receipt })
          .returning("id")
          .executeTakeFirstOrThrow();
        await audit(trx, user, row.id, {}, body, "create");
        return row;
      });
      return ok(view(await rows().where("top_up_requests.id", "=", created.id).executeTakeFirstOrThrow(), false), "Top-up requested.");
    }),
  );

  app.get("/api/top-up-requests", guard("view"), async (request) => {
    const { scope, status, page, pageSize } = parseQuery(topUpListQuerySchema, request.query);
    const { user } = signedInOf(request);
    const organisations = scope === "mine" ? [user.organisation_id] : await below(user);
    const matching = db
      .selectFrom("top_up_requests")
      .where("organisation_id", "in", [0, ...organisations])
      .$if(status !== undefined, (query) => query.where("status", "=", status!));
    const [found, count] = await Promise.all([
      rows()
        .where("top_up_requests.organisation_id", "in", [0, ...organisations])
        .$if(status !== undefined, (query) => query.where("top_up_requests.status", "=", status!))
        .orderBy("top_up_requests.id", "desc")
        .offset((page - 1) * pageSize)
        .limit(pageSize)
        .execute(),
      matching.select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
    ]);
    const decides = scope === "below" && canEdit(user);
    return { status: 200, data: found.map((row) => view(row, decides)), total: Number(count.count) };
  });

  /** A pending request of an organisation below the caller's, locked for the decision. */
  const pendingBelow = async (trx: Transaction<Database>, belowCaller: readonly number[], id: number) => {
    const row = await trx.selectFrom("top_up_requests").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
    if (!row || !belowCaller.includes(row.organisation_id)) throw new ApiError(404, "top_up_request_not_found", `There is no top-up request ${id} of an organisation below yours.`);
    if (row.status !== "pending") throw new ApiError(409, "top_up_request_decided", `This request was already ${row.status}.`);
    return row;
  };

  const tellRequester = async (id: number) => {
    const row = await db
      .selectFrom("top_up_requests")
      .innerJoin("users", "users.id", "top_up_requests.requested_by")
      .select(["users.email", "top_up_requests.status", "top_up_requests.payment_reference", "top_up_requests.decision_reason"])
      .where("top_up_requests.id", "=", id)
      .executeTakeFirstOrThrow();
    const approved = row.status === "approved";
    await mailer.send({
      to: row.email,
      subject: approved ? `Top-up ${row.payment_reference} approved` : `Top-up ${row.payment_reference} rejected`,
      text: approved
        ? `Your top-up request ${row.payment_reference} was approved: the amount is back in your available credit.`
        : `Your top-up request ${row.payment_reference} was rejected: ${row.decision_reason}`,
    });
  };

  app.post("/api/top-up-requests/:id/approve", guard("edit"), async (request, reply) =>
    runOnce(db, request, reply, `POST /api/top-up-requests/${String((request.params as { id: unknown }).id)}/approve`, async () => {
      const { id } = parseQuery(idParamsSchema, request.params);
      const { user } = signedInOf(request);
      const belowCaller = await below(user);
      await db.transaction().execute(async (trx) => {
        const before = await pendingBelow(trx, belowCaller, id);
        const entry = await moveCreditWithParent(trx, {
          organisationId: before.organisation_id,
          kind: "credit",
          amount: before.amount,
          currency: before.currency,
          userId: user.users_id,
          reason: ledgerReason("topUpApproved", { reference: before.payment_reference }),
        });
        const after = await trx
          .updateTable("top_up_requests")
          .set({ status: "approved", decided_by: user.users_id, decided_at: clock(), ledger_entry_id: entry.id })
          .where("id", "=", id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await audit(trx, user, id, before, after, "update");
      });
      await tellRequester(id);
      return ok(view(await rows().where("top_up_requests.id", "=", id).executeTakeFirstOrThrow(), false), "Top-up approved: the credit moved.");
    }),
  );

  app.post("/api/top-up-requests/:id/reject", guard("edit"), async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    const { reason } = parseBody(topUpRejectBodySchema, request.body);
    const { user } = signedInOf(request);
    const belowCaller = await below(user);
    await db.transaction().execute(async (trx) => {
      const before = await pendingBelow(trx, belowCaller, id);
      const after = await trx
        .updateTable("top_up_requests")
        .set({ status: "rejected", decided_by: user.users_id, decided_at: clock(), decision_reason: reason })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(trx, user, id, before, after, "update");
    });
    await tellRequester(id);
    return ok(view(await rows().where("top_up_requests.id", "=", id).executeTakeFirstOrThrow(), false), "Top-up rejected.");
  });
}
