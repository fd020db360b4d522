import { expect, it } from "vitest";
import { describeEachDatabase, type TestServer } from "./harness";

const LINK_SENT = { status: 200, message: expect.stringContaining("If an account matches") };

async function resetTokenFromOutbox(server: TestServer, to: string): Promise<string> {
  const mail = (await server.outbox()).find((candidate) => candidate.to_address === to && candidate.link !== null);
  if (mail?.link == null) throw new Error(`no reset mail to ${to}`);
  const link = new URL(mail.link);
  expect(`${link.origin}${link.pathname}`).toBe("http://localhost:5000/reset-password");
  return link.searchParams.get("token") ?? "";
}

describeEachDatabase("password reset by mailed link", (server) => {
  it("goes end to end: request, check the link, set a new password, sign in with it", async () => {
    const credentials = { username: "forgetful", password: "Forgetful#Old1" };
    await server.createUser(credentials);
    const signedIn = server.client();
    const oldSession = await signedIn.signIn(credentials.username, credentials.password, { rememberMe: true });

    expect((await server.client().post("/api/send_password", { username: "forgetful" })).body).toEqual(LINK_SENT);
    const token = await resetTokenFromOutbox(server, "forgetful@test.example");

    const check = await server.client().post("/api/checkresetlinkexpiry", { token });
    expect(check.body).toEqual({ status: 200, data: { valid: true, expiresAt: expect.any(String) } });

    const reset = await server.client().post("/api/resetpassword", { token, password: "Forgetful#New22" });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ status: 200, message: expect.any(String) });

    expect((await server.client().post("/api/sign-in", credentials)).status).toBe(401);
    expect((await server.client().post("/api/sign-in", { ...credentials, password: "Forgetful#New22" })).status).toBe(200);
    // Every earlier session and remember-me token is gone with the old password.
    expect((await signedIn.get("/api/auth")).status).toBe(440);
    expect((await server.client().post("/api/check-remember-me", { rememberme_token: oldSession.rememberMeToken })).status).toBe(401);
    // The link worked once.
    expect((await server.client().post("/api/checkresetlinkexpiry", { token })).body).toEqual({ status: 200, data: { valid: false, expiresAt: null } });
    const again = await server.client().post("/api/resetpassword", { token, password: "Forgetful#New33" });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: "reset_link_invalid" });
  });

  it("finds the account by email address too", async () => {
    await server.createUser({ username: "byemail", password: "Byemail#Pass1" });
    await server.client().post("/api/send_password", { username: "ByEmail@Test.Example" });
    expect(await resetTokenFromOutbox(server, "byemail@test.example")).not.toBe("");
  });

  it("answers the same for an unknown account and sends nothing", async () => {
    const before = (await server.outbox()).length;
    expect((await server.client().post("/api/send_password", { username: "nobody-at-all" })).body).toEqual(LINK_SENT);
    expect((await server.outbox()).length).toBe(before);
  });

  it("lets a link expire after an hour", async () => {
    await server.createUser({ username: "slowpoke", password: "Slowpoke#Pass1" });
    await server.client().post("/api/send_password", { username: "slowpoke" });
    const token = await resetTokenFromOutbox(server, "slowpoke@test.example");
    server.clock.advance(3601);
    expect((await server.client().post("/api/checkresetlinkexpiry", { token })).body).toMatchObject({ data: { valid: false } });
    expect((await server.client().post("/api/resetpassword", { token, password: "Slowpoke#New11" })).status).toBe(400);
  });

  it("says what is wrong with a weak new password, field by field", async () => {
    const response = await server.client().post("/api/resetpassword", { token: "whatever", password: "short" });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: "validation_failed",
      errors: expect.arrayContaining([
        { field: "password", message: "Use at least 10 characters." },
        { field: "password", message: "Use at least one upper-case letter." },
      ]),
    });
  });

  it("limits how many links one address may ask for", async () => {
    const client = server.client();
    for (let request = 1; request <= 10; request += 1) {
      expect((await client.post("/api/send_password", { username: `someone-${request}` })).status).toBe(200);
    }
    const limited = await client.post("/api/send_password", { username: "someone-11" });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ status: 429, code: "rate_limited", message: expect.stringContaining("Try again in") });
  });

  it("refuses an unknown link", async () => {
    expect((await server.client().post("/api/checkresetlinkexpiry", { token: "made-up" })).body).toEqual({ status: 200, data: { valid: false, expiresAt: null } });
    expect((await server.client().post("/api/resetpassword", { token: "made-up", password: "Perfectly#Good1" })).status).toBe(400);
  });
});
