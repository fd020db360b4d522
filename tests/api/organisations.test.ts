import { expect, it } from "vitest";
import { describeEachDatabase, type TestServer } from "./harness";

type Organisation = { id: number; name: string; parentId: number | null; hierarchyLevel: number; payOptions: number[]; creditUsed: number };

/** A user of the demo agency (3) whose role may manage points of sale: scoped to the agency's subtree. */
async function agencyManager(server: TestServer) {
  const user = await server.createUser({ username: "pos-manager", password: "Pos#2026!" });
  const role = await server.db.insertInto("roles").values({ name: "Point-of-sale manager" }).returning("id").executeTakeFirstOrThrow();
  await server.db
    .insertInto("role_permissions")
    .values({ role_id: role.id, menu: "point-sales-management", can_view: true, can_create: true, can_edit: true, can_delete: true })
    .execute();
  await server.db.insertInto("user_roles").values({ user_id: user.id, role_id: role.id }).execute();
  const client = server.client();
  await client.signIn("pos-manager", "Pos#2026!");
  return client;
}

describeEachDatabase("organisations", (server) => {
  it("scopes every read and write to the caller's subtree, whatever id is sent", async () => {
    const manager = await agencyManager(server);
    const listed = (await manager.get("/api/organisations?pageSize=50")).body as { data: Organisation[] };
    expect(listed.data.map((organisation) => organisation.id).sort()).toEqual([3, 5]);
    expect(listed.data.find((organisation) => organisation.id === 3)).toMatchObject({ payOptions: [1, 3, 6], hierarchyLevel: 3 });

    expect((await manager.get("/api/organisations/4")).status).toBe(404);
    expect((await manager.request("PUT", "/api/organisations/4", { name: "Taken over" })).status).toBe(404);
    expect((await manager.request("DELETE", "/api/organisations/1", undefined)).status).toBe(404);
    expect((await manager.post("/api/organisations", { name: "Under the sibling", type: "CR", parentId: 4, currencyCode: "KWD" })).status).toBe(404);
    const sibling = await server.db.selectFrom("organisations").select("name").where("id", "=", 4).executeTakeFirstOrThrow();
    expect(sibling.name).toBe("Desert Rose Tours");

    const ownChange = await manager.request("PUT", "/api/organisations/3", { creditLimit: 99_000_000 });
    expect(ownChange.body).toMatchObject({ status: 403, code: "own_organisation" });

    const created = await manager.post("/api/organisations", { name: "Gulf Horizon - Jahra", type: "CR", parentId: 5, currencyCode: "KWD", payOptions: [1] });
    expect(created.status, created.text).toBe(200);
    const jahra = (created.body as { data: Organisation }).data;
    expect(jahra).toMatchObject({ parentId: 5, hierarchyLevel: 5, creditUsed: 0, payOptions: [1] });
    const stored = await server.db.selectFrom("organisations").select(["pay_options", "hierarchy_level"]).where("id", "=", jahra.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ pay_options: "1", hierarchy_level: 5 });
    expect((await manager.request("PUT", `/api/organisations/${jahra.id}`, { parentId: 3 })).body).toMatchObject({ status: 422, code: "parent_fixed" });
  });

  it("refuses to delete an organisation still in use, and lists the spec's organisation list", async () => {
    const admin = server.client();
    await admin.signIn("admin", "Admin#2026!");
    const inUse = await admin.request("DELETE", "/api/organisations/3", undefined);
    expect(inUse.body).toMatchObject({ status: 409, code: "in_use" });
    expect(await server.db.selectFrom("organisations").select("id").where("id", "=", 3).executeTakeFirst()).toBeDefined();

    const agent = server.client();
    await agent.signIn("agent", "Agent#2026!");
    const list = (await agent.get("/api/get-organization-list")).body as { data: { id: number; name: string }[] };
    const ids = list.data.map((organisation) => organisation.id);
    expect(ids).toEqual(expect.arrayContaining([3, 5]));
    expect(ids.some((id) => [1, 2, 4].includes(id))).toBe(false);
    expect((await agent.get("/api/organisations")).status).toBe(403);
  });

  it("lists self agents, the agents a transaction can be made for, and a brand's payment-method rules", async () => {
    const agent = server.client();
    await agent.signIn("agent", "Agent#2026!");
    const usernames = (body: unknown) => (body as { data: { username: string }[] }).data.map((person) => person.username).sort();

    const selfAgents = usernames((await agent.get("/api/get-self-agent-list")).body);
    expect(selfAgents).toEqual(expect.arrayContaining(["agent", "otpuser"]));
    expect(usernames((await agent.post("/api/pos/fetch-pos", { id: 3 })).body)).toEqual(selfAgents);
    expect(usernames((await agent.post("/api/pos/fetch-pos", {})).body)).toContain("agent");
    expect((await agent.post("/api/pos/fetch-pos", { id: 4 })).body).toMatchObject({ status: 404, code: "organisation_not_found" });

    const rules = (await agent.post("/api/getFopRuleByBrandId", { brandId: 3 })).body as { data: { organisationIds: number[]; paymentMethodIds: number[] }[] };
    expect(rules.data[0]).toMatchObject({ organisationIds: [3], paymentMethodIds: [1, 3] });
    expect((await agent.post("/api/getFopRuleByBrandId", { brandId: 4 })).body).toMatchObject({ status: 404, code: "organisation_not_found" });
    expect((await agent.post("/api/getFopRuleByBrandId", { brandId: "three" })).status).toBe(400);
  });

  it("lists the hierarchy by approval status; an administrator approves a pending organisation", async () => {
    const admin = server.client();
    await admin.signIn("admin", "Admin#2026!");
    const created = await admin.post("/api/organisations", { name: "Awaiting approval", type: "CR", parentId: 3, currencyCode: "KWD", approvalStatus: "pending" });
    expect(created.status, created.text).toBe(200);
    const pendingId = (created.body as { data: { id: number } }).data.id;
    const pending = (await admin.get("/api/get-organization-hierarchy-by-approval/1?status=pending")).body as { data: { id: number; approvalStatus: string }[] };
    expect(pending.data.map((organisation) => organisation.id)).toEqual([pendingId]);
    const underAgency = (await admin.get("/api/get-organization-hierarchy-by-approval/3")).body as { data: { id: number }[] };
    expect(underAgency.data.map((organisation) => organisation.id)).toEqual(expect.arrayContaining([3, 5, pendingId]));

    expect((await admin.request("PUT", `/api/organisations/${pendingId}`, { approvalStatus: "approved" })).status).toBe(200);
    expect(((await admin.get("/api/get-organization-hierarchy-by-approval/1?status=pending")).body as { total: number }).total).toBe(0);
    expect((await admin.get("/api/get-organization-hierarchy-by-approval/1?status=maybe")).status).toBe(400);

    const agent = server.client();
    await agent.signIn("agent", "Agent#2026!");
    expect((await agent.get("/api/get-organization-hierarchy-by-approval/4")).body).toMatchObject({ status: 404, code: "organisation_not_found" });
  });
});
