import { expect, it } from "vitest";
import { authResponseSchema, refreshResponseSchema } from "../../src/contract/auth";
import { MENU_SECTIONS } from "../../src/contract/menu";
import { describeEachDatabase } from "./harness";

const sessionExpired = { status: 440, code: "session_expired", title: "Session expired", message: expect.any(String), requestId: expect.any(String) };

describeEachDatabase("sessions", (server) => {
  it("tells the signed-in agent who they are and their organisation, per the contract", async () => {
    const client = server.client();
    await client.signIn("agent", "Agent#2026!");
    const response = await client.get("/api/auth");
    expect(response.status).toBe(200);
    const { data } = authResponseSchema.parse(response.body);
    expect(data.user).toMatchObject({
      username: "agent",
      email: "agent@gulfhorizon.example",
      agent: true,
      admin: false,
      agent_code: "GHT001",
      unlimited_creditlimit: false,
      languages: "en,ar",
    });
    expect(data.user.permissions.map((permission) => permission.menu)).toEqual(
      ["dashboard", "search", "bookings", "orderList", "activities", "dmt", "report", "accounts", "refer-friend", "upgrade"],
    );
    expect(data.user.permissions.filter((permission) => permission.quoting_tool !== undefined)).toHaveLength(1);
    expect(data.organisation).toMatchObject({
      name: "Gulf Horizon Travel",
      type: "CR",
      hierarchy_level: 3,
      credit_limit: 5_000_000,
      currency: { code: "KWD", decimal: 3 },
      pay_options: "1,3,6",
    });
    expect(typeof data.organisation.credit_limit).toBe("number");
  });

  it("gives the administrator every section with every action and the quoting tool", async () => {
    const client = server.client();
    await client.signIn("admin", "Admin#2026!");
    const { data } = authResponseSchema.parse((await client.get("/api/auth")).body);
    expect(data.user.permissions).toHaveLength(MENU_SECTIONS.length);
    expect(data.user.permissions.every((entry) => entry.view && entry.create && entry.edit && entry.delete)).toBe(true);
    expect(data.user.permissions[0]?.quoting_tool).toBe(true);
    expect(data.organisation).toMatchObject({ type: "FC", parent_id: null, hierarchy_level: 1 });
  });

  it("answers 401 unauthorized without a token or with a bad one", async () => {
    const anonymous = await server.client().get("/api/auth");
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ status: 401, code: "unauthorized" });
    const forged = server.client();
    forged.token = "eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl";
    expect((await forged.get("/api/auth")).body).toMatchObject({ code: "unauthorized" });
  });

  it("answers 401 token_expired once the access token's 15 minutes are up; a refresh then works", async () => {
    const client = server.client();
    await client.signIn("agent", "Agent#2026!");
    server.clock.advance(901);
    const expired = await client.get("/api/auth");
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ code: "token_expired" });

    const refreshed = await client.post("/api/refresh", { refreshToken: client.refreshToken, user: "agent" }, { withoutToken: true });
    expect(refreshed.status).toBe(200);
    const tokens = refreshResponseSchema.parse(refreshed.body);
    client.token = tokens.token;
    expect((await client.get("/api/auth")).status).toBe(200);
  });

  it("rotates refresh tokens, and a reused one ends the whole family with 440", async () => {
    const client = server.client();
    const first = await client.signIn("agent", "Agent#2026!");
    const second = refreshResponseSchema.parse((await client.post("/api/refresh", { refreshToken: first.refreshToken, user: "agent" })).body);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const third = refreshResponseSchema.parse((await client.post("/api/refresh", { refreshToken: second.refreshToken })).body);

    const replay = await client.post("/api/refresh", { refreshToken: first.refreshToken, user: "agent" });
    expect(replay.status).toBe(440);
    expect(replay.body).toEqual({ ...sessionExpired, message: expect.stringContaining("already used") });

    // The family is dead: the newest refresh token and the access tokens of the session too.
    expect((await client.post("/api/refresh", { refreshToken: third.refreshToken })).status).toBe(440);
    client.token = third.token;
    expect((await client.get("/api/auth")).body).toEqual(sessionExpired);
  });

  it("refuses a refresh token presented for another user, an unknown one and an expired one", async () => {
    const client = server.client();
    const answer = await client.signIn("agent", "Agent#2026!");
    expect((await client.post("/api/refresh", { refreshToken: answer.refreshToken, user: "admin" })).status).toBe(440);
    expect((await client.post("/api/refresh", { refreshToken: "made-up" })).body).toEqual(sessionExpired);
    server.clock.advance(server.config.refreshTokenTtlSeconds + 1);
    expect((await client.post("/api/refresh", { refreshToken: answer.refreshToken, user: "agent" })).body).toEqual(sessionExpired);
  });

  it("signs out: the session's refresh token and access token stop working", async () => {
    const client = server.client();
    const answer = await client.signIn("agent", "Agent#2026!");
    const logout = await client.get("/api/logout");
    expect(logout.body).toEqual({ status: 200, message: expect.any(String) });
    expect((await client.get("/api/auth")).status).toBe(440);
    expect((await client.post("/api/refresh", { refreshToken: answer.refreshToken })).status).toBe(440);
  });

  it("signs out with an expired access token too, and answers 200 without any token", async () => {
    const client = server.client();
    const answer = await client.signIn("agent", "Agent#2026!");
    server.clock.advance(901);
    expect((await client.get("/api/logout")).status).toBe(200);
    expect((await client.post("/api/refresh", { refreshToken: answer.refreshToken })).status).toBe(440);
    expect((await server.client().get("/api/logout")).status).toBe(200);
  });

  it("ends the session of a deactivated user with 440", async () => {
    const credentials = { username: "deactivated", password: "Deactivated#1" };
    await server.createUser(credentials);
    const client = server.client();
    const answer = await client.signIn(credentials.username, credentials.password);
    await server.db.updateTable("users").set({ status: "inactive" }).where("username", "=", credentials.username).execute();
    expect((await client.get("/api/auth")).body).toEqual(sessionExpired);
    expect((await client.post("/api/refresh", { refreshToken: answer.refreshToken })).body).toEqual(sessionExpired);
  });

  it("lets only a head-office administrator read the dev outbox", async () => {
    const agent = server.client();
    await agent.signIn("agent", "Agent#2026!");
    const refused = await agent.get("/api/dev-outbox");
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "head_office_admin_only" });

    await server.client().post("/api/send_password", { username: "agent" });
    const admin = server.client();
    await admin.signIn("admin", "Admin#2026!");
    const outbox = await admin.get("/api/dev-outbox?page=1&pageSize=5");
    expect(outbox.status).toBe(200);
    expect(outbox.body).toMatchObject({
      status: 200,
      total: expect.any(Number),
      data: expect.arrayContaining([
        { id: expect.any(Number), to: "agent@gulfhorizon.example", subject: "Choose a new password", text: expect.any(String), link: expect.stringContaining("/reset-password?token="), created_at: expect.any(String) },
      ]),
    });
    expect((await admin.get("/api/dev-outbox?pageSize=1000")).status).toBe(400);
  });
});
