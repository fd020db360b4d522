import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { hotelRatesRequestSchema, hotelRecheckRequestSchema, hotelSearchRequestSchema } from "../../../src/contract/hotels";
import type { RouteContext } from "../../appContext";
import { parseBody, parseQuery } from "../../http/apiError";
import { runOnce } from "../../http/idempotency";
import { requirePermission, signedInOf } from "../../http/sessionGuard";
import { findDestinations, hotelRates, prepareDestinationLookUp, recheckRates, searchHotels } from "./hotelService";

const destinationQuerySchema = z.object({ q: z.string().trim().min(1).max(60), limit: z.coerce.number<string>().int().min(1).max(30).default(10) });

/**
 * Hotels (permission "search" to shop, "bookings" create to book, once per Idempotency-Key).
 * Servicing a booked hotel (confirm a hold, cancel quote, cancel) goes through the order calls,
 * which serve every product (server/orders/routes.ts).
 */
export function registerHotelRoutes(app: FastifyInstance, context: RouteContext): void {
  const searching = { preHandler: [context.requireSession, context.actForChosenOrganisation, requirePermission("search", "view")] };
  const booking = { preHandler: [context.requireSession, context.actForChosenOrganisation, requirePermission("bookings", "create")] };

  // Once the server listens, not before: the start is not delayed, and the first agent typing a city is not either.
  app.addHook("onListen", (done) => {
    prepareDestinationLookUp(context);
    done();
  });

  app.get("/api/hotels/destinations", searching, async (request) => {
    const { q, limit } = parseQuery(destinationQuerySchema, request.query);
    return { status: 200, data: await findDestinations(context, signedInOf(request).user, q, limit) };
  });

  app.post("/api/hotels/search", searching, async (request) => {
    const body = parseBody(hotelSearchRequestSchema, request.body);
    return { status: 200, data: await searchHotels(context, signedInOf(request).user, body) };
  });

  app.post("/api/hotels/rates", searching, async (request) => {
    const body = parseBody(hotelRatesRequestSchema, request.body);
    return { status: 200, data: await hotelRates(context, signedInOf(request).user, body) };
  });

  app.post("/api/hotels/recheck", searching, async (request) => {
    const { supplierId, rateKeys, expectedTotal } = parseBody(hotelRecheckRequestSchema, request.body);
    const { rates, total, priceChanged } = await recheckRates(context, signedInOf(request).user, supplierId, rateKeys, expectedTotal);
    return { status: 200, data: { rates, total, priceChanged } };
  });

  app.post("/api/hotels/book", booking, async (request, reply) =>
    runOnce(context.db, request, reply, "POST /api/hotels/book", async () => {
      const key = request.headers["idempotency-key"];
      const order = await context.products.of("hotel").book(context, signedInOf(request).user, request.body, typeof key === "string" ? key : null);
      return { status: 200, data: order, message: order.status === "hold" ? "Booked and held." : "Booked and confirmed." };
    }),
  );
}
