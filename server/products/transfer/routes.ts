import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { idParamsSchema } from "../../../src/contract/ids";
import {
  beneficiaryRequestSchema,
  dmtBrandsQuerySchema,
  quoteRequestSchema,
  remitterListQuerySchema,
  remitterRequestSchema,
  screeningDecisionSchema,
  transferListQuerySchema,
} from "../../../src/contract/moneyTransfer";
import type { RouteContext } from "../../appContext";
import { parseBody, parseQuery } from "../../http/apiError";
import { runOnce } from "../../http/idempotency";
import { requirePermission, signedInOf } from "../../http/sessionGuard";
import {
  brandsFor,
  cancelTransfer,
  createBeneficiary,
  createRemitter,
  followPartnerWebhook,
  listBeneficiaries,
  listRemitters,
  listTransfers,
  quoteTransfer,
  readRemitter,
  readTransfer,
  reviewScreening,
  updateRemitter,
} from "./transferService";

const screeningParamsSchema = z.object({ kind: z.enum(["remitters", "beneficiaries"]), id: z.coerce.number().int().positive() });
const webhookParamsSchema = z.object({ supplier: z.string().regex(/^[a-z0-9-]{2,40}$/) });
const cancelRequestSchema = z.object({ reason: z.string().trim().max(300).default("") });

/**
 * Money transfer (menu section `dmt`): the brands an organisation sells (the spec's two calls),
 * remitters and their beneficiaries, quotes, transfers (sent once per Idempotency-Key) and their
 * cancellation, and the head office's screening decisions. Permission "dmt": view to read,
 * create to register people, quote and send, edit to cancel and review.
 */
export function registerTransferRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db, requireSession } = context;
  const guard = (action: "view" | "create" | "edit") => ({ preHandler: [requireSession, requirePermission("dmt", action)] });

  app.get("/api/dmt/fetchDmtBrands", guard("view"), async (request) => {
    const data = await brandsFor(context, signedInOf(request).user, parseQuery(dmtBrandsQuerySchema, request.query));
    return { status: 200, data, total: data.length };
  });

  app.post("/api/getDmtBrands", guard("view"), async (request) => {
    const data = await brandsFor(context, signedInOf(request).user, parseBody(dmtBrandsQuerySchema, request.body ?? {}));
    return { status: 200, data, total: data.length };
  });

  app.get("/api/dmt/remitters", guard("view"), async (request) => {
    const { search } = parseQuery(remitterListQuerySchema, request.query);
    const data = await listRemitters(context, signedInOf(request).user, search);
    return { status: 200, data, total: data.length };
  });

  app.post("/api/dmt/remitters", guard("create"), async (request) => ({
    status: 200,
    data: await createRemitter(context, signedInOf(request).user, parseBody(remitterRequestSchema, request.body)),
    message: "Remitter registered.",
  }));

  app.get("/api/dmt/remitters/:id", guard("view"), async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    return { status: 200, data: await readRemitter(context, signedInOf(request).user, id) };
  });

  app.put("/api/dmt/remitters/:id", guard("create"), async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    return { status: 200, data: await updateRemitter(context, signedInOf(request).user, id, parseBody(remitterRequestSchema, request.body)), message: "Remitter updated." };
  });

  app.get("/api/dmt/remitters/:id/beneficiaries", guard("view"), async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    const data = await listBeneficiaries(context, signedInOf(request).user, id);
    return { status: 200, data, total: data.length };
  });

  app.post("/api/dmt/remitters/:id/beneficiaries", guard("create"), async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    return { status: 200, data: await createBeneficiary(context, signedInOf(request).user, id, parseBody(beneficiaryRequestSchema, request.body)), message: "Beneficiary added." };
  });

  app.post("/api/dmt/screening/:kind/:id", guard("edit"), async (request) => {
    const { kind, id } = parseQuery(screeningParamsSchema, request.params);
    const { decision } = parseBody(screeningDecisionSchema, request.body);
    await reviewScreening(context, signedInOf(request).user, kind, id, decision);
    return { status: 200, message: decision === "clear" ? "Cleared: transfers may go ahead." : "Blocked." };
  });

  app.post("/api/dmt/quotes", guard("create"), async (request) => ({
    status: 200,
    data: await quoteTransfer(context, signedInOf(request).user, parseBody(quoteRequestSchema, request.body)),
  }));

  app.post("/api/dmt/transfers", guard("create"), async (request, reply) =>
    runOnce(db, request, reply, "POST /api/dmt/transfers", async () => {
      const key = request.headers["idempotency-key"];
      const order = await context.products.of("transfer").book(context, signedInOf(request).user, request.body, typeof key === "string" ? key : null);
      return { status: 200, data: order, message: "Transfer sent." };
    }),
  );

  app.get("/api/dmt/transfers", guard("view"), async (request) => {
    const data = await listTransfers(context, signedInOf(request).user, parseQuery(transferListQuerySchema, request.query));
    return { status: 200, data, total: data.length };
  });

  app.get("/api/dmt/transfers/:id", guard("view"), async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    return { status: 200, data: await readTransfer(context, signedInOf(request).user, id) };
  });

  // Wise signs the body as sent: this route reads it as text, in a scope of its own, and checks the signature before parsing it.
  app.register(async (scoped) => {
    scoped.removeContentTypeParser("application/json");
    scoped.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));
    scoped.post("/api/dmt/webhooks/wise/:supplier", { config: { xsrf: false } }, async (request) => {
      const { supplier } = parseQuery(webhookParamsSchema, request.params);
      const signature = request.headers["x-signature-sha256"];
      const moved = await followPartnerWebhook(context, supplier, typeof request.body === "string" ? request.body : "", typeof signature === "string" ? signature : undefined);
      return { status: 200, message: moved ? "Transfer followed." : "Noted." };
    });
  });

  app.post("/api/dmt/transfers/:id/cancel", guard("edit"), async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    const { reason } = parseBody(cancelRequestSchema, request.body ?? {});
    return { status: 200, data: await cancelTransfer(context, signedInOf(request).user, id, reason), message: "Transfer cancelled: the amount and fee are back on the agency's credit." };
  });
}
