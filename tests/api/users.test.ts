import { expect, it } from "vitest";
import { describeEachDatabase, type TestServer } from "./harness";

type User = { id: number; username: string; organisationId: number; roleIds: number[]; status: string };

/** A user of the demo agency (3) who manages users and roles there, without being an administrator. */
async function agencyUserManager(server: TestServer) {
  const user = await server.createUser({ username: "user-manager", password: "Users#2026!" });
  const role = await server.db.insertInto("roles").values({ name: "Agency user manager", organisation_id: 3 }).returning("id").executeTakeFirstOrThrow();
  await server.db
    .insertInto("role_permissions")
    .values([
      { role_id: role.id, menu: "users", can_view: true, can_create: true, can_edit: true, can_delete: true },
      { role_id: role.id, menu: "user-role-management", can_view: true, can_create: true, can_edit: true, can_delete: true },
    ])
    .execute();
  await server.db.insertInto("user_roles").values({ user_id: user.id, role_id: role.id }).execute();
  const client = server.client();
  await client.signIn("user-manager", "Users#2026!");
  return client;
}

const roleId = async (server: TestServer, name: string) => (await server.db.selectFrom("roles").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;

describeEachDatabase("users and roles", (server) => {
  it("creates a user who chooses a password through a mailed link, with the roles given", async () => {
    const admin = server.client();
    await admin.signIn("admin", "Admin#2026!");
    const agentRole = await roleId(server, "Agency agent");
    const created = await admin.post("/api/users", { username: "fresh.agent", email: "fresh.agent@gulfhorizon.example", organisationId: 3, roleIds: [agentRole] });
    expect(created.status, created.text).toBe(200);
    expect((created.body as { data: User }).data).toMatchObject({ username: "fresh.agent", roleIds: [agentRole], status: "active" });
    expect(created.text).not.toMatch(/password/i);
    const [mail] = await server.outbox();
    expect(mail).toMatchObject({ to_address: "fresh.agent@gulfhorizon.example", subject: "Your account is ready: choose your password" });
    expect(mail?.link).toMatch(/\/reset-password\?token=/);

    const duplicate = await admin.post("/api/users", { username: "FRESH.agent", email: "other@gulfhorizon.example", organisationId: 3 });
    expect(duplicate.body).toMatchObject({ status: 409, code: "duplicate" });
  });

  it("keeps a user manager inside their agency and below their own grants", async () => {
    const manager = await agencyUserManager(server);
    const listed = (await manager.get("/api/users?pageSize=100")).body as { data: User[] };
    expect(new Set(listed.data.map((user) => user.organisationId))).toEqual(new Set([3]));
    const admin = await server.db.selectFrom("users").select("id").where("username", "=", "admin").executeTakeFirstOrThrow();
    expect((await manager.get(`/api/users/${admin.id}`)).status).toBe(404);
    expect((await manager.request("PUT", `/api/users/${admin.id}`, { status: "inactive" })).status).toBe(404);
    expect((await manager.post("/api/users", { username: "rose.agent", email: "r@desertrose.example", organisationId: 4 })).status).toBe(404);

    const administratorRole = await roleId(server, "Head office administrator");
    const escalation = await manager.post("/api/users", { username: "branch.boss", email: "boss@gulfhorizon.example", organisationId: 5, roleIds: [administratorRole] });
    // The head office's administrator role is not shared: below it, the role does not exist.
    expect(escalation.body).toMatchObject({ status: 404, code: "roles_not_found" });
    const unlimited = await manager.post("/api/users", { username: "branch.boss", email: "boss@gulfhorizon.example", organisationId: 5, unlimitedCreditlimit: true });
    expect(unlimited.body).toMatchObject({ status: 403, code: "unlimited_credit_admin_only" });
    const bigRole = await manager.post("/api/roles", { name: "Back door", permissions: ["setup-configuration:edit"] });
    expect(bigRole.body).toMatchObject({ status: 403, code: "permission_escalation" });
    const ownRole = await manager.post("/api/roles", { name: "Branch user desk", permissions: ["users:view", "users:create"] });
    expect(ownRole.status, ownRole.text).toBe(200);
    const branchUser = await manager.post("/api/users", { username: "branch.desk", email: "desk@gulfhorizon.example", organisationId: 5, roleIds: [(ownRole.body as { data: { id: number } }).data.id] });
    expect(branchUser.status, branchUser.text).toBe(200);
  });

  it("ends a deactivated user's sessions at once and sends reset links on request", async () => {
    await server.createUser({ username: "to-deactivate", password: "Deact#2026!" });
    const victim = server.client();
    await victim.signIn("to-deactivate", "Deact#2026!");
    expect((await victim.get("/api/auth")).status).toBe(200);
    const admin = server.client();
    await admin.signIn("admin", "Admin#2026!");
    const user = await server.db.selectFrom("users").select("id").where("username", "=", "to-deactivate").executeTakeFirstOrThrow();
    expect((await admin.post(`/api/users/${user.id}/reset-password`, {})).status).toBe(200);
    expect((await server.outbox())[0]).toMatchObject({ subject: "Choose a new password", to_address: "to-deactivate@test.example" });
    expect((await admin.request("PUT", `/api/users/${user.id}`, { status: "inactive" })).status).toBe(200);
    expect((await victim.get("/api/auth")).status).toBe(440);
    expect((await admin.post(`/api/users/${user.id}/reset-password`, {})).body).toMatchObject({ status: 422, code: "user_inactive" });
    const adminSelf = await server.db.selectFrom("users").select("id").where("username", "=", "admin").executeTakeFirstOrThrow();
    expect((await admin.request("PUT", `/api/users/${adminSelf.id}`, { status: "inactive" })).body).toMatchObject({ status: 422, code: "cannot_deactivate_self" });
  });

  it("reads a role's grants back as section:action codes", async () => {
    const admin = server.client();
    await admin.signIn("admin", "Admin#2026!");
    const agentRole = await roleId(server, "Agency agent");
    const role = (await admin.get(`/api/roles/${agentRole}`)).body as { data: { permissions: string[] } };
    expect(role.data.permissions).toEqual(expect.arrayContaining(["bookings:view", "bookings:create", "report:view", "quoting_tool"]));
    expect(role.data.permissions).not.toContain("report:create");
  });
});
