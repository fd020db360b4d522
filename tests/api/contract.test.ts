import { expect, it } from "vitest";
import { sealPayload } from "../../src/contract/envelope";
import { describeEachDatabase } from "./harness";

const errorShape = (status: number, code: string) => ({ status, code, message: expect.any(String), title: expect.any(String), requestId: expect.any(String) });

describeEachDatabase("the API contract: envelope, anti-forgery, errors", (server) => {
  const signInBody = { username: "agent", password: "Agent#2026!" };

  it("accepts a body sealed by the browser's envelope", async () => {
    const response = await server.client().post("/api/sign-in", signInBody);
    expect(response.status).toBe(200);
  });

  it.each([
    ["not JSON", "{payload: nope", "invalid_json", /not valid JSON/],
    ["without a payload field", JSON.stringify(signInBody), "payload_missing", /no payload field/],
    ["a payload that is not a string", JSON.stringify({ payload: { username: "agent" } }), "payload_not_string", /must be a string/],
    ["a payload sealed with another key", JSON.stringify({ payload: sealPayload(signInBody, { secret: "not-the-server-secret" }) }), "payload_invalid", /wrong key/],
    ["a truncated payload", JSON.stringify({ payload: sealPayload(signInBody, { secret: "aggregator-dev-payload-secret" }).slice(0, -7) }), "payload_invalid", /truncated|wrong key/],
    ["a payload cut inside its salt", JSON.stringify({ payload: "0123456789abcdef" }), "payload_invalid", /too short/],
  ])("answers 400 to a body that is %s, before any handler runs", async (_label, rawBody, code, message) => {
    const client = server.client();
    const response = await client.post("/api/sign-in", undefined, { rawBody });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errorShape(400, code));
    expect(response.body).toMatchObject({ message: expect.stringMatching(message) });
    // Had it reached the handler, the wrong body would have counted as a failed sign-in.
    const failures = await server.db.selectFrom("login_failures").selectAll().execute();
    expect(failures).toEqual([]);
  });

  it("answers 400 body_required to a POST that needs a body and has none", async () => {
    const response = await server.client().post("/api/sign-in");
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errorShape(400, "body_required"));
  });

  it("answers 415 to a body that is not JSON at all", async () => {
    const response = await server.client().post("/api/sign-in", undefined, { rawBody: "username=agent", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(response.status).toBe(415);
    expect(response.body).toEqual(errorShape(415, "unsupported_media_type"));
  });

  it("lists each invalid field", async () => {
    const response = await server.client().post("/api/sign-in", { username: "", password: 42 });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      ...errorShape(400, "validation_failed"),
      errors: [
        { field: "username", message: "Enter your username." },
        { field: "password", message: expect.any(String) },
      ],
    });
  });

  it("hands out a readable XSRF-TOKEN cookie on a response to a request without one", async () => {
    const client = server.client();
    const response = await client.get("/api/get-airlines-list");
    const setCookie = [response.headers["set-cookie"]].flat().join("\n");
    expect(setCookie).toMatch(/XSRF-TOKEN=[^;]+; Path=\/; SameSite=Lax/);
    expect(setCookie).not.toMatch(/XSRF-TOKEN=[^\n]*HttpOnly/);
    const again = await client.get("/api/get-airlines-list");
    expect(again.setCookies.has("XSRF-TOKEN")).toBe(false);
  });

  it("refuses a POST without the X-XSRF-TOKEN header with 403 and a fresh cookie to retry with", async () => {
    const client = server.client();
    const refused = await client.post("/api/sign-in", signInBody, { withoutXsrf: true });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual(errorShape(403, "xsrf_token_invalid"));
    expect(refused.setCookies.get("XSRF-TOKEN")).toEqual(expect.any(String));
    const retried = await client.post("/api/sign-in", signInBody);
    expect(retried.status).toBe(200);
  });

  it("refuses a header that does not match the cookie, and a forged cookie-and-header pair", async () => {
    const client = server.client();
    await client.get("/app-config.js");
    const wrong = await client.post("/api/sign-in", signInBody, { headers: { "x-xsrf-token": "forged" } });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ code: "xsrf_token_invalid" });

    const forger = server.client();
    forger.cookies.set("XSRF-TOKEN", "made-up-token");
    const forged = await forger.request("POST", "/api/sign-in", signInBody);
    expect(forged.status).toBe(403);
    expect(forged.body).toMatchObject({ code: "xsrf_token_invalid" });
    expect(forged.setCookies.get("XSRF-TOKEN")).not.toBe("made-up-token");
  });

  it("refuses a POST without a session cookie even when header and cookie agree", async () => {
    const client = server.client();
    await client.get("/app-config.js");
    client.cookies.delete("_csrf");
    const response = await client.post("/api/sign-in", signInBody);
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ code: "xsrf_token_invalid" });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await server.client().get("/api/no-such-thing", { headers: { accept: "text/html" } });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(errorShape(404, "not_found"));
  });

  it("sends security headers with a content security policy", async () => {
    const response = await server.client().get("/app-config.js");
    expect(response.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
  });
});
