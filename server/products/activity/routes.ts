import type { FastifyInstance } from "fastify";
import { activityDetailsRequestSchema, activitySearchRequestSchema, activitySlotRequestSchema } from "../../../src/contract/activities";
import type { RouteContext } from "../../appContext";
import { parseBody } from "../../http/apiError";
import { runOnce } from "../../http/idempotency";
import { requirePermission, signedInOf } from "../../http/sessionGuard";
import { activityAvailability, activityDetails, searchActivities } from "./activityService";

/**
 * Activities (menu section "activities" to shop, "bookings" create to book, once per
 * Idempotency-Key). Cancelling goes through the order calls, which serve every product.
 */
export function registerActivityRoutes(app: FastifyInstance, context: RouteContext): void {
  const shopping = { preHandler: [context.requireSession, context.actForChosenOrganisation, requirePermission("activities", "view")] };
  const booking = { preHandler: [context.requireSession, context.actForChosenOrganisation, requirePermission("bookings", "create")] };

  app.post("/api/activities/search", shopping, async (request) => {
    const body = parseBody(activitySearchRequestSchema, request.body);
    return { status: 200, data: await searchActivities(context, signedInOf(request).user, body) };
  });

  app.post("/api/activities/details", shopping, async (request) => {
    const body = parseBody(activityDetailsRequestSchema, request.body);
    return { status: 200, data: await activityDetails(context, signedInOf(request).user, body) };
  });

  app.post("/api/activities/availability", shopping, async (request) => {
    const body = parseBody(activitySlotRequestSchema, request.body);
    return { status: 200, data: await activityAvailability(context, signedInOf(request).user, body) };
  });

  app.post("/api/activities/book", booking, async (request, reply) =>
    runOnce(context.db, request, reply, "POST /api/activities/book", async () => {
      const key = request.headers["idempotency-key"];
      const order = await context.products.of("activity").book(context, signedInOf(request).user, request.body, typeof key === "string" ? key : null);
      return { status: 200, data: order, message: "Booked and confirmed." };
    }),
  );
}
