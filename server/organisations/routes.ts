import type { FastifyInstance, FastifyRequest } from "fastify";
import { agentsQuerySchema, approvalQuerySchema, brandBodySchema, fetchPosBodySchema } from "../../src/contract/administration";
import { bulkUploadRequestSchema } from "../../src/contract/flights";
import { ApiError, parseBody, parseQuery, sheetRejected } from "../http/apiError";
import { readPosWorkbook } from "./posWorkbook";
import { bookedItemsOf } from "../orders/bookings";
import type { MenuSection } from "../../src/contract/menu";
import type { OrganisationNode } from "../../src/contract/organisationTree";
import type { RouteContext } from "../appContext";
import { requirePermission, signedInOf } from "../http/sessionGuard";
import { rulesForOrganisation } from "../payments/paymentRules";
import { forgetReaches } from "../resources/tenancy";
import { unbackedCreditLimit } from "./creditBacking";
import { organisationPath, organisationSubtree } from "./tree";
import { idParamsSchema } from "../../src/contract/ids";
import { writeAudit } from "../db/auditLog";

/**
 * The spec's /api/get-organization-list: the organisations a signed-in user may pick (their
 * own and everything below it).
 */
export function registerOrganisationRoutes(app: FastifyInstance, { db, requireSession }: RouteContext): void {
  const list = async (organisationId: number) => {
    const subtree = await organisationSubtree(db, organisationId);
    const rows = await db
      .selectFrom("organisations")
      .select(["id", "name", "type", "parent_id", "hierarchy_level", "currency_code"])
      .where("id", "in", subtree)
      .orderBy("hierarchy_level")
      .orderBy("name")
      .execute();
    const data = rows.map((row) => ({ id: row.id, name: row.name, type: row.type, parentId: row.parent_id, hierarchyLevel: row.hierarchy_level, currencyCode: row.currency_code }));
    return { status: 200, data, total: data.length };
  };
  app.get("/api/get-organization-list", { preHandler: requireSession }, async (request) => list(signedInOf(request).user.organisation_id));
}


const CREDIT_SECTIONS: readonly MenuSection[] = ["pos", "accounts", "point-sales-management"];

/**
 * The spec's organisation calls: hierarchy, branches, points of sale, agents and staff, each
 * limited to the caller's subtree (another id is 404); and the POS Excel upload, which creates
 * every row's organisation or none.
 */
