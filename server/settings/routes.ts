import type { FastifyInstance } from "fastify";
import { PAYMENT_METHODS, availablePayOptions } from "../../src/config/paymentMethods";
import { currencyDecimals } from "../../src/lib/currencyDecimals";
import type { RouteContext } from "../appContext";
import { ApiError, parseQuery } from "../http/apiError";
import { signedInOf } from "../http/sessionGuard";
import { idParamsSchema } from "../../src/contract/ids";
import { creditStanding } from "../../src/contract/credit";
import { ancillaryCatalogueFor } from "./ancillaryCatalogue";
import { acceptTerms, termsStandingOf } from "./terms";
import { termsAcceptQuerySchema } from "../../src/contract/terms";
import { RFIC_CODES } from "../../src/contract/rfic";



/**
 * Settings and small reference calls of the spec: the caller's settings, the tour-guide and
 * terms-and-conditions flags (each user reads and finishes only their own: another id is 404),
 * RFIC codes, FOP codes and the ancillary service catalogue (a declared resource, read here as the caller's agents see it).
 */
export function registerSettingsRoutes(app: FastifyInstance, { db, requireSession, clock }: RouteContext): void {
  // The caller's package: their organisation, its credit line and pay options, its people, and what the user may open.
  app.get("/api/user_package_details", { preHandler: requireSession }, async (request) => {
    const user = signedInOf(request).user;
    const organisation = await db
      .selectFrom("organisations")
      .select(["id", "name", "type", "hierarchy_level", "currency_code", "credit_limit", "credit_used", "pay_options"])
      .where("id", "=", user.organisation_id)
      .executeTakeFirstOrThrow();
    const people = await db
      .selectFrom("users")
      .select([(eb) => eb.fn.countAll<string>().as("users"), (eb) => eb.fn.count<string>("id").filterWhere("agent", "=", true).as("agents")])
      .where("organisation_id", "=", organisation.id)
      .executeTakeFirstOrThrow();
    return {
      status: 200,
      data: {
        organisation: { id: organisation.id, name: organisation.name, type: organisation.type, hierarchyLevel: organisation.hierarchy_level },
        credit: creditStanding(organisation, user.unlimited_creditlimit),
        payOptions: availablePayOptions(organisation.pay_options),
        people: { users: Number(people.users), agents: Number(people.agents) },
        sections: user.permissions.filter((permission) => permission.view).map((permission) => permission.menu),
        quotingTool: user.permissions.some((permission) => permission.quoting_tool === true),
      },
    };
  });

  const signedIn = { preHandler: requireSession };

  app.post("/api/get-settings", signedIn, async (request) => {
    const user = signedInOf(request).user;
    const organisation = await db.selectFrom("organisations").select(["id", "name", "currency_code", "pay_options", "domain"]).where("id", "=", user.organisation_id).executeTakeFirstOrThrow();
    return {
      status: 200,
      data: {
        organisationId: organisation.id,
        organisationName: organisation.name,
        currency: { code: organisation.currency_code, decimal: currencyDecimals(organisation.currency_code) },
        payOptions: availablePayOptions(organisation.pay_options),
        domain: organisation.domain,
        languages: user.languages.split(",").filter((language) => language !== ""),
        unlimitedCredit: user.unlimited_creditlimit,
      },
    };
  });

  const ownUser = (request: Parameters<typeof signedInOf>[0]) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    if (id !== signedInOf(request).user.users_id) throw new ApiError(404, "user_not_found", `There is no user ${id} for you.`);
    return id;
  };
  const flagOf = async (id: number) => db.selectFrom("users").select("tour_guide_finished_at").where("id", "=", id).executeTakeFirstOrThrow();

  app.get("/api/get-tour-guide-value/:id", signedIn, async (request) => {
    const flags = await flagOf(ownUser(request));
    return { status: 200, data: { finished: flags.tour_guide_finished_at !== null, finishedAt: flags.tour_guide_finished_at?.toISOString() ?? null } };
  });
  app.get("/api/finish-tour-guide/:id", signedIn, async (request) => {
    const id = ownUser(request);
    await db.updateTable("users").set({ tour_guide_finished_at: clock() }).where("id", "=", id).where("tour_guide_finished_at", "is", null).execute();
    return { status: 200, data: { finished: true }, message: "Tour guide finished." };
  });
  app.get("/api/get-term-condition-value/:id", signedIn, async (request) => ({ status: 200, data: await termsStandingOf(db, ownUser(request)) }));
  app.get("/api/finish-term-condition/:id", signedIn, async (request) => {
    const id = ownUser(request);
    const version = await acceptTerms(db, id, parseQuery(termsAcceptQuerySchema, request.query).version, clock());
    return { status: 200, data: { accepted: true, version }, message: `Version ${version} of the terms and conditions accepted.` };
  });

  app.get("/api/get-rfic-list", signedIn, async () => ({ status: 200, data: RFIC_CODES }));

  app.get("/api/get-fop-code/:id", signedIn, async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    const method = PAYMENT_METHODS.find((candidate) => candidate.id === id);
    if (!method) throw new ApiError(404, "fop_not_found", `There is no form of payment ${id}.`);
    return { status: 200, data: method };
  });

  app.get("/api/ancillaries-service-list", signedIn, async (request) => ({ status: 200, data: await ancillaryCatalogueFor(db, signedInOf(request).user) }));
}
