import Fastify from "fastify";
import { exportJWK, generateKeyPair, SignJWT } from "jose";

/**
 * A local stand-in for an OpenID Connect identity provider (Microsoft Entra ID, Okta, Google
 * Workspace), as OpenID Connect Core 1.0 describes the implicit flow
 * (https://openid.net/specs/openid-connect-core-1_0.html#ImplicitFlowAuth) and Discovery 1.0 its
 * configuration (https://openid.net/specs/openid-connect-discovery-1_0.html):
 * - `GET /.well-known/openid-configuration` and `GET /jwks` (the public RS256 key);
 * - `GET /authorize?client_id&redirect_uri&response_type=id_token&scope&state&nonce` shows a sign-in
 *   page; continuing sends the browser to `redirect_uri#id_token=…&state=…`, cancelling to
 *   `redirect_uri#error=access_denied&error_description=…&state=…` (section 3.2.2.6);
 * - an unknown client or an unregistered return address is refused on the provider's own page.
 * The id_token carries iss, aud (the client id), sub, email, email_verified, nonce, iat and exp.
 */
export async function startFakeOidc(port: number, clientId: string) {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const publicJwk = { ...(await exportJWK(publicKey)), kid: "fake-oidc-1", alg: "RS256", use: "sig" };
  const app = Fastify();
  let issuer = "";

  const refuse = (reply: { code: (status: number) => { type: (type: string) => { send: (body: string) => unknown } } }, why: string) =>
    reply.code(400).type("text/html; charset=utf-8").send(`<!doctype html><title>Sign-in refused</title><h1>Sign-in refused</h1><p>${why}</p>`);
  const registered = (redirectUri: string) => {
    try {
      const url = new URL(redirectUri);
      return url.pathname === "/login" && url.search === "?sso=1";
    } catch {
      return false;
    }
  };
  const escape = (text: string) => text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);

  app.get("/.well-known/openid-configuration", async () => ({
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    jwks_uri: `${issuer}/jwks`,
    response_types_supported: ["id_token"],
    subject_types_supported: ["public"],
    id_token_signing_alg_values_supported: ["RS256"],
    scopes_supported: ["openid", "email"],
    claims_supported: ["sub", "email", "email_verified", "nonce"],
  }));
  app.get("/jwks", async () => ({ keys: [publicJwk] }));

  app.get("/authorize", async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    if (query.client_id !== clientId) return refuse(reply, `The client ${escape(query.client_id ?? "")} is not registered.`);
    if (!registered(query.redirect_uri ?? "")) return refuse(reply, "The return address is not registered for this client.");
    if (query.response_type !== "id_token" || !query.nonce) return refuse(reply, "Only response_type=id_token with a nonce is allowed.");
    const hidden = ["client_id", "redirect_uri", "state", "nonce"].map((name) => `<input type="hidden" name="${name}" value="${escape(query[name] ?? "")}">`).join("");
    return reply.type("text/html; charset=utf-8").send(`<!doctype html><html lang="en"><title>Contoso ID</title>
<main style="font:16px sans-serif;max-width:360px;margin:80px auto">
<h1>Contoso ID</h1><p>Sign in to continue to the agency console.</p>
<form action="/authorize/answer" method="get">${hidden}
<label>Work email <input name="email" type="email" required autocomplete="email"></label>
<p><button name="decision" value="continue">Continue</button> <button name="decision" value="cancel" formnovalidate>Cancel</button></p>
</form></main></html>`);
  });

  app.get("/authorize/answer", async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    if (query.client_id !== clientId || !registered(query.redirect_uri ?? "")) return refuse(reply, "The request is not one this provider made.");
    const back = new URL(query.redirect_uri!);
    if (query.decision !== "continue") {
      back.hash = new URLSearchParams({ error: "access_denied", error_description: "The user cancelled the sign-in.", state: query.state ?? "" }).toString();
      return reply.redirect(back.href);
    }
    back.hash = new URLSearchParams({ id_token: await idToken(query.email ?? "", query.nonce ?? ""), state: query.state ?? "" }).toString();
    return reply.redirect(back.href);
  });

  async function idToken(email: string, nonce: string, audience = clientId): Promise<string> {
    return new SignJWT({ email, email_verified: true, nonce })
      .setProtectedHeader({ alg: "RS256", kid: publicJwk.kid })
      .setIssuer(issuer)
      .setAudience(audience)
      .setSubject(`contoso|${email}`)
      .setIssuedAt()
      .setExpirationTime("5m")
      .sign(privateKey);
  }

  issuer = (await app.listen({ port, host: "127.0.0.1" })).replace("localhost", "127.0.0.1");
  return { issuer, idToken, close: () => app.close() };
}
