import SwaggerParser from "@apidevtools/swagger-parser";
import { describe, expect, it } from "vitest";
import { ROUTE_TABLE as ENDPOINTS } from "./routeTable";
import { openApiDocument } from "./openApi";

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document of every declared route", async () => {
    const document = openApiDocument(ENDPOINTS, "test");
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
    const operations = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(operations.sort()).toEqual(ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`).sort());
  });

  it("describes a call's body, path and query parameters, idempotency and answer from the same zod schemas", () => {
    const paths = openApiDocument(ENDPOINTS, "test").paths as Record<string, Record<string, { parameters?: { name: string; in: string }[]; requestBody?: unknown; responses: Record<string, unknown> }>>;
    const ticket = paths["/api/orders/{id}/ticket"]!.post!;
    expect(ticket.parameters?.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual(["path:id", "header:Idempotency-Key"]);
    expect(ticket.requestBody).toMatchObject({ content: { "application/json": { schema: { type: "object", properties: { payment: expect.anything() } } } } });
    expect(Object.keys(ticket.responses)).toEqual(expect.arrayContaining(["200", "400", "404", "422"]));
    const ledger = paths["/api/get-transaction-detail-by-agent/{id}"]!.get!;
    expect(ledger.parameters?.map((parameter) => parameter.name)).toEqual(["id", "page", "pageSize", "account"]);
  });
});
