import { expect, it } from "vitest";
import { openSecret } from "../../server/resources/secretBox";
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
    const response = await admin.post("/api/importActiveSuppliersFromTPC", { connector: "sandbox-tpc", accountId: "GULF-0001" });
    expect(response.status, response.text).toBe(200);
    expect((response.body as { data: { imported: number } }).data.imported).toBe(3);
    const ba = await server.db.selectFrom("suppliers" as never).selectAll().where("code" as never, "=", "ba-ndc" as never).executeTakeFirstOrThrow() as { username: string; api_key: string };
    expect(ba.username).toBe("GULF-0001-ba-ndc");
    expect(openSecret(ba.api_key, server.config.credentialsKey)).toMatch(/^[0-9a-f]{32}$/);
    expect((await admin.post("/api/importActiveSuppliersFromTPC", { connector: "other", accountId: "x" })).status).toBe(400);

    const agent = server.client();
    await agent.signIn("agent", "Agent#2026!");
    expect((await agent.post("/api/importActiveSuppliersFromTPC", { connector: "sandbox-tpc", accountId: "GULF-0001" })).status).toBe(403);
    expect((await agent.get("/api/get-all-suppliers")).status).toBe(403);
  });
});
