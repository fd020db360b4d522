import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import { bulkUploadRequestSchema, priceSimulationRequestSchema } from "../../src/contract/flights";
import { markupRuleBodySchema, type MarkupRuleBody } from "../../src/contract/markup";
import type { RouteContext } from "../appContext";
import { simulateHotelPrices } from "../products/hotel/hotelService";
import type { Database } from "../db/schema";
import { ApiError, parseBody, parseQuery, sheetRejected } from "../http/apiError";
import { requirePermission, signedInOf } from "../http/sessionGuard";
import { isInSubtree } from "../organisations/tree";
import { assertChangeable, reachOf, readableRows, type Reach, type TenancyOf } from "../resources/tenancy";
import { createOfferPricer } from "../pricing/priceOffer";
import { readMarkupWorkbook } from "./markupWorkbook";
import { activeSuppliersFor, adapterFor, assertSearchable, callSupplier, pricingContextFor, SEARCH_TIMEOUT_MS } from "./shoppingService";
import { fanOut } from "../suppliers/fanOut";
import { idParamsSchema } from "../../src/contract/ids";

const MENU = "setup-configuration";

const listQuerySchema = z.object({
  page: z.coerce.number<string>().int().min(1).default(1),
  pageSize: z.coerce.number<string>().int().min(1).max(200).default(20),
  layer: z.enum(["supplier", "agency"]).optional(),
  status: z.enum(["0", "1"]).optional(),
  name: z.string().optional(),
});


type RuleRow = { id: number; organisation_id: number | null; definition: unknown; created_at: Date; updated_at: Date };

const RULE_COLUMNS = ["id", "organisation_id", "definition", "created_at", "updated_at"] as const;

/** Markup rules are owned configuration, under the same tenancy rules as every declared resource. */
const MARKUP_TENANCY: TenancyOf = { name: "markup rule", tenancy: "owned" };

function ruleOf(row: RuleRow) {
  return {
    ...markupRuleBodySchema.parse(row.definition),
    id: row.id,
    organisationId: row.organisation_id ?? undefined,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

const columnsOf = (rule: MarkupRuleBody, ownerId: number) => ({
  organisation_id: ownerId,
  layer: rule.layer,
  name: rule.head.name,
  status: rule.head.status,
  priority: rule.head.priority,
  definition: JSON.stringify(rule),
});

async function insertRules(trx: Transaction<Database> | Kysely<Database>, rules: readonly MarkupRuleBody[], ownerId: number) {
  if (rules.length === 0) return [];
  return trx.insertInto("markup_rules").values(rules.map((rule) => columnsOf(rule, ownerId))).returning(RULE_COLUMNS).execute();
}

/** Rules name organisations; an administrator may only aim them inside their own subtree. */
function checkPointOfSale(reach: Reach, rules: readonly MarkupRuleBody[]): void {
  const outside = rules.flatMap((rule) => rule.pointOfSale.organisationIds).find((id) => !reach.subtree.includes(id));
  if (outside !== undefined) throw new ApiError(404, "organisation_not_found", `Organisation ${outside} is not one of yours.`);
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
    let rows = db.selectFrom("markup_rules").where(readableRows(MARKUP_TENANCY, await reachOf(db, signedInOf(request).user)));
    if (query.layer) rows = rows.where("layer", "=", query.layer);
    if (query.status) rows = rows.where("status", "=", Number(query.status));
    if (query.name) rows = rows.where("name", "ilike", `%${query.name.replace(/[%_\\]/g, "\\$&")}%`);
    const [page, count] = await Promise.all([
      rows
        .select(RULE_COLUMNS)
        .orderBy("priority")
        .orderBy("id", "desc")
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize)
        .execute(),
      rows.select((select) => select.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    ]);
    return { status: 200, data: page.map(ruleOf), total: Number(count.total) };
  });

  /** A rule the caller may read (404 otherwise), and with `change` one its subtree owns (403 for a rule from above). */
  const findRule = async (request: FastifyRequest, change: boolean) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    const reach = await reachOf(db, signedInOf(request).user);
    const row = await db.selectFrom("markup_rules").select(RULE_COLUMNS).where("id", "=", id).where(readableRows(MARKUP_TENANCY, reach)).executeTakeFirst();
    if (!row) throw new ApiError(404, "markup_rule_not_found", `There is no markup rule ${id}.`);
    if (change) assertChangeable(MARKUP_TENANCY, row, reach);
    return { row, reach };
  };

  app.get("/api/markup-rules/:id", guard("view"), async (request) => ({ status: 200, data: ruleOf((await findRule(request, false)).row) }));

  app.post("/api/markup-rules", guard("create"), async (request) => {
    const rule = parseBody(markupRuleBodySchema, request.body);
    const user = signedInOf(request).user;
    checkPointOfSale(await reachOf(db, user), [rule]);
    const [row] = await insertRules(db, [rule], user.organisation_id);
    await pricing.reload();
    return { status: 200, data: ruleOf(row!), message: "Markup rule created." };
  });

  app.put("/api/markup-rules/:id", guard("edit"), async (request) => {
    const { row: existing, reach } = await findRule(request, true);
    const rule = parseBody(markupRuleBodySchema, request.body);
    checkPointOfSale(reach, [rule]);
    const row = await db
      .updateTable("markup_rules")
      .set({ ...columnsOf(rule, existing.organisation_id ?? reach.organisationId), updated_at: context.clock() })
      .where("id", "=", existing.id)
      .returning(RULE_COLUMNS)
      .executeTakeFirstOrThrow();
    await pricing.reload();
    return { status: 200, data: ruleOf(row), message: "Markup rule updated." };
  });

  app.delete("/api/markup-rules/:id", guard("delete"), async (request) => {
    const { row } = await findRule(request, true);
    await db.deleteFrom("markup_rules").where("id", "=", row.id).execute();
    await pricing.reload();
    return { status: 200, message: "Markup rule deleted." };
  });

  app.post("/api/markup-bulk-upload", guard("create"), async (request) => {
    const { b64 } = parseBody(bulkUploadRequestSchema, request.body);
    const { rules, errors } = await readMarkupWorkbook(Buffer.from(b64, "base64"));
    if (errors.length > 0) {
      throw sheetRejected(errors);
    }
    const user = signedInOf(request).user;
    checkPointOfSale(await reachOf(db, user), rules);
    const inserted = await db.transaction().execute((trx) => insertRules(trx, rules, user.organisation_id));
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
    if (body.hotelSearch) {
      const hotelRates = await simulateHotelPrices(context, { ...user, organisation_id: seller.id, country_id: null }, body.hotelSearch);
      const applied = new Set(hotelRates.flatMap((row) => row.rate.price.markups.map((markup) => markup.ruleId)));
      return { status: 200, data: { organisationId: seller.id, currency: seller.currency_code, offers: [], hotelRates, appliedRuleIds: [...applied].sort((a, b) => a - b) } };
    }
    let offers;
    if (body.offer) {
      const reference = body.offer;
      const adapter = await adapterFor(context, reference.supplierId);
      offers = [(await callSupplier((signal) => adapter.offerPrice(reference, { signal }), { repeatable: true })).pricedOffer];
    } else {
      assertSearchable(context, body.search!);
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
      data: { organisationId: seller.id, currency: seller.currency_code, offers: priced, hotelRates: [], appliedRuleIds: [...applied].sort((a, b) => a - b) },
    };
  });
}
