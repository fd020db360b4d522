import { expect, it } from "vitest";
import { RESOURCES } from "../../src/resources";
import type { ResourceDeclaration } from "../../src/resources/defineResource";
import type { ApiTestClient, TestResponse } from "./apiClient";
import { describeEachDatabase, type TestServer } from "./harness";

type Sample = { valid: Record<string, unknown>; change: Record<string, unknown>; invalid: Record<string, unknown>; invalidFields: string[]; filter: string };

const RULE = { name: "Sample rule", validFrom: "2026-01-01", organisationIds: [3], airlines: ["BA"] };

/** A valid body, a partial change, and a body that breaks named fields, per resource. */
const SAMPLES: Record<string, Sample> = {
  users: {
    valid: { username: "New.Agent", email: "new.agent@gulfhorizon.example", organisationId: 5, agentCode: "ght009" },
    change: { mobile: "+96550000099", status: "inactive" },
    invalid: { username: "x", email: "not-an-email", organisationId: 0, mobile: "12" },
    invalidFields: ["username", "email", "organisationId", "mobile"],
    filter: "filter[username][contains]=new.agent",
  },
  roles: {
    valid: { name: "Ticketing desk", permissions: ["bookings:view", "bookings:edit", "quoting_tool"] },
    change: { permissions: ["bookings:view"] },
    invalid: { name: "", permissions: ["flying:view"] },
    invalidFields: ["name", "permissions.0"],
    filter: "filter[name][contains]=ticketing",
  },
  organisations: {
    valid: { name: "Gulf Horizon - Fahaheel", type: "CR", parentId: 3, currencyCode: "kwd", creditLimit: 1_000_000, payOptions: [1, 6] },
    change: { creditLimit: 2_500_000, payOptions: [1, 3, 6] },
    invalid: { name: "", type: "XX", parentId: 0, currencyCode: "dinar", payOptions: [13] },
    invalidFields: ["name", "type", "parentId", "currencyCode", "payOptions.0"],
    filter: "filter[name][contains]=fahaheel",
  },
  suppliers: {
    valid: { code: "hotelbeds-live", name: "Hotelbeds", kind: "hotel", category: "hotel", source: "Hotelbeds", commercialModel: "net", settlement: "Direct", currency: "eur", apiKey: "hb-secret-key-1" },
    change: { commercialModel: "commission", commercialPercentage: "8" },
    invalid: { code: "X", name: "", kind: "boat", category: "cars", currency: "euro", apiKey: "short" },
    invalidFields: ["code", "name", "kind", "category", "currency", "apiKey"],
    filter: "filter[kind]=hotel",
  },
  markets: {
    valid: { code: "levant", name: "Levant", kind: "flight", regions: ["middle east"], countries: ["JO", "LB"] },
    change: { name: "Levant and Iraq", countries: ["JO", "LB", "IQ"] },
    invalid: { code: "x", name: "", kind: "sea" },
    invalidFields: ["code", "name", "kind"],
    filter: "filter[name][contains]=levant",
  },
  passengerTypes: {
    valid: { code: "lbr", name: "Labourer", minAge: 18, maxAge: 65 },
    change: { maxAge: 60 },
    invalid: { code: "LABOUR", name: "", minAge: -1 },
    invalidFields: ["code", "name", "minAge", "maxAge"],
    filter: "filter[code]=LBR",
  },
  partnerLevels: {
    valid: { code: "bronze", name: "Bronze", rank: 5 },
    change: { description: "Entry tier" },
    invalid: { code: "!", rank: 0 },
    invalidFields: ["code", "name", "rank"],
    filter: "filter[code]=BRONZE",
  },
  contentSources: {
    valid: { code: "gds", name: "GDS", product: "flight", supplierIds: ["ba-ndc"] },
    change: { status: 0 },
    invalid: { code: "g", name: "GDS", product: "ships" },
    invalidFields: ["code", "product"],
    filter: "filter[supplierIds]=ba-ndc",
  },
  fopRules: {
    valid: { ...RULE, paymentMethodIds: [1, 3] },
    change: { priority: 2, paymentMethodIds: [3] },
    invalid: { name: "", validFrom: "tomorrow", paymentMethodIds: [42] },
    invalidFields: ["name", "validFrom", "paymentMethodIds.0"],
    filter: "filter[organisationIds]=3",
  },
  merchantRules: {
    valid: { ...RULE, cardTypes: ["VI"], gateway: "knet", merchantId: "KNET-0042" },
    change: { merchantId: "KNET-0043" },
    invalid: { ...RULE, cardTypes: ["XX"], gateway: "paypal", merchantId: "" },
    invalidFields: ["cardTypes.0", "gateway", "merchantId"],
    filter: "filter[gateway]=knet",
  },
  agencyRules: {
    valid: { ...RULE, payOptionIds: [1, 6], maxBookingAmount: 2_000_000, holdAllowed: false },
    change: { holdAllowed: true },
    invalid: { ...RULE, payOptionIds: [13], maxBookingAmount: -5 },
    invalidFields: ["payOptionIds.0", "maxBookingAmount"],
    filter: "filter[holdAllowed]=false",
  },
  ccPassRules: {
    valid: { ...RULE, cardTypes: ["AX"] },
    change: { airlines: ["BA", "IB"] },
    invalid: { ...RULE, airlines: ["british"] },
    invalidFields: ["airlines.0"],
    filter: "filter[cardTypes]=AX",
  },
};

