import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { idParamsSchema } from "../../../src/contract/ids";
import { visaApplicationListQuerySchema, visaMoveRequestSchema, visaProductQuerySchema, type VisaProductOffer } from "../../../src/contract/visas";
import { visaProducts } from "../../../src/resources/visaProducts";
import type { RouteContext } from "../../appContext";
import { parseBody, parseQuery } from "../../http/apiError";
import { runOnce } from "../../http/idempotency";
import { requirePermission, signedInOf } from "../../http/sessionGuard";
import { reachOf, readableRows } from "../../resources/tenancy";
import { listApplications, moveApplication, readApplication, visaDocumentOf, type VisaProductRow } from "./visaService";

/**
 * Visas: the products an agency may sell (its own and those published above it), applications
 * (paid on submission, once per Idempotency-Key), their moves (the agency's, and the head
 * office's visa desk's) and the approved visa. Permission "bookings": view to read, create to
 * apply, edit to move.
 */
export function registerVisaRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db, requireSession } = context;
  const guard = (action: "view" | "create" | "edit") => ({ preHandler: [requireSession, requirePermission("bookings", action)] });
  // The products offered and the application speak for the organisation booked for (X-Booking-For).
  const shopping = (action: "view" | "create") => ({ preHandler: [requireSession, context.actForChosenOrganisation, requirePermission("bookings", action)] });

  app.get("/api/visas/products", shopping("view"), async (request) => {
    const { country, nationality } = parseQuery(visaProductQuerySchema, request.query);
    const reach = await reachOf(db, signedInOf(request).user);
    const rows = await sql<VisaProductRow & { code: string; entries: string; validity_days: number }>`
      select * from visa_products where status = 1 and ${readableRows(visaProducts, reach)}
        ${country ? sql`and country = ${country}` : sql``}
        ${nationality ? sql`and eligible_nationalities @> ${JSON.stringify([nationality])}::jsonb` : sql``}
      order by country, name`.execute(db);
    const data = rows.rows.map((row): VisaProductOffer => ({
      id: row.id,
      code: row.code,
      name: row.name,
      country: row.country.trim(),
      visaType: row.visa_type as VisaProductOffer["visaType"],
      eligibleNationalities: row.eligible_nationalities,
      entries: row.entries as VisaProductOffer["entries"],
      validityDays: row.validity_days,
      stayDays: row.stay_days,
      processingDays: row.processing_days,
      requiredDocuments: row.required_documents,
      price: { amount: Number(row.price), currency: row.currency },
      fees: { amount: Number(row.fees), currency: row.currency },
    }));
    return { status: 200, data, total: data.length };
  });

  app.post("/api/visas/applications", shopping("create"), async (request, reply) =>
    runOnce(db, request, reply, "POST /api/visas/applications", async () => {
      const key = request.headers["idempotency-key"];
      const order = await context.products.of("visa").book(context, signedInOf(request).user, request.body, typeof key === "string" ? key : null);
      return { status: 200, data: order, message: "Visa application submitted." };
    }),
  );

  app.get("/api/visas/applications", guard("view"), async (request) => {
    const { state, orderId } = parseQuery(visaApplicationListQuerySchema, request.query);
    const data = await listApplications(context, signedInOf(request).user, { state, orderId });
    return { status: 200, data, total: data.length };
  });

  app.get("/api/visas/applications/:id", guard("view"), async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    return { status: 200, data: await readApplication(context, signedInOf(request).user, id) };
  });

  app.post("/api/visas/applications/:id/move", guard("edit"), async (request, reply) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    return runOnce(db, request, reply, `POST /api/visas/applications/${id}/move`, async () => {
      const body = parseBody(visaMoveRequestSchema, request.body);
      const documents = body.documents && Object.fromEntries(Object.entries(body.documents).map(([index, files]) => [Number(index), files]));
      return { status: 200, data: await moveApplication(context, signedInOf(request).user, id, { ...body, documents }) };
    });
  });

  app.get("/api/visas/applications/:id/visa", guard("view"), async (request, reply) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    const bytes = await visaDocumentOf(context, signedInOf(request).user, id);
    return reply.type("application/pdf").header("content-disposition", `attachment; filename="visa-${id}.pdf"`).header("cache-control", "private, no-store").send(bytes);
  });
}
