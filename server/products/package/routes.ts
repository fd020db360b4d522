import type { FastifyInstance } from "fastify";
import { idParamsSchema } from "../../../src/contract/ids";
import { packageSearchQuerySchema } from "../../../src/contract/packages";
import type { RouteContext } from "../../appContext";
import { parseQuery } from "../../http/apiError";
import { runOnce } from "../../http/idempotency";
import { requirePermission, signedInOf } from "../../http/sessionGuard";
import { packageManifest, readPackage, searchPackages } from "./packageService";

/**
 * Hajj, Umrah and ziarat packages: browsing ("search" view), booking for a group ("bookings"
 * create, once per Idempotency-Key), and the manifest of everyone booked ("setup-configuration"
 * view: the head office and the package's owner). Cancelling goes through the order calls.
 */
export function registerPackageRoutes(app: FastifyInstance, context: RouteContext): void {
  const { requireSession } = context;
  const searching = { preHandler: [requireSession, context.actForChosenOrganisation, requirePermission("search", "view")] };

  app.get("/api/packages/offered", searching, async (request) => {
    const query = parseQuery(packageSearchQuerySchema, request.query);
    const { packages, total } = await searchPackages(context, signedInOf(request).user, query);
    return { status: 200, data: packages, total };
  });

  app.get("/api/packages/offered/:id", searching, async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    return { status: 200, data: await readPackage(context, signedInOf(request).user, id) };
  });

  app.post("/api/packages/book", { preHandler: [requireSession, context.actForChosenOrganisation, requirePermission("bookings", "create")] }, async (request, reply) =>
    runOnce(context.db, request, reply, "POST /api/packages/book", async () => {
      const key = request.headers["idempotency-key"];
      const order = await context.products.of("package").book(context, signedInOf(request).user, request.body, typeof key === "string" ? key : null);
      return { status: 200, data: order, message: "Package booked." };
    }),
  );

  app.get("/api/packages/:id/manifest", { preHandler: [requireSession, requirePermission("setup-configuration", "view")] }, async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    return { status: 200, data: await packageManifest(context, signedInOf(request).user, id) };
  });
}
