import { expect, it } from "vitest";
import type { MenuSection } from "../../src/contract/menu";
import { RESOURCES } from "../../src/resources";
import { outboxMailer, REDACTED_LINK } from "../../server/mail/mailer";
import { describeEachDatabase, type TestServer } from "./harness";
import { call, data, SAMPLES } from "./resourceSamples";

const AGENCY = 3;
const SIBLING = 4;
const BRANCH = 5;

/** Payment options read only the supplier and airline of the offer. */
const OFFER = { supplierId: "ba-ndc", shoppingResponseId: "SR-tenancy", offerId: "OF-tenancy", ownerCode: "BA" };

const userOf = (server: TestServer, organisationId: number, sections?: readonly MenuSection[]) => server.userOf(organisationId, sections);

const signedIn = async (server: TestServer, username: string, password: string) => {
  const client = server.client();
  await client.signIn(username, password);
  return client;
};

const roleNamed = async (server: TestServer, name: string) => (await server.db.selectFrom("roles").selectAll().where("name", "=", name).executeTakeFirstOrThrow());

describeEachDatabase("tenancy of configuration", (server) => {
  for (const resource of RESOURCES.filter((declaration) => declaration.tenancy === "owned")) {
    it(`${resource.name}: a row belongs to the organisation that made it; the sibling never sees it; configuration from above is read-only`, async () => {
      const sample = SAMPLES[resource.name]!;
      const agency = await userOf(server, AGENCY);
      const sibling = await userOf(server, SIBLING);
      const admin = await signedIn(server, "admin", "Admin#2026!");

      const created = await agency.client.post(resource.endpoints.create, sample.valid);
      expect(created.status, created.text).toBe(200);
      const id = Number(data(created).id);
      expect(data(created).organisationId).toBe(AGENCY);

      expect((await call(sibling.client, resource, "show", id)).status).toBe(404);
      expect((await call(sibling.client, resource, "update", id, sample.change)).status).toBe(404);
      expect((await call(sibling.client, resource, "remove", id)).status).toBe(404);
      const siblingList = (await sibling.client.get(`${resource.endpoints.list}?pageSize=200`)).body as { data: { id: number }[] };
      expect(siblingList.data.map((row) => row.id)).not.toContain(id);

      // The head office is above the agency: the agency's configuration is in its subtree.
      expect((await call(admin, resource, "update", id, sample.change)).status).toBe(200);
      expect((await call(agency.client, resource, "remove", id)).status).toBe(200);

      const fromAbove = await admin.post(resource.endpoints.create, sample.valid);
      expect(fromAbove.status, fromAbove.text).toBe(200);
      const aboveId = Number(data(fromAbove).id);
      const shown = await call(agency.client, resource, "show", aboveId);
      // Roles are offered below only when shared; other configuration is read by the whole subtree.
      expect(shown.status).toBe(resource.sharedField ? 404 : 200);
      const refused = resource.sharedField ? { status: 404 } : { status: 403, code: "owned_above" };
      expect((await call(agency.client, resource, "update", aboveId, sample.change)).body).toMatchObject(refused);
      expect((await call(agency.client, resource, "remove", aboveId)).body).toMatchObject(refused);
      expect((await call(admin, resource, "remove", aboveId)).status).toBe(200);
    });
  }

  it("a rule aims only at organisations of the caller's subtree; a rule of one agency never applies to another", async () => {
    const agency = await userOf(server, AGENCY);
    const aimedAtSibling = await agency.client.post("/api/insertFopRule", { name: "Reach over", validFrom: "2026-01-01", organisationIds: [SIBLING], paymentMethodIds: [3] });
    expect(aimedAtSibling.body).toMatchObject({ status: 404, code: "organisation_not_found", errors: [{ field: "organisationIds" }] });

    const siblingAgent = await userOf(server, SIBLING, ["search", "bookings"]);
    const optionsBefore = (await siblingAgent.client.post("/api/orders/payment-options", OFFER)).body as { data: { fopRuleId: number | null } };
    // Aimed at nobody in particular: the agency's own subtree, never its sibling.
    const own = await agency.client.post("/api/insertFopRule", { name: "Card only here", validFrom: "2026-01-01", paymentMethodIds: [3] });
    expect(own.status, own.text).toBe(200);
    const optionsAfter = (await siblingAgent.client.post("/api/orders/payment-options", OFFER)).body as { data: { fopRuleId: number | null } };
    expect(optionsAfter.data.fopRuleId).toBe(optionsBefore.data.fopRuleId);
    const branchAgent = await userOf(server, BRANCH, ["search", "bookings"]);
    const branchOptions = (await branchAgent.client.post("/api/orders/payment-options", OFFER)).body as { data: { fopRuleId: number } };
    expect(branchOptions.data.fopRuleId).toBe(Number(data(own).id));
  });

  it("a markup rule of one agency prices only its own subtree's sales; another agency cannot read or change it", async () => {
    const agency = await userOf(server, AGENCY);
    const sibling = await userOf(server, SIBLING);
    const rule = {
      layer: "agency",
      head: { name: "Agency's own fee", status: 1, validFrom: "2026-01-01", validTo: null, priority: 1 },
      contentSource: { supplierIds: [] },
      pointOfSale: { organisationIds: [], includeSubtree: false, markets: [], countries: [] },
      criteria: {},
      rule: { markupBy: "by_amount", amount: 7_000, currency: "KWD", appliesPer: "booking" },
    };
    const created = await agency.client.post("/api/markup-rules", rule);
    expect(created.status, created.text).toBe(200);
    const id = Number(data(created).id);
    expect(data(created).organisationId).toBe(AGENCY);
    expect((await sibling.client.get(`/api/markup-rules/${id}`)).status).toBe(404);
    expect((await sibling.client.request("DELETE", `/api/markup-rules/${id}`, undefined)).status).toBe(404);
    const aimed = await agency.client.post("/api/markup-rules", { ...rule, pointOfSale: { ...rule.pointOfSale, organisationIds: [SIBLING] } });
    expect(aimed.body).toMatchObject({ status: 404, code: "organisation_not_found" });

    const headOfficeRule = (await server.db.selectFrom("markup_rules").select("id").where("organisation_id", "=", 1).limit(1).executeTakeFirst())?.id;
    if (headOfficeRule !== undefined) expect((await agency.client.request("DELETE", `/api/markup-rules/${headOfficeRule}`, undefined)).body).toMatchObject({ status: 403, code: "owned_above" });

    const simulate = (client: typeof agency.client, organisationId: number) =>
      client.post("/api/markup/simulate", {
        organisationId,
        search: { originDestinations: [{ origin: "KWI", destination: "DXB", departureDate: futureDate(30) }], passengers: { ADT: 1 } },
      });
    const applied = (response: Awaited<ReturnType<typeof simulate>>) => (response.body as { data: { appliedRuleIds: number[] } }).data.appliedRuleIds;
    const admin = await signedIn(server, "admin", "Admin#2026!");
    expect(applied(await simulate(agency.client, AGENCY))).toContain(id);
    expect(applied(await simulate(admin, SIBLING))).not.toContain(id);
    expect((await agency.client.request("DELETE", `/api/markup-rules/${id}`, undefined)).status).toBe(200);
  });

  it("roles: the built-in administrator role is nobody's to change; a role in use is not deleted; the head office keeps a role manager", async () => {
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const administratorRole = await roleNamed(server, "Head office administrator");
    expect(administratorRole.built_in).toBe(true);
    expect((await admin.request("PUT", `/api/roles/${administratorRole.id}`, { name: "Renamed" })).body).toMatchObject({ status: 403, code: "built_in_role" });
    expect((await admin.request("DELETE", `/api/roles/${administratorRole.id}`, undefined)).body).toMatchObject({ status: 403, code: "built_in_role" });

    const agentRole = await roleNamed(server, "Agency agent");
    expect((await admin.request("DELETE", `/api/roles/${agentRole.id}`, undefined)).body).toMatchObject({ status: 409, code: "in_use" });

    const adminUser = await server.db.selectFrom("users").select("id").where("username", "=", "admin").executeTakeFirstOrThrow();
    const dropOwnRoles = await admin.request("PUT", `/api/users/${adminUser.id}`, { roleIds: [agentRole.id] });
    expect(dropOwnRoles.body).toMatchObject({ status: 409, code: "last_role_manager" });
    const stillHeld = await server.db.selectFrom("user_roles").select("role_id").where("user_id", "=", adminUser.id).execute();
    expect(stillHeld.map((link) => link.role_id)).toContain(administratorRole.id);

    // With a second head-office role manager, the administrator may step down from the role.
    const deputy = await userOf(server, 1);
    expect((await admin.request("PUT", `/api/users/${adminUser.id}`, { roleIds: [administratorRole.id, agentRole.id] })).status).toBe(200);
    expect((await admin.request("PUT", `/api/users/${deputy.id}`, { status: "inactive" })).status).toBe(200);
  });

  it("roles: an agency sees its own roles and the shared ones above, assigns only those, and changes only its own", async () => {
    const agency = await userOf(server, AGENCY);
    const sibling = await userOf(server, SIBLING);
    const listed = (await agency.client.get("/api/roles?pageSize=200")).body as { data: { id: number; name: string; organisationId: number }[] };
    const names = listed.data.map((role) => role.name);
    expect(names).toContain("Agency agent");
    expect(names).not.toContain("Head office administrator");
    expect(listed.data.map((role) => role.id)).not.toContain(sibling.roleId);

    const agentRole = await roleNamed(server, "Agency agent");
    expect((await agency.client.request("PUT", `/api/roles/${agentRole.id}`, { name: "Ours now" })).body).toMatchObject({ status: 403, code: "owned_above" });
    const administratorRole = await roleNamed(server, "Head office administrator");
    const assignAdmin = await agency.client.post("/api/users", { username: "would.be.admin", email: "would.be.admin@gulfhorizon.example", organisationId: AGENCY, roleIds: [administratorRole.id] });
    expect(assignAdmin.body).toMatchObject({ status: 404, code: "roles_not_found", errors: [{ field: "roleIds" }] });
    const assignSiblings = await agency.client.post("/api/users", { username: "would.be.rose", email: "would.be.rose@gulfhorizon.example", organisationId: AGENCY, roleIds: [sibling.roleId] });
    expect(assignSiblings.body).toMatchObject({ status: 404, code: "roles_not_found" });
    const assignShared = await agency.client.post("/api/users", { username: "new.desk", email: "new.desk@gulfhorizon.example", organisationId: BRANCH, roleIds: [agentRole.id] });
    expect(assignShared.status, assignShared.text).toBe(200);
  });

  it("users: a manager changes the email or phone of, or sends a link to, only users who hold no more than they do", async () => {
    const manager = await userOf(server, AGENCY, ["users", "dashboard"]);
    const admin = await signedIn(server, "admin", "Admin#2026!");
    const senior = await userOf(server, BRANCH);
    const junior = await userOf(server, BRANCH, ["dashboard"]);
    const outranks = { status: 403, code: "user_outranks_you" };
    expect((await manager.client.request("PUT", `/api/users/${senior.id}`, { email: "taken.over@evil.example" })).body).toMatchObject(outranks);
    expect((await manager.client.request("PUT", `/api/users/${senior.id}`, { mobile: "+96599999999" })).body).toMatchObject(outranks);
    expect((await manager.client.post(`/api/users/${senior.id}/reset-password`, {})).body).toMatchObject(outranks);
    const unchanged = await server.db.selectFrom("users").select("email").where("id", "=", senior.id).executeTakeFirstOrThrow();
    expect(unchanged.email).not.toBe("taken.over@evil.example");

    expect((await manager.client.request("PUT", `/api/users/${junior.id}`, { email: "junior.new@gulfhorizon.example" })).status).toBe(200);
    expect((await manager.client.post(`/api/users/${junior.id}/reset-password`, {})).status).toBe(200);
    expect((await admin.request("PUT", `/api/users/${senior.id}`, { email: "senior.new@gulfhorizon.example" })).status).toBe(200);
  });

  it("mail outbox: only head-office administrators read it; a production server keeps mail without its links", async () => {
    const agencyAdmin = await userOf(server, AGENCY);
    await server.db.updateTable("users").set({ admin: true }).where("id", "=", agencyAdmin.id).execute();
    const relogged = server.client();
    await relogged.signIn(agencyAdmin.username, "Member#2026!");
    const headOfficeNonAdmin = await userOf(server, 1);
    expect((await relogged.get("/api/dev-outbox")).body).toMatchObject({ status: 403, code: "head_office_admin_only" });
    expect((await headOfficeNonAdmin.client.get("/api/dev-outbox")).body).toMatchObject({ status: 403, code: "head_office_admin_only" });
    expect((await relogged.get("/api/admin/supplier-settings")).status).toBe(403);
    const admin = await signedIn(server, "admin", "Admin#2026!");
    expect((await admin.get("/api/dev-outbox")).status).toBe(200);

    const link = "https://console.example/reset-password?token=secret-token-123";
    await outboxMailer(server.db, { redactLinks: true }).send({ to: "someone@example.com", subject: "Choose a new password", text: `Open ${link} within the hour.`, link });
    const [kept] = await server.outbox();
    expect(kept).toMatchObject({ to_address: "someone@example.com", link: null, text_body: `Open ${REDACTED_LINK} within the hour.` });
  });
});

function futureDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