export function registerHierarchyRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db, requireSession } = context;
  const reachable = async (request: FastifyRequest) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    const subtree = await organisationSubtree(db, signedInOf(request).user.organisation_id);
    if (!subtree.includes(id)) throw new ApiError(404, "organisation_not_found", `There is no organisation ${id}.`);
    return { id, subtree };
  };

  app.get("/api/get-organization-hierarchy/:id", { preHandler: requireSession }, async (request) => {
    const { id } = await reachable(request);
    const ids = await organisationSubtree(db, id);
    const now = context.clock();
    const [rows, users, bookings] = await Promise.all([
      db
        .selectFrom("organisations")
        .select(["id", "name", "type", "parent_id", "hierarchy_level", "currency_code", "credit_limit", "credit_used"])
        .where("id", "in", [0, ...ids])
        .orderBy("name")
        .execute(),
      db.selectFrom("users").select((eb) => ["organisation_id", eb.fn.countAll<number>().as("count")]).where("organisation_id", "in", [0, ...ids]).groupBy("organisation_id").execute(),
      bookedItemsOf(db, ids)
        .select((eb) => ["orders.organisation_id", eb.fn.countAll<number>().as("count")])
        .where("orders.created_at", ">=", new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)))
        .groupBy("orders.organisation_id")
        .execute(),
    ]);
    const countOf = (counts: readonly { organisation_id: number; count: unknown }[]) => new Map(counts.map((row) => [row.organisation_id, Number(row.count)]));
    const [usersOf, bookingsOf] = [countOf(users), countOf(bookings)];
    // Credit lines are for those who manage them.
    const { user } = signedInOf(request);
    const seesCredit = user.permissions.some((permission) => CREDIT_SECTIONS.includes(permission.menu) && permission.view);
    const nodes = new Map<number, OrganisationNode>(
      rows.map((row) => [
        row.id,
        {
          id: row.id,
          name: row.name,
          type: row.type,
          hierarchyLevel: row.hierarchy_level,
          currency: row.currency_code,
          creditLimit: seesCredit ? Number(row.credit_limit) : null,
          creditUsed: seesCredit ? Number(row.credit_used) : null,
          creditUnlimited: seesCredit && row.id === user.organisation_id && user.unlimited_creditlimit,
          users: usersOf.get(row.id) ?? 0,
          bookingsThisMonth: bookingsOf.get(row.id) ?? 0,
          children: [],
        },
      ]),
    );
    for (const row of rows) if (row.id !== id && row.parent_id !== null) nodes.get(row.parent_id)?.children.push(nodes.get(row.id)!);
    return { status: 200, data: nodes.get(id) };
  });

  // The organisations under {id} by approval status: what the head office still has to decide.
  app.get("/api/get-organization-hierarchy-by-approval/:id", { preHandler: requireSession }, async (request) => {
    const { id } = await reachable(request);
    const { status } = parseQuery(approvalQuerySchema, request.query);
    let query = db
      .selectFrom("organisations")
      .select(["id", "name", "type", "parent_id", "hierarchy_level", "approval_status"])
      .where("id", "in", await organisationSubtree(db, id))
      .orderBy("hierarchy_level")
      .orderBy("name");
    if (status) query = query.where("approval_status", "=", status);
    const rows = await query.execute();
    const data = rows.map((row) => ({ id: row.id, name: row.name, type: row.type, parentId: row.parent_id, hierarchyLevel: row.hierarchy_level, approvalStatus: row.approval_status }));
    return { status: 200, data, total: data.length };
  });

  const children = async (request: FastifyRequest, type?: string) => {
    const { id } = await reachable(request);
    let query = db.selectFrom("organisations").select(["id", "name", "type", "hierarchy_level", "currency_code"]).where("parent_id", "=", id).orderBy("name");
    if (type) query = query.where("type", "=", type as "CR");
    const rows = await query.execute();
    return { status: 200, data: rows.map((row) => ({ id: row.id, name: row.name, type: row.type, hierarchyLevel: row.hierarchy_level, currencyCode: row.currency_code })) };
  };
  app.get("/api/organization/branches/:id", { preHandler: requireSession }, async (request) => children(request));
  app.get("/api/pos/fetch-pos/:id", { preHandler: requireSession }, async (request) => children(request, "CR"));

  const people = async (subtree: readonly number[], agent: boolean) =>
    db
      .selectFrom("users")
      .innerJoin("organisations", "organisations.id", "users.organisation_id")
      .select(["users.id", "users.username", "users.email", "users.agent_code", "users.status", "users.organisation_id", "organisations.name as organisation_name"])
      .where("users.organisation_id", "in", [0, ...subtree])
      .where("users.agent", "=", agent)
      .orderBy("users.username")
      .execute();

  // organisationId narrows the list to one organisation of the subtree (the booking-for picker's agents).
  app.get("/api/get-agents-list", { preHandler: requireSession }, async (request) => {
    const { organisationId } = parseQuery(agentsQuerySchema, request.query);
    const subtree = await organisationSubtree(db, signedInOf(request).user.organisation_id);
    if (organisationId !== undefined && !subtree.includes(organisationId)) throw new ApiError(404, "organisation_not_found", `There is no organisation ${organisationId}.`);
    return { status: 200, data: await people(organisationId === undefined ? subtree : [organisationId], true) };
  });
  app.get("/api/get-staff-profile-list/:id", { preHandler: requireSession }, async (request) => {
    const { id } = await reachable(request);
    return { status: 200, data: await people([id], false) };
  });
  // The payment-method rules a brand's sales fall under, deciding rule first.
  app.post("/api/getFopRuleByBrandId", { preHandler: requireSession }, async (request) => {
    const { brandId } = parseBody(brandBodySchema, request.body);
    const subtree = await organisationSubtree(db, signedInOf(request).user.organisation_id);
    if (!subtree.includes(brandId)) throw new ApiError(404, "organisation_not_found", `There is no organisation ${brandId}.`);
    const { fop } = context.paymentRules.current();
    const rules = rulesForOrganisation(fop, await organisationPath(db, brandId), context.clock().toISOString().slice(0, 10));
    return { status: 200, data: rules, total: rules.length };
  });
  // Self agents: the agents of the caller's own organisation, not of those below it.
  app.get("/api/get-self-agent-list", { preHandler: requireSession }, async (request) => ({
    status: 200,
    data: await people([signedInOf(request).user.organisation_id], true),
  }));
  // The agents a transaction can be made for: of one organisation of the subtree, or of all of it.
  app.post("/api/pos/fetch-pos", { preHandler: requireSession }, async (request) => {
    const { id } = parseBody(fetchPosBodySchema, request.body ?? {});
    const subtree = await organisationSubtree(db, signedInOf(request).user.organisation_id);
    if (id !== undefined && !subtree.includes(id)) throw new ApiError(404, "organisation_not_found", `There is no organisation ${id}.`);
    return { status: 200, data: await people(id === undefined ? subtree : [id], true) };
  });

  app.post(
    "/api/pos/upload-Exel-aws",
    { bodyLimit: 12 * 1024 * 1024, preHandler: [requireSession, requirePermission("point-sales-management", "create")] },
    async (request) => {
      const { b64 } = parseBody(bulkUploadRequestSchema, request.body);
      const user = signedInOf(request).user;
      const { rows, errors } = await readPosWorkbook(Buffer.from(b64, "base64"));
      const subtree = await organisationSubtree(db, user.organisation_id);
      for (const [index, row] of rows.entries()) {
        if (!subtree.includes(Number(row.parentId))) {
          errors.push({ row: index + 2, column: "parentId", message: `Organisation ${String(row.parentId)} is not one of yours.` });
          continue;
        }
        const unbacked = await unbackedCreditLimit(db, Number(row.parentId), Number(row.creditLimit ?? 0), user);
        if (unbacked) errors.push({ row: index + 2, column: "creditLimit", message: unbacked });
      }
      if (errors.length > 0) {
        throw sheetRejected(errors);
      }
      const created = await db.transaction().execute(async (trx) => {
        const ids: number[] = [];
        for (const row of rows) {
          const parent = await trx.selectFrom("organisations").select("hierarchy_level").where("id", "=", Number(row.parentId)).executeTakeFirstOrThrow();
          const inserted = await trx
            .insertInto("organisations")
            .values({
              name: String(row.name),
              type: row.type as "CR",
              parent_id: Number(row.parentId),
              hierarchy_level: parent.hierarchy_level + 1,
              currency_code: String(row.currencyCode),
              credit_limit: Number(row.creditLimit ?? 0),
              pay_options: (row.payOptions as number[]).join(","),
              office_id: (row.officeId as string | null) ?? null,
            })
            .returning("id")
            .executeTakeFirstOrThrow();
          await writeAudit(trx, { userId: user.users_id, organisationId: user.organisation_id, resource: "organisations", recordId: inserted.id, action: "create", after: { ...row, id: inserted.id, source: "pos-upload" } });
          ids.push(inserted.id);
        }
        return ids;
      });
      forgetReaches(db);
      return { status: 200, data: { imported: created.length, ids: created }, message: `${created.length} points of sale imported.` };
    },
  );
}
