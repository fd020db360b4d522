import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import fastifyApiReference from "@scalar/fastify-api-reference";
import type { FastifyInstance } from "fastify";
import { ROUTE_TABLE } from "../../src/contract/routeTable";
import { openApiDocument } from "../../src/contract/openApi";

const REFERENCE = "/api/reference";
/** The API's version in the document: the platform's (package.json). */
const API_VERSION: string = (createRequire(import.meta.url)("../../package.json") as { version: string }).version;

/** The hashes of a page's inline scripts, for a Content-Security-Policy that runs them and nothing else inline. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => `'sha256-${createHash("sha256").update(match[1]!).digest("base64")}'`);
}

/**
 * The API's published reference: the OpenAPI 3.1 document generated from the route table at
 * /api/openapi.json, and a readable page of it at /api/reference (Scalar's renderer, its script
 * served from here; its one inline script allowed by hash, not by 'unsafe-inline').
 */
export async function registerApiReference(app: FastifyInstance): Promise<void> {
  // Built on first request (some 200 ms of schema conversion), not at every start.
  let document: ReturnType<typeof openApiDocument> | undefined;
  app.get("/api/openapi.json", async (_request, reply) => reply.header("cache-control", "no-cache").send((document ??= openApiDocument(ROUTE_TABLE, API_VERSION))));
  app.addHook("onSend", async (request, reply, payload) => {
    if (!request.url.startsWith(`${REFERENCE}/`) || typeof payload !== "string" || !String(reply.getHeader("content-type")).startsWith("text/html")) return payload;
    const policy = String(reply.getHeader("content-security-policy") ?? "");
    reply.header("content-security-policy", policy.replace(/script-src ([^;]*)/, (_, sources: string) => `script-src ${sources} ${inlineScriptHashes(payload).join(" ")}`));
    return payload;
  });
  await app.register(fastifyApiReference, {
    routePrefix: REFERENCE,
    logLevel: "warn",
    // Nothing that reaches outside the platform: no hosted fonts, AI agent, MCP generator or client download.
    configuration: {
      url: "/api/openapi.json",
      pageTitle: "Aggregator platform API",
      withDefaultFonts: false,
      hideClientButton: true,
      showDeveloperTools: "never",
      agent: { disabled: true },
      mcp: { disabled: true },
    },
  });
}
