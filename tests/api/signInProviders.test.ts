import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { expect, it } from "vitest";
import { signInResponseSchema } from "../../src/contract/auth";
import type { CaptchaVerdict } from "../../server/auth/captcha";
import { startFakeOidc } from "../fakes/oidc/fakeOidc";
import { describeEachDatabase } from "./harness";

const ISSUER = "https://login.test.example";
const AUDIENCE = "aggregator-console";
const { publicKey, privateKey } = await generateKeyPair("RS256");
const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
const { privateKey: strangerKey } = await generateKeyPair("RS256");

async function idToken(claims: Record<string, unknown>, { audience = AUDIENCE, key = privateKey } = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: "test-key" })
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setSubject("idp-user-1")
    .setIssuedAt()
    .setExpirationTime("5m")
    .sign(key);
}

describeEachDatabase(
  "single sign-on, when enabled",
  (server) => {
    it("signs in the user whose email the identity provider vouches for", async () => {
      const response = await server.client().post("/api/ssoLogin", { idToken: await idToken({ email: "ADMIN@aggregator.example", email_verified: true }) });
      expect(response.status).toBe(200);
      expect(signInResponseSchema.parse(response.body)).toMatchObject({ verify: true, token: expect.any(String), refreshToken: expect.any(String) });
    });

    it("refuses a token for another audience, or signed by another key", async () => {
      for (const token of [await idToken({ email: "admin@aggregator.example" }, { audience: "someone-else" }), await idToken({ email: "admin@aggregator.example" }, { key: strangerKey })]) {
        const response = await server.client().post("/api/ssoLogin", { idToken: token });
        expect(response.status).toBe(401);
        expect(response.body).toMatchObject({ code: "sso_token_invalid" });
      }
    });

    it("refuses an unverified email, and an email no account has", async () => {
      const unverified = await server.client().post("/api/ssoLogin", { idToken: await idToken({ email: "admin@aggregator.example", email_verified: false }) });
      expect(unverified.body).toMatchObject({ code: "sso_token_invalid" });
      const stranger = await server.client().post("/api/ssoLogin", { idToken: await idToken({ email: "stranger@else.example" }) });
      expect(stranger.status).toBe(401);
      expect(stranger.body).toMatchObject({ code: "sso_user_unknown" });
    });
  },
  {
    env: { SSO_ENABLED: "true", SSO_JWKS_URL: `${ISSUER}/jwks`, SSO_ISSUER: ISSUER, SSO_AUDIENCE: AUDIENCE },
    app: { ssoKeys: createLocalJWKSet({ keys: [publicJwk] }) },
  },
);

const captchaVerdicts: Record<string, CaptchaVerdict> = {
  "human-token": { success: true, score: 0.9 },
  "bot-token": { success: true, score: 0.1 },
  "expired-token": { success: false },
};

describeEachDatabase(
  "reCAPTCHA sign-in, when enabled",
  (server) => {
    const credentials = { username: "admin", password: "Admin#2026!", expiry: 120 };

    it("signs in once the captcha passes", async () => {
      const response = await server.client().post("/api/recaptchaLogin", { ...credentials, captcha: "human-token" });
      expect(response.status).toBe(200);
      expect(signInResponseSchema.parse(response.body)).toMatchObject({ verify: true, token: expect.any(String) });
    });

    it("refuses a low score or a failed check", async () => {
      for (const captcha of ["bot-token", "expired-token"]) {
        const response = await server.client().post("/api/recaptchaLogin", { ...credentials, captcha });
        expect(response.status).toBe(403);
        expect(response.body).toMatchObject({ code: "captcha_failed" });
      }
    });

    it("asks for the captcha when the console sends 0 (none solved)", async () => {
      const response = await server.client().post("/api/recaptchaLogin", { ...credentials, captcha: 0, expiry: 0 });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: "captcha_required" });
    });

    it("still checks the password", async () => {
      const response = await server.client().post("/api/recaptchaLogin", { ...credentials, password: "wrong", captcha: "human-token" });
      expect(response.status).toBe(401);
    });

    it("after three failed passwords from one address, asks the captcha of that account there; solved, it signs in and the failures are forgiven", async () => {
      await server.createUser({ username: "guessed", password: "Guessed#2026!" });
      const fromHere = server.client({ address: "10.77.0.1" });
      for (let attempt = 0; attempt < 3; attempt += 1) expect((await fromHere.post("/api/sign-in", { username: "guessed", password: `wrong-${attempt}` })).status).toBe(401);
      const passwordAlone = await fromHere.post("/api/sign-in", { username: "guessed", password: "Guessed#2026!" });
      expect(passwordAlone.status).toBe(403);
      expect(passwordAlone.body).toMatchObject({ code: "captcha_required" });
      // The account from elsewhere, and another account from here, still sign in with a password.
      expect((await server.client({ address: "10.77.0.2" }).post("/api/sign-in", { username: "guessed", password: "Guessed#2026!" })).status).toBe(200);
      expect((await fromHere.post("/api/sign-in", { username: "admin", password: "Admin#2026!" })).status).toBe(200);
      await server.client({ address: "10.77.0.1" }).post("/api/sign-in", { username: "guessed", password: "wrong-again" });
      expect((await fromHere.post("/api/recaptchaLogin", { username: "guessed", password: "Guessed#2026!", captcha: "bot-token", expiry: 120 })).status).toBe(403);
      const solved = await fromHere.post("/api/recaptchaLogin", { username: "guessed", password: "Guessed#2026!", captcha: "human-token", expiry: 120 });
      expect(solved.status, solved.text).toBe(200);
      expect((await fromHere.post("/api/sign-in", { username: "guessed", password: "Guessed#2026!" })).status).toBe(200);
    });
  },
  {
    env: { RECAPTCHA_SECRET: "test-secret", RECAPTCHA_SITE_KEY: "test-site-key", RECAPTCHA_MIN_SCORE: "0.5" },
    app: { captchaVerifier: async (token) => captchaVerdicts[token] ?? { success: false } },
  },
);

