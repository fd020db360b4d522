import { expect, it } from "vitest";
import { openSecret } from "../../server/resources/secretBox";
import type { ConnectorImport } from "../../src/contract/administration";
import { describeEachDatabase } from "./harness";

type Supplier = { id: number; code: string; kind: string; apiKey: boolean; features: string[]; brandIds: number[]; status: number };

describeEachDatabase("suppliers", (server) => {
  it("configures the three sandbox flight suppliers and the two hotel wholesalers out of the box, listed by the spec's calls", async () => {
    const admin = server.client();
    await admin.signIn("admin", "Admin#2026!");
    const flights = (await admin.get("/api/get-supplier-list")).body as { data: Supplier[] };
    expect(flights.data.map((supplier) => supplier.code).sort()).toEqual(["ba-ndc", "lufthansa-group-ndc", "travelfusion"]);
    expect(((await admin.get("/api/get-hotel-suppliers")).body as { data: Supplier[] }).data.map((supplier) => supplier.code).sort()).toEqual(["arabian-wholesale-hotels", "gulf-bedbank"]);
    expect(((await admin.get("/api/get-floating-supplier-list")).body as { data: Supplier[] }).data).toEqual([]);
    const ba = flights.data.find((supplier) => supplier.code === "ba-ndc")!;
    expect((await admin.get(`/api/supplierFeatures/${ba.id}`)).body).toMatchObject({ data: { code: "ba-ndc", features: expect.arrayContaining(["seatMap", "void"]) } });
    expect((await admin.get("/api/supplierFeatures/99999")).status).toBe(404);
    const restrictions = (await admin.get("/api/getRestrictions")).body as { data: { code: string }[] };
    expect(restrictions.data.length).toBeGreaterThanOrEqual(3);
  });

  it("stores credentials encrypted, answers only whether they are set, keeps them on updates that leave them out", async () => {
    const admin = server.client();
    await admin.signIn("admin", "Admin#2026!");
    const created = await admin.post("/api/suppliers", {
      code: "amadeus-live", name: "Amadeus", kind: "flight", category: "technology", source: "Other", commercialModel: "commission",
      commercialPercentage: "1.25", settlement: "BSP", currency: "USD", apiKey: "amadeus-api-key-XYZ", brandIds: [3],
    });
    expect(created.status, created.text).toBe(200);
    const supplier = (created.body as { data: Supplier }).data;
    expect(supplier.apiKey).toBe(true);
    expect(created.text).not.toContain("amadeus-api-key-XYZ");
    const stored = await server.db.selectFrom("suppliers" as never).selectAll().where("id" as never, "=", supplier.id as never).executeTakeFirstOrThrow() as { api_key: string };
    expect(stored.api_key).not.toContain("amadeus-api-key-XYZ");
    expect(openSecret(stored.api_key, server.config.credentialsKey)).toBe("amadeus-api-key-XYZ");
    const audit = await server.db.selectFrom("audit_log").select(["after"]).where("resource", "=", "suppliers").where("record_id", "=", supplier.id).execute();
    expect(JSON.stringify(audit)).not.toContain("amadeus-api-key-XYZ");

    const renamed = await admin.request("PUT", `/api/suppliers/${supplier.id}`, { name: "Amadeus Live" });
    expect((renamed.body as { data: Supplier }).data.apiKey).toBe(true);
    const after = await server.db.selectFrom("suppliers" as never).selectAll().where("id" as never, "=", supplier.id as never).executeTakeFirstOrThrow() as { api_key: string };
    expect(openSecret(after.api_key, server.config.credentialsKey)).toBe("amadeus-api-key-XYZ");

    const forBrands = (await admin.post("/api/getActiveSuppliersforSelectedBrands", { brandIds: [3, 4] })).body as { data: Supplier[] };
    expect(forBrands.data.map((entry) => entry.code)).toEqual(["amadeus-live"]);
    expect((await admin.post("/api/getActiveSuppliersforSelectedBrands", { brandIds: [] })).status).toBe(400);
  });

  it("imports credentials from the sandbox third-party connector into the sandbox suppliers, encrypted", async () => {
    const admin = server.client();
    await admin.signIn("admin", "Admin#2026!");
    const importOf = async (body: object) => {
      const response = await admin.post("/api/importActiveSuppliersFromTPC", { connector: "sandbox-tpc", accountId: "GULF-0001", ...body });
      expect(response.status, response.text).toBe(200);
      return (response.body as { data: ConnectorImport }).data;
    };
    const auditCount = async () => Number((await server.db.selectFrom("audit_log" as never).select((eb) => eb.fn.countAll().as("count")).where("resource" as never, "=", "suppliers" as never).executeTakeFirstOrThrow() as { count: unknown }).count);
    const auditsBefore = await auditCount();

    const preview = await importOf({ preview: true });
    expect(preview.applied).toBe(false);
    expect(preview.imported).toBe(0);
    expect(preview.skipped).toEqual([]);
    expect(preview.changes.map((change) => [change.supplierCode, change.apiKey])).toEqual([["ba-ndc", "added"], ["lufthansa-group-ndc", "added"], ["travelfusion", "added"]]);
    expect(preview.changes[0]).toMatchObject({ endpointUrl: { after: "https://sandbox.connector.example/ndc/ba" }, username: { before: null, after: "GULF-0001-ba-ndc" } });
    const untouched = await server.db.selectFrom("suppliers" as never).selectAll().where("code" as never, "=", "ba-ndc" as never).executeTakeFirstOrThrow() as { username: string | null; api_key: string | null };
    expect(untouched.username).toBeNull();
    expect(untouched.api_key).toBeNull();
    expect(await auditCount()).toBe(auditsBefore);

    const imported = await importOf({});
    expect(imported).toMatchObject({ applied: true, imported: 3, suppliers: ["ba-ndc", "lufthansa-group-ndc", "travelfusion"] });
    expect(imported.changes).toEqual(preview.changes);
    expect(await auditCount()).toBe(auditsBefore + 3);
    const ba = await server.db.selectFrom("suppliers" as never).selectAll().where("code" as never, "=", "ba-ndc" as never).executeTakeFirstOrThrow() as { username: string; api_key: string };
    expect(ba.username).toBe("GULF-0001-ba-ndc");
    expect(openSecret(ba.api_key, server.config.credentialsKey)).toMatch(/^[0-9a-f]{32}$/);
    expect((await admin.post("/api/importActiveSuppliersFromTPC", { connector: "other", accountId: "x" })).status).toBe(400);

    const again = await importOf({ preview: true });
    expect(again.changes.map((change) => change.apiKey)).toEqual(["unchanged", "unchanged", "unchanged"]);
    expect(again.changes[0]!.username).toEqual({ before: "GULF-0001-ba-ndc", after: "GULF-0001-ba-ndc" });
    const otherAccount = await importOf({ accountId: "GULF-0002", preview: true });
    expect(otherAccount.changes.map((change) => change.apiKey)).toEqual(["replaced", "replaced", "replaced"]);

    const agent = server.client();
    await agent.signIn("agent", "Agent#2026!");
    expect((await agent.post("/api/importActiveSuppliersFromTPC", { connector: "sandbox-tpc", accountId: "GULF-0001" })).status).toBe(403);
    expect((await agent.get("/api/get-all-suppliers")).status).toBe(403);
  });
});
