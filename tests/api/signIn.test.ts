import { decodeJwt } from "jose";
import { TOTP } from "otpauth";
import { expect, it } from "vitest";
import { signInResponseSchema } from "../../src/contract/auth";
import { describeEachDatabase, type TestServer } from "./harness";

const ADMIN = { username: "admin", password: "Admin#2026!" };
const OTP_USER = { username: "otpuser", password: "Otp#2026!" };
const OTP_SECRET = "JBSWY3DPEHPK3PXP";

const totpCode = (server: TestServer, secret: string, offsetSeconds = 0) =>
  new TOTP({ secret, digits: 6, period: 30, algorithm: "SHA1" }).generate({ timestamp: server.clock.now().getTime() + offsetSeconds * 1000 });

describeEachDatabase("sign-in", (server) => {
  it("signs in with username and password: verify true, a JWT and a refresh token", async () => {
    const response = await server.client().post("/api/sign-in", ADMIN);
    expect(response.status).toBe(200);
    const answer = signInResponseSchema.parse(response.body);
    expect(answer).toMatchObject({ status: 200, verify: true, otp: false });
    expect(answer.rememberMeToken).toBeUndefined();
    const claims = decodeJwt(answer.token!);
    expect(claims).toMatchObject({ username: "admin", admin: true, agent: false, unlimited_creditlimit: true });
    expect(claims.exp! - claims.iat!).toBe(900);
    expect(answer.refreshToken).toMatch(/^[\w-]{43}$/);
  });

  it("matches the username whatever its case", async () => {
    const response = await server.client().post("/api/sign-in", { ...ADMIN, username: "ADMIN" });
    expect(response.status).toBe(200);
  });

  it("refuses a wrong password, the same way as an unknown user, and counts the failure", async () => {
    const user = await server.createUser({ username: "wrongpass", password: "Right#Password1" });
    const wrong = await server.client().post("/api/sign-in", { username: "wrongpass", password: "nope" });
    const unknown = await server.client().post("/api/sign-in", { username: "nobody-here", password: "nope" });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ status: 401, code: "invalid_credentials", message: "The username or password is not correct.", title: "Sign-in failed", requestId: expect.any(String) });
    // The same answer but for the request's own id.
    expect({ ...(unknown.body as object), requestId: "" }).toEqual({ ...(wrong.body as object), requestId: "" });
    const row = await server.db.selectFrom("users").select(["failed_login_attempts", "last_failed_login_at"]).where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.failed_login_attempts).toBe(1);
    expect(row.last_failed_login_at).toBeInstanceOf(Date);
  });

  it("refuses a deactivated account once its password is right", async () => {
    await server.createUser({ username: "leaver", password: "Leaver#Password1" });
    await server.db.updateTable("users").set({ status: "inactive" }).where("username", "=", "leaver").execute();
    const response = await server.client().post("/api/sign-in", { username: "leaver", password: "Leaver#Password1" });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: "account_inactive" });
  });

  it("throttles an account from one address after 5 wrong passwords, until the window passes; its owner elsewhere still signs in", async () => {
    const credentials = { username: "throttled", password: "Throttled#Pass1" };
    const user = await server.createUser(credentials);
    const address = "192.0.2.15";
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await server.client({ address }).post("/api/sign-in", { ...credentials, password: `wrong-${attempt}` });
      expect(response.status).toBe(401);
    }
    const blocked = await server.client({ address }).post("/api/sign-in", credentials);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      status: 429,
      code: "too_many_attempts",
      title: "Too many attempts",
      message: expect.stringMatching(/^Too many failed sign-in attempts for this account from your network address\. Try again in 15 minutes \(after \d\d:\d\d UTC\)\.$/),
      requestId: expect.any(String),
    });
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(800);
    const counter = await server.db.selectFrom("users").select("failed_login_attempts").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(counter.failed_login_attempts).toBe(5);
    // The stranger's guesses do not lock the owner out of their own address.
    expect((await server.client({ address: "192.0.2.16" }).post("/api/sign-in", credentials)).status).toBe(200);
    for (let attempt = 1; attempt <= 5; attempt += 1) await server.client({ address }).post("/api/sign-in", { ...credentials, password: "wrong" });

    server.clock.advance(15 * 60 + 1);
    expect((await server.client({ address }).post("/api/sign-in", credentials)).status).toBe(200);
    const reset = await server.db.selectFrom("users").select("failed_login_attempts").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(reset.failed_login_attempts).toBe(0);
  });

  it("throttles an account after 50 wrong passwords spread over many addresses", async () => {
    const credentials = { username: "spread", password: "Spread#Pass1" };
    await server.createUser(credentials);
    for (let attempt = 1; attempt <= 50; attempt += 1) {
      expect((await server.client().post("/api/sign-in", { ...credentials, password: `wrong-${attempt}` })).status).toBe(401);
    }
    const blocked = await server.client().post("/api/sign-in", credentials);
    expect(blocked.body).toMatchObject({ status: 429, code: "too_many_attempts", message: expect.stringContaining("for this account. ") });
    server.clock.advance(15 * 60 + 1);
  });

  it("forgets an account's failures when it signs in successfully", async () => {
    const credentials = { username: "forgiven", password: "Forgiven#Pass1" };
    await server.createUser(credentials);
    for (let attempt = 1; attempt <= 4; attempt += 1) await server.client().post("/api/sign-in", { ...credentials, password: "wrong" });
    expect((await server.client().post("/api/sign-in", credentials)).status).toBe(200);
    for (let attempt = 1; attempt <= 4; attempt += 1) await server.client().post("/api/sign-in", { ...credentials, password: "wrong" });
    expect((await server.client().post("/api/sign-in", credentials)).status).toBe(200);
  });

  it("throttles an address after 20 failures, whatever the usernames, but not other addresses", async () => {
    const address = "192.0.2.77";
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const response = await server.client({ address }).post("/api/sign-in", { username: `guess-${attempt}`, password: "wrong" });
      expect(response.status).toBe(401);
    }
    const blocked = await server.client({ address }).post("/api/sign-in", ADMIN);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ code: "too_many_attempts", message: expect.stringContaining("your network address") });
    expect((await server.client({ address: "192.0.2.78" }).post("/api/sign-in", ADMIN)).status).toBe(200);
  });

  it("asks a TOTP user for a code and gives no token before it", async () => {
    const response = await server.client().post("/api/sign-in", OTP_USER);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 200, verify: false, otp: false, otpRequired: true, message: expect.any(String) });
  });

  it("completes a TOTP sign-in with the authenticator's code, which works only once", async () => {
    const code = totpCode(server, OTP_SECRET);
    const first = await server.client().post("/api/verify-otp", { ...OTP_USER, otp: code });
    expect(first.status).toBe(200);
    expect(signInResponseSchema.parse(first.body)).toMatchObject({ status: 200, otp: true, verify: true, token: expect.any(String), refreshToken: expect.any(String) });
    expect(decodeJwt(signInResponseSchema.parse(first.body).token!)).toMatchObject({ username: "otpuser" });

    const replay = await server.client().post("/api/verify-otp", { ...OTP_USER, otp: code });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ code: "otp_invalid" });
  });

  it("accepts the neighbouring time step's code (clock drift) and refuses older ones", async () => {
    const user = await server.createUser({ username: "drifter", password: "Drifter#Pass1", totpSecret: "KRSXG5CTMVRXEZLU" });
    const early = await server.client().post("/api/verify-otp", { username: user.username, password: "Drifter#Pass1", otp: totpCode(server, "KRSXG5CTMVRXEZLU", 30) });
    expect(early.status).toBe(200);
    const stale = await server.client().post("/api/verify-otp", { username: user.username, password: "Drifter#Pass1", otp: totpCode(server, "KRSXG5CTMVRXEZLU", -120) });
    expect(stale.status).toBe(401);
  });

  it("refuses verify-otp with a wrong password or a wrong code", async () => {
    const wrongPassword = await server.client().post("/api/verify-otp", { ...OTP_USER, password: "wrong", otp: totpCode(server, OTP_SECRET) });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toMatchObject({ code: "invalid_credentials" });
    const rightCode = totpCode(server, OTP_SECRET);
    const wrongCode = await server.client().post("/api/verify-otp", { ...OTP_USER, otp: rightCode === "000000" ? "111111" : "000000" });
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.body).toMatchObject({ code: "otp_invalid" });
    const malformed = await server.client().post("/api/verify-otp", { ...OTP_USER, otp: "12ab" });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ errors: [{ field: "otp", message: "The code is 6 digits." }] });
  });

  it("mails a one-time code on resend-otp that verify-otp accepts once, for 10 minutes", async () => {
    const credentials = { username: "mailcode", password: "Mailcode#Pass1" };
    await server.createUser({ ...credentials, totpSecret: "GEZDGNBVGY3TQOJQ" });
    const resend = await server.client().post("/api/resend-otp", credentials);
    expect(resend.status).toBe(200);
    expect(resend.body).toEqual({ status: 200, message: expect.stringContaining("m***e@test.example") });
    const [mail] = await server.outbox();
    expect(mail).toMatchObject({ to_address: "mailcode@test.example", subject: "Your sign-in code" });
    const code = /\b(\d{6})\b/.exec(mail!.text_body)![1]!;

    const signedIn = await server.client().post("/api/verify-otp", { ...credentials, otp: code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ otp: true, verify: true });
    expect((await server.client().post("/api/verify-otp", { ...credentials, otp: code })).status).toBe(401);

    await server.client().post("/api/resend-otp", credentials);
    const [later] = await server.outbox();
    const laterCode = /\b(\d{6})\b/.exec(later!.text_body)![1]!;
    server.clock.advance(10 * 60 + 1);
    const expired = await server.client().post("/api/verify-otp", { ...credentials, otp: laterCode });
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ code: "otp_invalid" });
  });

  it("refuses resend-otp without the right password", async () => {
    const response = await server.client().post("/api/resend-otp", { ...OTP_USER, password: "wrong" });
    expect(response.status).toBe(401);
  });

  it("hands out a remember-me token that signs in again, until the session that asked for it signs out", async () => {
    const client = server.client();
    const answer = await client.signIn(ADMIN.username, ADMIN.password, { rememberMe: true });
    expect(answer.rememberMeToken).toMatch(/^[\w-]{43}$/);

    const remembered = await server.client().post("/api/check-remember-me", { rememberme_token: answer.rememberMeToken });
    expect(remembered.status).toBe(200);
    expect(signInResponseSchema.parse(remembered.body)).toMatchObject({ verify: true, token: expect.any(String), refreshToken: expect.any(String) });

    await client.get("/api/logout");
    const afterLogout = await server.client().post("/api/check-remember-me", { rememberme_token: answer.rememberMeToken });
    expect(afterLogout.status).toBe(401);
    expect(afterLogout.body).toMatchObject({ code: "remember_me_invalid" });
  });

  it("refuses an unknown remember-me token", async () => {
    const response = await server.client().post("/api/check-remember-me", { rememberme_token: "made-up" });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: "remember_me_invalid" });
  });

  it("says single sign-on is off and which setting turns it on", async () => {
    const response = await server.client().post("/api/ssoLogin", { idToken: "x" });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ status: 403, code: "provider_disabled", title: "Not enabled", message: expect.stringContaining("SSO_ENABLED=true"), requestId: expect.any(String) });
  });

  it("says reCAPTCHA sign-in is off and which setting turns it on", async () => {
    const response = await server.client().post("/api/recaptchaLogin", { ...ADMIN, captcha: "token", expiry: 0 });
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: "provider_disabled", message: expect.stringContaining("RECAPTCHA_SECRET") });
  });
});