describeEachDatabase("single sign-on set by the head office in the console", (server) => {
  it("offers the provider on the sign-in page once enabled, signs its users in by their verified email, and refuses tokens it did not issue", async () => {
    const provider = await startFakeOidc(0, "console-client");
    try {
      const admin = server.client();
      await admin.signIn("admin", "Admin#2026!");
      const settings = { name: "Contoso ID", issuer: provider.issuer, authorizeUrl: `${provider.issuer}/authorize`, jwksUrl: `${provider.issuer}/jwks`, clientId: "console-client", enabled: false };
      const refused = await admin.request("PUT", "/api/sso-settings", { ...settings, jwksUrl: "ftp://keys" });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ errors: [{ field: "jwksUrl" }] });
      const agent = server.client();
      await agent.signIn("agent", "Agent#2026!");
      expect((await agent.request("PUT", "/api/sso-settings", settings)).status).toBe(403);
      expect((await admin.get("/api/sso-settings")).body).toMatchObject({ data: null });

      // Saved but off: no button, and tokens are refused as before.
      expect((await admin.request("PUT", "/api/sso-settings", settings)).status).toBe(200);
      expect((await server.client().get("/app-config.js")).text).not.toContain("Contoso ID");
      const agentEmail = (await server.db.selectFrom("users").select("email").where("username", "=", "agent").executeTakeFirstOrThrow()).email;
      expect((await server.client().post("/api/ssoLogin", { idToken: await provider.idToken(agentEmail, "n") })).body).toMatchObject({ status: 403, code: "provider_disabled" });

      expect((await admin.request("PUT", "/api/sso-settings", { ...settings, enabled: true })).status).toBe(200);
      expect((await admin.get("/api/sso-settings")).body).toMatchObject({ data: { name: "Contoso ID", enabled: true, updatedBy: "admin" } });
      expect((await server.client().get("/app-config.js")).text).toContain(`"sso":{"name":"Contoso ID","authorizeUrl":"${provider.issuer}/authorize","clientId":"console-client"}`);
      const signedIn = await server.client().post("/api/ssoLogin", { idToken: await provider.idToken(agentEmail, "n") });
      expect(signedIn.status, signedIn.text).toBe(200);
      expect(signInResponseSchema.parse(signedIn.body)).toMatchObject({ verify: true, token: expect.any(String) });
      // Another client's token, or a stranger's email, does not sign in.
      expect((await server.client().post("/api/ssoLogin", { idToken: await provider.idToken(agentEmail, "n", "another-client") })).body).toMatchObject({ code: "sso_token_invalid" });
      expect((await server.client().post("/api/ssoLogin", { idToken: await provider.idToken("nobody@elsewhere.example", "n") })).body).toMatchObject({ code: "sso_user_unknown" });
      expect(await server.db.selectFrom("audit_log").select("action").where("resource", "=", "ssoSettings").execute()).toEqual([{ action: "create" }, { action: "update" }]);
    } finally {
      await server.db.deleteFrom("sso_settings").execute();
      await provider.close();
    }
  });
});
