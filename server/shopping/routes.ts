import type { FastifyInstance } from "fastify";
import type { SupplierSettings } from "../../src/contract/flights";
import {
  flightOfferPriceRequestSchema,
  seatMapRequestSchema,
  supplierSettingsChangeSchema,
} from "../../src/contract/flights";
import { airShoppingRequestSchema, offerReferenceSchema } from "../../src/contract/shopping";
import type { AppContext, RouteContext } from "../appContext";
import { ApiError, parseBody } from "../http/apiError";
import { requireHeadOfficeAdmin, requirePermission, signedInOf } from "../http/sessionGuard";
import { SandboxSupplier } from "../suppliers/sandbox/sandboxSupplier";
import { SandboxHotelSupplier } from "../products/hotel/sandbox/sandboxHotelSupplier";
import { adapterFor, callSupplier, priceOfferFor, searchFlights } from "./shoppingService";
import { everyAdapter } from "../suppliers/supplierNames";

/** Sandbox suppliers of every product have fault switches; live ones do not. */
const isSwitchable = (adapter: object): adapter is SandboxSupplier | SandboxHotelSupplier => adapter instanceof SandboxSupplier || adapter instanceof SandboxHotelSupplier;

/** Stored fault switches put back on the sandbox suppliers at start. */
export async function applyStoredSupplierSettings(context: AppContext): Promise<void> {
  const rows = await context.db.selectFrom("supplier_settings").selectAll().execute();
  for (const row of rows) {
    const adapter = everyAdapter(context).find((candidate) => candidate.supplierId === row.supplier_id);
    if (adapter && isSwitchable(adapter)) {
      adapter.setSwitches({ latencyMs: row.latency_ms, errorRate: row.error_rate, timeout: row.timeout });
    }
  }
}

async function supplierSettingsList(context: AppContext): Promise<SupplierSettings[]> {
  const rows = await context.db.selectFrom("supplier_settings").select(["supplier_id", "active"]).execute();
  const activeById = new Map(rows.map((row) => [row.supplier_id, row.active]));
  return everyAdapter(context).map((adapter) => {
    const switches = isSwitchable(adapter) ? adapter.switches : { latencyMs: 0, errorRate: 0, timeout: false };
    return {
      supplierId: adapter.supplierId,
      supplierName: adapter.supplierName,
      isSandbox: adapter.isSandbox,
      active: activeById.get(adapter.supplierId) ?? true,
      ...switches,
      circuit: context.supplierBreakers.circuitOf(adapter.supplierId),
    };
  });
}

/**
 * Flight shopping (permission "search"): search fans out to every active supplier and prices
 * each offer with the organisation's markup rules; offer price, services and seat map ask the
 * offer's supplier. Supplier settings (on/off and sandbox fault switches) are for administrators.
 */
export function registerShoppingRoutes(app: FastifyInstance, context: RouteContext): void {
  const searching = { preHandler: [context.requireSession, context.actForChosenOrganisation, requirePermission("search", "view")] };

  app.post("/api/flights/search", searching, async (request) => {
    const body = parseBody(airShoppingRequestSchema, request.body);
    return { status: 200, data: await searchFlights(context, signedInOf(request).user, body) };
  });

  app.post("/api/flights/offer-price", searching, async (request) => {
    const { expectedTotal, ...reference } = parseBody(flightOfferPriceRequestSchema, request.body);
    const pricedOffer = await priceOfferFor(context, signedInOf(request).user, reference);
    const total = pricedOffer.priceBreakdown.totals.total;
    const priceChanged =
      expectedTotal !== undefined && (expectedTotal.amount !== total || expectedTotal.currency !== pricedOffer.priceBreakdown.currency);
    return { status: 200, data: { pricedOffer, priceChanged } };
  });

  app.post("/api/flights/services", searching, async (request) => {
    const reference = parseBody(offerReferenceSchema, request.body);
    const adapter = await adapterFor(context, reference.supplierId);
    return { status: 200, data: await callSupplier((signal) => adapter.serviceList(reference, { signal }), { repeatable: true }) };
  });

  app.post("/api/flights/seat-map", searching, async (request) => {
    const body = parseBody(seatMapRequestSchema, request.body);
    const adapter = await adapterFor(context, body.supplierId);
    return { status: 200, data: await callSupplier((signal) => adapter.seatAvailability(body, { signal }), { repeatable: true }) };
  });

  // The sandbox switches and on/off act for every agency on the platform.
  const administrators = { preHandler: [context.requireSession, requireHeadOfficeAdmin(context)] };

  app.get("/api/admin/supplier-settings", administrators, async () => ({ status: 200, data: await supplierSettingsList(context) }));

  app.put<{ Params: { supplierId: string } }>("/api/admin/supplier-settings/:supplierId", administrators, async (request) => {
    const change = parseBody(supplierSettingsChangeSchema, request.body);
    const adapter = everyAdapter(context).find((candidate) => candidate.supplierId === request.params.supplierId);
    if (!adapter) throw new ApiError(404, "supplier_not_found", `No supplier ${request.params.supplierId} is configured.`);
    const { active, ...switches } = change;
    if (Object.keys(switches).length > 0) {
      if (!isSwitchable(adapter)) throw new ApiError(422, "not_sandbox", `${adapter.supplierName} is a live supplier: it has no fault switches.`);
      adapter.setSwitches(switches);
    }
    const current = isSwitchable(adapter) ? adapter.switches : { latencyMs: 0, errorRate: 0, timeout: false };
    await context.db
      .insertInto("supplier_settings")
      .values({ supplier_id: adapter.supplierId, active: active ?? true, latency_ms: current.latencyMs, error_rate: current.errorRate, timeout: current.timeout })
      .onConflict((conflict) =>
        conflict.column("supplier_id").doUpdateSet({
          ...(active === undefined ? {} : { active }),
          latency_ms: current.latencyMs,
          error_rate: current.errorRate,
          timeout: current.timeout,
          updated_at: context.clock(),
        }),
      )
      .execute();
    await context.supplierConfiguration.reload();
    // Settings changed by hand: the supplier is asked afresh.
    context.supplierBreakers.reset(adapter.supplierId);
    const settings = (await supplierSettingsList(context)).find((entry) => entry.supplierId === adapter.supplierId);
    return { status: 200, data: settings };
  });
}
