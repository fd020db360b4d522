import { expect, it } from "vitest";
import { describeEachDatabase } from "./harness";

const ADMIN = { username: "admin", password: "Admin#2026!" };

describeEachDatabase("session answers are not cached", (server) => {
  it("marks authenticated API answers and API errors Cache-Control: no-store", async () => {
    const admin = server.client();
    await admin.signIn(ADMIN.username, ADMIN.password);
    for (const url of ["/api/auth", "/api/orders", "/api/users", "/api/check_credit_unlimited"]) {
      const response = await admin.get(url);
      expect(response.status, url).toBe(200);
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
    expect((await server.client().get("/api/orders")).headers["cache-control"]).toBe("no-store");
  });
});

describeEachDatabase(
  "client addresses behind one trusted proxy",
  (server) => {
    it("throttles by the address the proxy saw, whatever a client writes further left in X-Forwarded-For", async () => {
      const proxy = "10.9.9.9";
      for (let attempt = 1; attempt <= 20; attempt += 1) {
        const response = await server
          .client({ address: proxy })
          .post("/api/sign-in", { username: `guess-${attempt}`, password: "wrong" }, { headers: { "x-forwarded-for": `203.0.113.${attempt}, 198.51.100.7` } });
        expect(response.status).toBe(401);
      }
      const spoofed = await server.client({ address: proxy }).post("/api/sign-in", ADMIN, { headers: { "x-forwarded-for": "203.0.113.99, 198.51.100.7" } });
      expect(spoofed.body).toMatchObject({ status: 429, message: expect.stringContaining("your network address") });
      const otherClient = await server.client({ address: proxy }).post("/api/sign-in", ADMIN, { headers: { "x-forwarded-for": "198.51.100.8" } });
      expect(otherClient.status).toBe(200);
    });
  },
  { env: { TRUST_PROXY: "1" } },
);
