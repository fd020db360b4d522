import { expect, it } from "vitest";
import { upgradeRequestViewSchema, upgradeViewSchema, type UpgradeView } from "../../src/contract/upgrades";
import type { ApiTestClient } from "./apiClient";
import { describeEachDatabase } from "./harness";
import { signedIn } from "./orderFixtures";

const AGENCY = 3;

async function upgradeOf(client: ApiTestClient): Promise<UpgradeView> {
  const response = await client.get("/api/upgrade");
  expect(response.status, response.text).toBe(200);
  return upgradeViewSchema.parse((response.body as { data: unknown }).data);
}

describeEachDatabase("partner level upgrades", (server) => {
  it("climbs the ladder one approved request at a time; a rejected one leaves the level as it was", async () => {
    const agent = await signedIn(server);
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const start = await upgradeOf(agent);
    expect(start.current).toBeNull();
    expect(start.levels.map((level) => level.name)).toEqual(["Platinum", "Gold", "Silver", "Standard"]);
    expect(start.next).toMatchObject({ name: "Standard", description: "New partners" });

    const asked = await agent.post("/api/upgrade-requests", { note: "Forty bookings a month now" });
    expect(asked.status, asked.text).toBe(200);
    const request = upgradeRequestViewSchema.parse((asked.body as { data: unknown }).data);
    expect(request).toMatchObject({ status: "pending", from: null, to: "Standard", organisationName: "Gulf Horizon Travel", requestedBy: "agent" });
    expect((await agent.post("/api/upgrade-requests", {})).body).toMatchObject({ status: 409, code: "upgrade_pending" });
    expect((await agent.get("/api/upgrade-requests")).status).toBe(403);
    expect((await agent.post(`/api/upgrade-requests/${request.id}/approve`, {})).status).toBe(403);

    const listed = (await admin.get("/api/upgrade-requests?status=pending")).body as { data: { id: number }[] };
    expect(listed.data.map((row) => row.id)).toContain(request.id);
    const approved = await admin.post(`/api/upgrade-requests/${request.id}/approve`, {});
    expect(approved.status, approved.text).toBe(200);
    expect((await server.db.selectFrom("organisations").select("partner_level_id").where("id", "=", AGENCY).executeTakeFirstOrThrow()).partner_level_id).toBe(start.next!.id);
    const after = await upgradeOf(agent);
    expect(after).toMatchObject({ current: { name: "Standard" }, next: { name: "Silver" } });
    expect(after.requests[0]).toMatchObject({ id: request.id, status: "approved", decidedBy: "admin" });
    expect((await server.outbox())[0]).toMatchObject({ to_address: "agent@gulfhorizon.example", subject: "Your organisation is now Standard" });
    expect((await admin.post(`/api/upgrade-requests/${request.id}/reject`, { reason: "Changed our mind" })).body).toMatchObject({ status: 409, code: "upgrade_request_decided" });

    const second = upgradeRequestViewSchema.parse(((await agent.post("/api/upgrade-requests", {})).body as { data: unknown }).data);
    expect(second).toMatchObject({ from: "Standard", to: "Silver" });
    const rejected = await admin.post(`/api/upgrade-requests/${second.id}/reject`, { reason: "Silver starts at a hundred bookings a month" });
    expect(rejected.status, rejected.text).toBe(200);
    expect((await upgradeOf(agent)).current).toMatchObject({ name: "Standard" });
    expect((await server.outbox())[0]!.text_body).toContain("Silver starts at a hundred bookings a month");
  });

  it("offers the head office nothing to ask for, and is refused without the upgrade section", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    expect((await upgradeOf(admin)).next).toBeNull();
    expect((await admin.post("/api/upgrade-requests", {})).body).toMatchObject({ status: 422, code: "no_next_level" });
    const visitor = await server.userOf(AGENCY, ["dashboard"]);
    expect((await visitor.client.get("/api/upgrade")).status).toBe(403);
  });
});
