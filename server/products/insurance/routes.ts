import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { itemParamsSchema } from "../../../src/contract/ids";
import { insurancePlanCodeSchema, insuranceQuoteRequestSchema, policyChangeConfirmSchema, policyChangeRequestSchema } from "../../../src/contract/insurance";
import type { RouteContext } from "../../appContext";
import { parseBody, parseQuery } from "../../http/apiError";
import { runOnce } from "../../http/idempotency";
import { requirePermission, signedInOf } from "../../http/sessionGuard";
import { findOrder } from "../../orders/orderService";
import { planCountries, quoteInsurance } from "./insuranceService";
import { changePolicy, quotePolicyChange } from "./policyChange";

const planParamsSchema = z.object({ id: z.union([insurancePlanCodeSchema, z.literal("All")]) });

/**
 * Travel insurance (permission "search" to quote, "bookings" create to buy, once per
 * Idempotency-Key). A policy bought with a flight or a hotel goes with that booking's request;
 * cancelling goes through the order calls, which serve every product (server/orders/routes.ts).
 * An issued policy's dates and insured are changed ("bookings" edit) by pricing the change, then
 * confirming it once (Idempotency-Key), whether it was sold alone or with a booking.
 */
export function registerInsuranceRoutes(app: FastifyInstance, context: RouteContext): void {
  const searching = { preHandler: [context.requireSession, context.actForChosenOrganisation, requirePermission("search", "view")] };
  const booking = { preHandler: [context.requireSession, context.actForChosenOrganisation, requirePermission("bookings", "create")] };
  const servicing = { preHandler: [context.requireSession, context.actForChosenOrganisation, requirePermission("bookings", "edit")] };

  // The spec's call: the countries an insurance plan covers for the caller's agency ("All": every country some plan covers).
  app.get("/api/getIns-country/:id", { preHandler: context.requireSession }, async (request) => {
    const { id } = parseQuery(planParamsSchema, request.params);
    const countries = await context.db.selectFrom("countries").select(["id", "code", "name"]).orderBy("name").execute();
    const codes = countries.map((country) => country.code);
    const user = signedInOf(request).user;
    const covered = await planCountries(context, user, id === "All" ? insurancePlanCodeSchema.options : [id], codes);
    const data = countries.filter((country) => covered.has(country.code));
    return { status: 200, data, total: data.length };
  });

  app.post("/api/insurance/quote", searching, async (request) => {
    const body = parseBody(insuranceQuoteRequestSchema, request.body);
    return { status: 200, data: await quoteInsurance(context, signedInOf(request).user, body) };
  });

  app.post("/api/insurance/book", booking, async (request, reply) =>
    runOnce(context.db, request, reply, "POST /api/insurance/book", async () => {
      const key = request.headers["idempotency-key"];
      const order = await context.products.of("insurance").book(context, signedInOf(request).user, request.body, typeof key === "string" ? key : null);
      return { status: 200, data: order, message: "Policy issued." };
    }),
  );

  app.post("/api/orders/:id/items/:itemId/policy-change-quote", servicing, async (request) => {
    const { id, itemId } = parseQuery(itemParamsSchema, request.params);
    const body = parseBody(policyChangeRequestSchema, request.body);
    const user = signedInOf(request).user;
    return { status: 200, data: await quotePolicyChange(context, user, await findOrder(context, user, id), itemId, body) };
  });

  app.post("/api/orders/:id/items/:itemId/policy-change", servicing, async (request, reply) => {
    const { id, itemId } = parseQuery(itemParamsSchema, request.params);
    return runOnce(context.db, request, reply, `POST /api/orders/${id}/items/${itemId}/policy-change`, async () => {
      const body = parseBody(policyChangeConfirmSchema, request.body);
      const user = signedInOf(request).user;
      return { status: 200, data: await changePolicy(context, user, await findOrder(context, user, id), itemId, body), message: "Policy changed." };
    });
  });
}
