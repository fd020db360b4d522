import type { FastifyInstance } from "fastify";
import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import { bulkUploadRequestSchema, priceSimulationRequestSchema } from "../../src/contract/flights";
import { markupRuleBodySchema, type MarkupRuleBody } from "../../src/contract/markup";
import type { SessionUser } from "../../src/contract/auth";
import type { RouteContext } from "../appContext";
import type { Database } from "../db/schema";
import { ApiError, parseBody, parseQuery } from "../http/apiError";
import { requirePermission, signedInOf } from "../http/sessionGuard";
import { isInSubtree } from "../organisations/tree";
import { createOfferPricer } from "../pricing/priceOffer";
import { readMarkupWorkbook } from "./markupWorkbook";
import { activeSuppliersFor, adapterFor, callSupplier, pricingContextFor, SEARCH_TIMEOUT_MS } from "./shoppingService";
import { fanOut } from "../suppliers/fanOut";

const MENU = "setup-configuration";

const listQuerySchema = z.object({
  page: z.coerce.number<string>().int().min(1).default(1),
  pageSize: z.coerce.number<string>().int().min(1).max(200).default(20),
  layer: z.enum(["supplier", "agency"]).optional(),
  status: z.enum(["0", "1"]).optional(),
  name: z.string().optional(),
});

const idParamsSchema = z.object({ id: z.coerce.number<string>().int().positive() });

type RuleRow = { id: number; definition: unknown; created_at: Date; updated_at: Date };

function ruleOf(row: RuleRow) {
  return { ...markupRuleBodySchema.parse(row.definition), id: row.id, createdAt: row.created_at.toISOString(), updatedAt: row.updated_at.toISOString() };
}

const columnsOf = (rule: MarkupRuleBody) => ({
  layer: rule.layer,
  name: rule.head.name,
  status: rule.head.status,
  priority: rule.head.priority,
  definition: JSON.stringify(rule),
});

async function insertRules(trx: Transaction<Database> | Kysely<Database>, rules: readonly MarkupRuleBody[]) {
  if (rules.length === 0) return [];
  return trx.insertInto("markup_rules").values(rules.map(columnsOf)).returning(["id", "definition", "created_at", "updated_at"]).execute();
}

/** Rules name organisations; an administrator may only aim them inside their own subtree. */
async function checkPointOfSale(context: RouteContext, user: SessionUser, rules: readonly MarkupRuleBody[]): Promise<void> {
  const named = new Set(rules.flatMap((rule) => rule.pointOfSale.organisationIds));
  for (const organisationId of named) {
    if (!(await isInSubtree(context.db, user.organisation_id, organisationId))) {
      throw new ApiError(404, "organisation_not_found", `Organisation ${organisationId} is not one of yours.`);
    }
  }
}

/**
 * Margin/markup rules (permission setup-configuration): CRUD under /api/markup-rules, the
 * spec's /api/markup-bulk-upload (all or nothing) and a price simulator. Every change recompiles
 * the in-memory rule index, so the next search prices with it.
 */