/** Calls one of the resource's endpoints in its style: REST, or the spec's POST with the id in the body. */
function call(client: ApiTestClient, resource: ResourceDeclaration, action: "show" | "update" | "remove", id: number, body: Record<string, unknown> = {}): Promise<TestResponse> {
  const path = resource.endpoints[action];
  if (resource.legacyPost) return client.post(path, { id, ...body });
  const url = path.replace(":id", String(id));
  if (action === "show") return client.get(url);
  return client.request(action === "update" ? "PUT" : "DELETE", url, action === "update" ? body : undefined);
}

const data = (response: TestResponse) => (response.body as { data: Record<string, unknown> }).data;

async function auditOf(server: TestServer, resource: string, recordId: number) {
  return server.db.selectFrom("audit_log").select(["action", "before", "after", "user_id"]).where("resource", "=", resource).where("record_id", "=", recordId).orderBy("id").execute();
}

describeEachDatabase("administration resources", (server) => {
  it("declares a sample for every resource", () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(RESOURCES.map((resource) => resource.name).sort());
  });

  for (const resource of RESOURCES) {
    it(`${resource.name}: create, read, filter, update, delete, each audited`, async () => {
      const sample = SAMPLES[resource.name]!;
      const admin = server.client();
      await admin.signIn("admin", "Admin#2026!");
      const created = await admin.post(resource.endpoints.create, sample.valid);
      expect(created.status, created.text).toBe(200);
      const id = Number(data(created).id);

      const shown = await call(admin, resource, "show", id);
      expect(shown.status, shown.text).toBe(200);
      expect(data(shown)).toMatchObject({ id });

      const filtered = await admin.get(`${resource.endpoints.list}?${sample.filter}&pageSize=50`);
      expect(filtered.status, filtered.text).toBe(200);
      expect((filtered.body as { data: { id: number }[] }).data.map((row) => row.id)).toContain(id);

      const before = data(shown);
      const updated = await call(admin, resource, "update", id, sample.change);
      expect(updated.status, updated.text).toBe(200);
      expect(data(updated)).toMatchObject(sample.change);
      const untouched = Object.keys(before).filter((key) => !(key in sample.change) && key !== "id" && key !== "createdAt");
      for (const key of untouched) expect(data(updated)[key], key).toEqual(before[key]);

      expect((await call(admin, resource, "remove", id)).status).toBe(200);
      expect((await call(admin, resource, "show", id)).status).toBe(404);
      expect((await call(admin, resource, "update", id, sample.change)).status).toBe(404);

      const trail = await auditOf(server, resource.name, id);
      expect(trail.map((entry) => entry.action)).toEqual(["create", "update", "delete"]);
      expect(trail[1]).toMatchObject({ before: expect.objectContaining({ id }), after: expect.objectContaining(sample.change) });
      expect(trail[2]?.after).toBeNull();
    });

    it(`${resource.name}: names each invalid field; refuses agents with 403`, async () => {
      const sample = SAMPLES[resource.name]!;
      const admin = server.client();
      await admin.signIn("admin", "Admin#2026!");
      const invalid = await admin.post(resource.endpoints.create, sample.invalid);
      expect(invalid.status).toBe(400);
      const fields = (invalid.body as { errors: { field: string }[] }).errors.map((error) => error.field);
      expect(fields).toEqual(expect.arrayContaining(sample.invalidFields));
      const undeclared = await admin.post(resource.endpoints.create, { ...sample.valid, surprise: true });
      expect(undeclared.status).toBe(400);

      const agent = server.client();
      await agent.signIn("agent", "Agent#2026!");
      expect((await agent.get(resource.endpoints.list)).status).toBe(403);
      expect((await agent.post(resource.endpoints.create, sample.valid)).status).toBe(403);
      expect((await call(agent, resource, "remove", 1)).status).toBe(403);
    });
  }

  it("pages, sorts and refuses sorting or filtering by undeclared fields", async () => {
    const admin = server.client();
    await admin.signIn("admin", "Admin#2026!");
    const page = (await admin.get("/api/passengerTypes?sort=minAge,code&order=desc,asc&pageSize=3&page=1")).body as { data: { code: string; minAge: number }[]; total: number };
    expect(page.data).toHaveLength(3);
    expect(page.total).toBeGreaterThanOrEqual(7);
    expect(page.data.map((row) => row.minAge)).toEqual([...page.data.map((row) => row.minAge)].sort((a, b) => b - a));
    expect((await admin.get("/api/passengerTypes?sort=password")).status).toBe(400);
    expect((await admin.get("/api/passengerTypes?filter[password]=x")).status).toBe(400);
  });
});
