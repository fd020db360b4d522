import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { idParamsSchema } from "../../src/contract/ids";
import {
  nextLevelOf,
  upgradeListQuerySchema,
  upgradeRejectBodySchema,
  upgradeRequestBodySchema,
  type PartnerLevel,
  type UpgradeRequestView,
  type UpgradeView,
} from "../../src/contract/upgrades";
import type { RouteContext } from "../appContext";
import { ApiError, parseBody, parseQuery } from "../http/apiError";
import { requireHeadOfficeAdmin, requirePermission, signedInOf } from "../http/sessionGuard";
import { organisationPath } from "../organisations/tree";
import { writeAudit } from "../db/auditLog";

/**
 * Upgrades (the `upgrade` section): an organisation sees its partner level, what the next one
 * gives, and asks for it (one request pending at a time); the head office approves (the level
 * changes) or rejects with a reason, mailed to the requester. Levels are the active flight levels
 * its ancestors keep (the partner levels resource).
 */
export function registerUpgradeRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db, clock, requireSession, mailer } = context;
  const headOffice = { preHandler: [requireSession, requireHeadOfficeAdmin(context)] };

  const ladderFor = async (organisationId: number): Promise<PartnerLevel[]> => {
    const path = await organisationPath(db, organisationId);
    const rows = await db
      .selectFrom("partner_levels")
      .select(["id", "code", "name", "rank", "description"])
      .where("kind", "=", "flight")
      .where("status", "=", 1)
      .where((eb) => eb.or([eb("organisation_id", "is", null), eb("organisation_id", "in", [0, ...path])]))
      .orderBy("rank")
      .execute();
    return rows;
  };

  const requests = () =>
    db
      .selectFrom("upgrade_requests")
      .innerJoin("organisations", "organisations.id", "upgrade_requests.organisation_id")
      .innerJoin("users as requester", "requester.id", "upgrade_requests.requested_by")
      .innerJoin("partner_levels as target", "target.id", "upgrade_requests.to_level_id")
      .leftJoin("partner_levels as origin", "origin.id", "upgrade_requests.from_level_id")
      .leftJoin("users as decider", "decider.id", "upgrade_requests.decided_by")
      .select([
        "upgrade_requests.id",
        "upgrade_requests.organisation_id",
        "organisations.name as organisation_name",
        "origin.name as from_name",
        "target.name as to_name",
        "upgrade_requests.note",
        "upgrade_requests.status",
        "requester.username as requested_by",
        "upgrade_requests.created_at",
        "decider.username as decided_by",
        "upgrade_requests.decided_at",
        "upgrade_requests.decision_reason",
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof requests>["executeTakeFirstOrThrow"]>>;
  const view = (row: Row): UpgradeRequestView => ({
    id: row.id,
    organisationId: row.organisation_id,
    organisationName: row.organisation_name,
    from: row.from_name,
    to: row.to_name,
    note: row.note,
    status: row.status,
    requestedBy: row.requested_by,
    createdAt: row.created_at.toISOString(),
    decidedBy: row.decided_by,
    decidedAt: row.decided_at?.toISOString() ?? null,
    decisionReason: row.decision_reason,
  });

  const levelOf = async (organisationId: number) => {
    const organisation = await db.selectFrom("organisations").select(["parent_id", "partner_level_id"]).where("id", "=", organisationId).executeTakeFirstOrThrow();
    const levels = await ladderFor(organisationId);
    const current = levels.find((level) => level.id === organisation.partner_level_id) ?? null;
    return { levels, current, next: organisation.parent_id === null ? null : nextLevelOf(levels, current) };
  };

  app.get("/api/upgrade", { preHandler: [requireSession, requirePermission("upgrade", "view")] }, async (request) => {
    const { user } = signedInOf(request);
    const [{ levels, current, next }, own] = await Promise.all([
      levelOf(user.organisation_id),
      requests().where("upgrade_requests.organisation_id", "=", user.organisation_id).orderBy("upgrade_requests.id", "desc").limit(50).execute(),
    ]);
    const upgrade: UpgradeView = { current, next, levels, requests: own.map(view) };
    return { status: 200, data: upgrade };
  });

  app.post("/api/upgrade-requests", { preHandler: [requireSession, requirePermission("upgrade", "create")] }, async (request) => {
    const { note } = parseBody(upgradeRequestBodySchema, request.body);
    const { user } = signedInOf(request);
    const { current, next } = await levelOf(user.organisation_id);
    if (!next) throw new ApiError(422, "no_next_level", current ? `${current.name} is the highest level.` : "There is no level to ask for.");
    const created = await db
      .insertInto("upgrade_requests")
      .values({ organisation_id: user.organisation_id, requested_by: user.users_id, from_level_id: current?.id ?? null, to_level_id: next.id, note })
      // One pending request per organisation (a partial unique index): a second one inserts nothing.
      .onConflict((conflict) => conflict.column("organisation_id").where(sql<boolean>`status = 'pending'`).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!created) throw new ApiError(409, "upgrade_pending", "Your organisation already has an upgrade request waiting for the head office.");
    return { status: 200, message: "Upgrade requested.", data: view(await requests().where("upgrade_requests.id", "=", created.id).executeTakeFirstOrThrow()) };
  });

  app.get("/api/upgrade-requests", headOffice, async (request) => {
    const { status, page, pageSize } = parseQuery(upgradeListQuerySchema, request.query);
    const [rows, count] = await Promise.all([
      requests()
        .$if(status !== undefined, (query) => query.where("upgrade_requests.status", "=", status!))
        .orderBy("upgrade_requests.id", "desc")
        .offset((page - 1) * pageSize)
        .limit(pageSize)
        .execute(),
      db
        .selectFrom("upgrade_requests")
        .$if(status !== undefined, (query) => query.where("status", "=", status!))
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow(),
    ]);
    return { status: 200, data: rows.map(view), total: Number(count.count) };
  });

  const decide = async (id: number, deciderId: number, decision: { status: "approved" } | { status: "rejected"; reason: string }) => {
    const decided = await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom("upgrade_requests").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
      if (!before) throw new ApiError(404, "upgrade_request_not_found", `There is no upgrade request ${id}.`);
      if (before.status !== "pending") throw new ApiError(409, "upgrade_request_decided", `This request was already ${before.status}.`);
      const after = await trx
        .updateTable("upgrade_requests")
        .set({ status: decision.status, decided_by: deciderId, decided_at: clock(), decision_reason: decision.status === "rejected" ? decision.reason : null })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (decision.status === "approved") await trx.updateTable("organisations").set({ partner_level_id: before.to_level_id }).where("id", "=", before.organisation_id).execute();
      const decider = await trx.selectFrom("users").select("organisation_id").where("id", "=", deciderId).executeTakeFirstOrThrow();
      await writeAudit(trx, { userId: deciderId, organisationId: decider.organisation_id, resource: "upgradeRequests", recordId: id, action: "update", before, after });
      return after;
    });
    const row = await requests().where("upgrade_requests.id", "=", id).executeTakeFirstOrThrow();
    const requester = await db.selectFrom("users").select("email").where("id", "=", decided.requested_by).executeTakeFirstOrThrow();
    await mailer.send({
      to: requester.email,
      subject: decision.status === "approved" ? `Your organisation is now ${row.to_name}` : `Upgrade to ${row.to_name} not granted`,
      text: decision.status === "approved" ? `${row.organisation_name} is now on the ${row.to_name} level.` : `The upgrade of ${row.organisation_name} to ${row.to_name} was not granted: ${decision.reason}`,
    });
    return view(row);
  };

  app.post("/api/upgrade-requests/:id/approve", headOffice, async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    return { status: 200, message: "Upgrade approved: the level changed.", data: await decide(id, signedInOf(request).user.users_id, { status: "approved" }) };
  });

  app.post("/api/upgrade-requests/:id/reject", headOffice, async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    const { reason } = parseBody(upgradeRejectBodySchema, request.body);
    return { status: 200, message: "Upgrade rejected.", data: await decide(id, signedInOf(request).user.users_id, { status: "rejected", reason }) };
  });
}
