import type { FastifyInstance } from "fastify";
import type { RouteContext } from "../appContext";
import { signedInOf } from "../http/sessionGuard";
import { organisationSubtree } from "./tree";

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
