import { connectorImportBodySchema, selectedBrandsBodySchema } from "../../src/contract/administration";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Kysely, Transaction } from "kysely";
import { suppliers } from "../../src/resources/suppliers";
import type { RouteContext } from "../appContext";
import { ApiError, parseBody, parseQuery } from "../http/apiError";
import { requirePermission, signedInOf } from "../http/sessionGuard";
import { sandboxConnectorCredentials } from "../suppliers/connector/sandboxConnector";
import { importPlan } from "../suppliers/connector/importPlan";
import { rowToRecord } from "./mountResource";
import { openSecret, sealSecret } from "./secretBox";
import { supplierConnectionTestSchema } from "../../src/contract/supplierConnection";
import { connectionTools, testConnection } from "../suppliers/connections";
import { reachOf, readableRows } from "./tenancy";
import { idParamsSchema } from "../../src/contract/ids";
import { writeAudit } from "../db/auditLog";

type LooseDatabase = Record<string, Record<string, unknown>>;
type Row = Record<string, unknown>;


/**
 * The spec's supplier calls beside the CRUD of the declaration: lists by kind, restrictions,
 * features, the suppliers active for chosen brands, and the import of credentials from the
 * (sandbox) third-party connector, written encrypted and audited in one transaction.
 */
export function registerSupplierRoutes(app: FastifyInstance, context: RouteContext): void {
  const db = context.db as unknown as Kysely<LooseDatabase>;
  const viewing = { preHandler: [context.requireSession, requirePermission("setup-configuration", "view")] };
  const editing = { preHandler: [context.requireSession, requirePermission("setup-configuration", "edit")] };
  const records = async (request: FastifyRequest, kind?: string) => {
    let query = db.selectFrom("suppliers").selectAll().where(readableRows(suppliers, await reachOf(context.db, signedInOf(request).user))).orderBy("name");
    if (kind) query = query.where("kind", "=", kind);
    const rows = await query.execute();
    return rows.map((row) => rowToRecord(suppliers, row));
  };

  app.get("/api/get-all-suppliers", viewing, async (request) => ({ status: 200, data: await records(request) }));
  app.get("/api/get-supplier-list", viewing, async (request) => ({ status: 200, data: await records(request, "flight") }));
  app.get("/api/get-hotel-suppliers", viewing, async (request) => ({ status: 200, data: await records(request, "hotel") }));
  app.get("/api/get-activity-suppliers", viewing, async (request) => ({ status: 200, data: await records(request, "activity") }));
  app.get("/api/get-insurance-suppliers", viewing, async (request) => ({ status: 200, data: await records(request, "insurance") }));
  app.get("/api/get-floating-supplier-list", viewing, async (request) => ({ status: 200, data: await records(request, "floating") }));

  app.get("/api/getRestrictions", viewing, async (request) => ({
    status: 200,
    data: (await records(request)).map((record) => ({ supplierId: record.id, code: record.code, restrictedAirlines: record.restrictedAirlines, restrictedCountries: record.restrictedCountries })),
  }));

  app.get("/api/supplierFeatures/:id", viewing, async (request) => {
    const { id } = parseQuery(idParamsSchema, request.params);
    const reach = await reachOf(context.db, signedInOf(request).user);
    const row = await db.selectFrom("suppliers").selectAll().where("id", "=", id).where(readableRows(suppliers, reach)).executeTakeFirst();
    if (!row) throw new ApiError(404, "not_found", `There is no supplier ${id}.`);
    const record = rowToRecord(suppliers, row);
    return { status: 200, data: { id: record.id, code: record.code, features: record.features } };
  });

  app.post("/api/getActiveSuppliersforSelectedBrands", viewing, async (request) => {
    const { brandIds } = parseBody(selectedBrandsBodySchema, request.body);
    const active = (await records(request)).filter((record) => record.status === 1 && (record.brandIds as number[]).some((id) => brandIds.includes(id)));
    return { status: 200, data: active };
  });

  app.post("/api/importActiveSuppliersFromTPC", editing, async (request) => {
    const { accountId, preview } = parseBody(connectorImportBodySchema, request.body);
    const user = signedInOf(request).user;
    const credentials = sandboxConnectorCredentials(accountId);
    // Credentials land only on suppliers the caller's subtree owns; the head office's stay its own.
    const { subtree } = await reachOf(context.db, user);
    const targetsIn = async (source: Kysely<LooseDatabase>, lock: boolean) => {
      let query = source.selectFrom("suppliers").selectAll().where("code", "in", credentials.map((credential) => credential.supplierCode)).where("organisation_id", "in", [...subtree]).orderBy("id");
      if (lock) query = query.forUpdate();
      const rows = await query.execute();
      const targets = rows.map((row) => ({
        id: row.id as number,
        code: row.code as string,
        name: row.name as string,
        endpointUrl: (row.endpoint_url as string | null) ?? null,
        username: (row.username as string | null) ?? null,
        apiKey: typeof row.api_key === "string" ? openSecret(row.api_key, context.config.credentialsKey) : undefined,
      }));
      return { rows: new Map(rows.map((row) => [row.id as number, row])), plan: importPlan(credentials, targets) };
    };
    if (preview) {
      const { plan } = await targetsIn(db, false);
      return { status: 200, data: { applied: false, imported: 0, suppliers: [], ...plan } };
    }
    const plan = await context.db.transaction().execute(async (trx) => {
      const loose = trx as unknown as Transaction<LooseDatabase>;
      const { rows, plan } = await targetsIn(loose, true);
      const byCode = new Map(credentials.map((credential) => [credential.supplierCode, credential]));
      for (const change of plan.changes) {
        const credential = byCode.get(change.supplierCode)!;
        const after = await loose
          .updateTable("suppliers")
          .set({ endpoint_url: credential.endpointUrl, username: credential.username, api_key: sealSecret(credential.apiKey, context.config.credentialsKey) })
          .where("id", "=", change.supplierId)
          .returningAll()
          .executeTakeFirstOrThrow();
        await writeAudit(trx, {
          userId: user.users_id,
          organisationId: user.organisation_id,
          resource: suppliers.name,
          recordId: change.supplierId,
          action: "update",
          before: rowToRecord(suppliers, rows.get(change.supplierId) as Row),
          after: rowToRecord(suppliers, after as Row),
        });
      }
      return plan;
    });
    const codes = plan.changes.map((change) => change.supplierCode);
    return { status: 200, data: { applied: true, imported: codes.length, suppliers: codes, ...plan }, message: `Credentials imported for ${codes.length} suppliers.` };
  });

  app.post("/api/suppliers/test-connection", editing, async (request) => {
    const test = parseBody(supplierConnectionTestSchema, request.body);
    const { subtree } = await reachOf(context.db, signedInOf(request).user);
    // Credentials left empty are the stored ones, of a supplier the caller's subtree owns.
    const stored = test.id === undefined ? undefined : await db.selectFrom("suppliers").select(["api_key", "api_secret"]).where("id", "=", test.id).where("organisation_id", "in", [...subtree]).executeTakeFirst();
    if (test.id !== undefined && !stored) throw new ApiError(404, "not_found", `There is no supplier ${test.id}.`);
    const storedSecret = (sealed: unknown) => (typeof sealed === "string" ? openSecret(sealed, context.config.credentialsKey) : undefined);
    const data = await testConnection(
      { ...test, apiKey: test.apiKey ?? storedSecret(stored?.api_key), apiSecret: test.apiSecret ?? storedSecret(stored?.api_secret) },
      { clock: context.clock, production: context.config.production, ...connectionTools(context.db, context.config.credentialsKey) },
    );
    return { status: 200, data };
  });
}
