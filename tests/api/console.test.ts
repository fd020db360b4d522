import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { describeEachDatabase } from "./harness";

/** A stand-in for Vite's dist/: the server only needs files to serve. */
function fakeBuild(): string {
  const dist = mkdtempSync(path.join(os.tmpdir(), "aggregator-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>Aggregator Platform</title><div id=root></div>");
  writeFileSync(path.join(dist, "assets", "index-abc123.js"), "console.log('app');");
  writeFileSync(path.join(dist, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  return dist;
}

const html = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };

describeEachDatabase(
  "serving the console",
  (server) => {
    it("serves index.html, never cached, at / and at every client route", async () => {
      for (const route of ["/", "/dashboard", "/login?sso=1", "/bookings/42/edit"]) {
        const response = await server.client().get(route, { headers: html });
        expect(response.status, route).toBe(200);
        expect(response.text).toContain("<div id=root>");
        expect(response.headers["content-type"]).toMatch(/^text\/html/);
        expect(response.headers["cache-control"]).toBe("no-cache");
      }
    });

    it("serves built files, hashed assets cached for good", async () => {
      const asset = await server.client().get("/assets/index-abc123.js");
      expect(asset.status).toBe(200);
      expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const favicon = await server.client().get("/favicon.svg");
      expect(favicon.status).toBe(200);
      expect(favicon.headers["cache-control"]).toBe("no-cache");
    });

    it("answers JSON 404s under /api and for files that are not there", async () => {
      for (const [route, headers] of [["/api/missing", html], ["/api", html], ["/assets/missing.js", {}]] as const) {
        const response = await server.client().get(route, { headers });
        expect(response.status, route).toBe(404);
        expect(response.body).toEqual({ status: 404, code: "not_found", title: "Not found", message: expect.any(String), requestId: expect.any(String) });
      }
      const post = await server.client().post("/dashboard", {});
      expect(post.status).toBe(404);
    });

    it("serves /app-config.js with the project variant, never cached", async () => {
      const response = await server.client().get("/app-config.js");
      expect(response.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.text).toBe(
        'window.__APP_CONFIG__ = {"project":"ndc","providerName":"Acme Travel","defaultLanguage":"en","chatWidgetSrc":"https://chat.example.net/widget.js"};\n',
      );
    });

    it("lets the chat widget's origin through the content security policy", async () => {
      const response = await server.client().get("/", { headers: html });
      expect(response.headers["content-security-policy"]).toContain("script-src 'self' https://chat.example.net");
    });
  },
  { env: { DIST_DIR: fakeBuild(), APP_PROJECT: "ndc", APP_PROVIDER_NAME: "Acme Travel", CHAT_WIDGET_SRC: "https://chat.example.net/widget.js" } },
);

describeEachDatabase(
  "before the console is built",
  (server) => {
    it("says how to build it instead of serving a page", async () => {
      const response = await server.client().get("/dashboard", { headers: html });
      expect(response.status).toBe(503);
      expect(response.text).toContain("npm run build");
    });

    it("still answers the API and /app-config.js", async () => {
      expect((await server.client().get("/app-config.js")).text).toContain('"project":"aggregator"');
      expect((await server.client().post("/api/parent-settings")).status).toBe(200);
    });

    it("serves /app-config.js with the favicon of the organisation whose domain it is served on (used before a session exists)", async () => {
      const icon = "https://cdn.example/gulf-horizon.png";
      await server.db.updateTable("organisations").set({ fav_icon: icon }).where("domain", "=", "gulfhorizon.localhost").execute();
      try {
        expect((await server.client({ host: "gulfhorizon.localhost:5000" }).get("/app-config.js")).text).toContain(`"hostFavIcon":"${icon}"`);
        // Elsewhere, the head office's, which has none.
        expect((await server.client({ host: "unknown.example" }).get("/app-config.js")).text).not.toContain("hostFavIcon");
      } finally {
        await server.db.updateTable("organisations").set({ fav_icon: null }).where("domain", "=", "gulfhorizon.localhost").execute();
      }
    });
  },
  { env: { DIST_DIR: path.join(os.tmpdir(), "aggregator-no-such-build") } },
);