export function registerMarkupRoutes(app: FastifyInstance, context: RouteContext): void {
  const { db, requireSession, pricing } = context;
  const guard = (action: "view" | "create" | "edit" | "delete") => ({ preHandler: [requireSession, requirePermission(MENU, action)] });

  app.get("/api/markup-rules", guard("view"), async (request) => {
    const query = parseQuery(listQuerySchema, request.query);
    let rows = db.selectFrom("markup_rules");
    if (query.layer) rows = rows.where("layer", "=", query.layer);
    if (query.status) rows = rows.where("status", "=", Number(query.status));
    if (query.name) rows = rows.where("name", "ilike", `%${query.name.replace(/[%_\\]/g, "\\$&")}%`);
    const [page, count] = await Promise.all([
      rows
        .select(["id", "definition", "created_at", "updated_at"])
        .orderBy("priority")
        .orderBy("id", "desc")
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute(),
      rows.select((select) => select.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    ]);
    return { status: 200, data: page.map(ruleOf), total: Number(count.total) };
  });

  app.get("/api/markup-rules/:id", guard("view"), async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    const row = await db.selectFrom("markup_rules").select(["id", "definition", "created_at", "updated_at"]).where("id", "=", id).executeTakeFirst();
    if (!row) throw new ApiError(404, "markup_rule_not_found", `There is no markup rule ${id}.`);
    return { status: 200, data: ruleOf(row) };
  });

  app.post("/api/markup-rules", guard("create"), async (request) => {
    const rule = parseBody(markupRuleBodySchema, request.body);
    await checkPointOfSale(context, signedInOf(request).user, [rule]);
    const [row] = await insertRules(db, [rule]);
    await pricing.reload();
    return { status: 200, data: ruleOf(row!), message: "Markup rule created." };
  });

  app.put("/api/markup-rules/:id", guard("edit"), async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    const rule = parseBody(markupRuleBodySchema, request.body);
    await checkPointOfSale(context, signedInOf(request).user, [rule]);
    const row = await db
      .updateTable("markup_rules")
      .set({ ...columnsOf(rule), updated_at: context.clock() })
      .where("id", "=", id)
      .returning(["id", "definition", "created_at", "updated_at"])
      .executeTakeFirst();
    if (!row) throw new ApiError(404, "markup_rule_not_found", `There is no markup rule ${id}.`);
    await pricing.reload();
    return { status: 200, data: ruleOf(row), message: "Markup rule updated." };
  });

  app.delete("/api/markup-rules/:id", guard("delete"), async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    const deleted = await db.deleteFrom("markup_rules").where("id", "=", id).returning("id").executeTakeFirst();
    if (!deleted) throw new ApiError(404, "markup_rule_not_found", `There is no markup rule ${id}.`);
    await pricing.reload();
    return { status: 200, message: "Markup rule deleted." };
  });

  app.post("/api/markup-bulk-upload", guard("create"), async (request) => {
    const { b64 } = parseBody(bulkUploadRequestSchema, request.body);
    const { rules, errors } = await readMarkupWorkbook(Buffer.from(b64, "base64"));
    if (errors.length > 0) {
      throw new ApiError(400, "upload_invalid", `Nothing was imported: ${errors.length} problem(s) in the sheet.`, {
        errors: errors.map((error) => ({ field: `row ${error.row}${error.column ? `, ${error.column}` : ""}`, message: error.message })),
      });
    }
    await checkPointOfSale(context, signedInOf(request).user, rules);
    const inserted = await db.transaction().execute((trx) => insertRules(trx, rules));
    await pricing.reload();
    return { status: 200, data: { imported: inserted.length, errors: [] }, message: `${inserted.length} markup rules imported.` };
  });

  app.post("/api/markup/simulate", guard("view"), async (request) => {
    const body = parseBody(priceSimulationRequestSchema, request.body);
    const user = signedInOf(request).user;
    if (!(await isInSubtree(db, user.organisation_id, body.organisationId))) {
      throw new ApiError(404, "organisation_not_found", `Organisation ${body.organisationId} is not one of yours.`);
    }
    const seller = await db.selectFrom("organisations").select(["id", "currency_code"]).where("id", "=", body.organisationId).executeTakeFirstOrThrow();
    const pricingContext = await pricingContextFor(context, { ...user, organisation_id: seller.id, country_id: null });
    let offers;
    if (body.offer) {
      const reference = body.offer;
      const adapter = await adapterFor(context, reference.supplierId);
      offers = [(await callSupplier((signal) => adapter.offerPrice(reference, { signal }))).pricedOffer];
    } else {
      offers = (await fanOut(await activeSuppliersFor(context, seller.id), body.search!, { timeoutMs: SEARCH_TIMEOUT_MS })).offers;
    }
    const pricer = createOfferPricer(pricing.index(), pricingContext);
    const priced = offers.map((offer) => pricer.price(offer));
    const applied = new Set(
      priced.flatMap((offer) => [
        ...offer.priceBreakdown.items.flatMap((item) => item.markups.map((markup) => markup.ruleId)),
        ...offer.priceBreakdown.bookingMarkups.map((markup) => markup.ruleId),
      ]),
    );
    return {
      status: 200,
      data: { organisationId: seller.id, currency: seller.currency_code, offers: priced, appliedRuleIds: [...applied].sort((a, b) => a - b) },
    };
  });
}
