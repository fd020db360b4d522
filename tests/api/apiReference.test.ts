import SwaggerParser from "@apidevtools/swagger-parser";
import { createHash } from "node:crypto";
import { expect, it } from "vitest";
import { ROUTE_TABLE as ENDPOINTS } from "../../src/contract/routeTable";
import { describeEachDatabase } from "./harness";

describeEachDatabase("the published API reference", (server) => {
  it("serves the OpenAPI 3.1 document of the route table, valid, to anyone", async () => {
    const response = await server.client().get("/api/openapi.json");
    expect(response.status).toBe(200);
    const document = response.body as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(document.openapi).toBe("3.1.0");
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
    for (const endpoint of ENDPOINTS) expect(document.paths[endpoint.path]?.[endpoint.method.toLowerCase()], `${endpoint.method} ${endpoint.path}`).toBeDefined();
  });

  it("serves a readable reference page whose only inline script the security policy allows by its hash", async () => {
    const page = await server.client().get("/api/reference/");
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    const html = page.text;
    expect(html).toContain('src="js/scalar.js"');
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline.length).toBeGreaterThan(0);
    const policy = String(page.headers["content-security-policy"]);
    for (const script of inline) expect(policy).toContain(`'sha256-${createHash("sha256").update(script).digest("base64")}'`);
    expect(/script-src ([^;]*)/.exec(policy)?.[1]).not.toContain("unsafe-inline");
    expect((await server.client().get("/api/reference/js/scalar.js")).status).toBe(200);
  });
});
