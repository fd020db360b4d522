import type { FastifyInstance } from "fastify";
import { organisationSettingsBodySchema } from "../../src/contract/organisationSettings";
import { idParamsSchema } from "../../src/contract/ids";
import type { RouteContext } from "../appContext";
import { writeAudit } from "../db/auditLog";
import { ApiError, parseBody, parseQuery } from "../http/apiError";
import { requireHeadOfficeAdmin, signedInOf } from "../http/sessionGuard";
import { organisationSettingsOf, platformSettingsOf } from "./organisationSettings";

/** GET and PUT /api/organisation-settings/{id}: the head office's administrators set any organisation's, inherited below it. */
export function registerOrganisationSettingsRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db, clock, config } = context;
  const headOffice = { preHandler: [context.requireSession, requireHeadOfficeAdmin(context)] };
  const organisationOf = async (params: unknown) => {
    const { id } = parseQuery(idParamsSchema, params);
    const organisation = await db.selectFrom("organisations").select("id").where("id", "=", id).executeTakeFirst();
    if (!organisation) throw new ApiError(404, "organisation_not_found", `There is no organisation ${id}.`);
    return id;
  };

  app.get("/api/organisation-settings/:id", headOffice, async (request) => ({ status: 200, data: await organisationSettingsOf(db, await organisationOf(request.params), platformSettingsOf(config)) }));

  app.put("/api/organisation-settings/:id", headOffice, async (request) => {
    const id = await organisationOf(request.params);
    const body = parseBody(organisationSettingsBodySchema, request.body);
    const user = signedInOf(request).user;
    const values = { provider_name: body.providerName, default_language: body.defaultLanguage, updated_at: clock(), updated_by: user.users_id };
    await db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom("organisation_settings").selectAll().where("organisation_id", "=", id).executeTakeFirst();
      await trx.insertInto("organisation_settings").values({ organisation_id: id, ...values }).onConflict((conflict) => conflict.column("organisation_id").doUpdateSet(values)).execute();
      await writeAudit(trx, { userId: user.users_id, organisationId: user.organisation_id, resource: "organisationSettings", recordId: id, action: before ? "update" : "create", before: before ?? null, after: body });
    });
    return { status: 200, data: await organisationSettingsOf(db, id, platformSettingsOf(config)), message: "Settings saved: the organisations below that leave them empty inherit them." };
  });
}
