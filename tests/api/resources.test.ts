import { expect, it } from "vitest";
import { RESOURCES } from "../../src/resources";
import { describeEachDatabase, type TestServer } from "./harness";
import { call, data, SAMPLES } from "./resourceSamples";

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

  it("narrows a list to named ids, to name related records, within the caller's reach only", async () => {
    const admin = server.client();
    await admin.signIn("admin", "Admin#2026!");
    const named = (await admin.get("/api/organisations?filter[id][in]=2,4&pageSize=10")).body as { data: { id: number; name: string }[]; total: number };
    expect(named.data.map((row) => [row.id, row.name]).sort()).toEqual([[2, "Gulf Partners Network"], [4, "Desert Rose Tours"]]);
    expect(named.total).toBe(2);
    expect((await admin.get("/api/organisations?filter[id][in]=2,x")).status).toBe(400);

    // The agency reaches its own subtree: asking for its sibling and its parent by id gives only itself.
    const agency = await server.userOf(3);
    const reached = (await agency.client.get("/api/organisations?filter[id][in]=2,3,4")).body as { data: { id: number }[] };
    expect(reached.data.map((row) => row.id)).toEqual([3]);
  });
});
