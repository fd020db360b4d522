import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { renderApiDocs, shapeOf } from "./apiDocs";
import { ROUTE_TABLE as ENDPOINTS } from "./routeTable";

describe("docs/api.md", () => {
  it("is what the contract generates (run npm run docs:api after changing src/contract)", () => {
    expect(readFileSync(new URL("../../docs/api.md", import.meta.url), "utf8")).toBe(renderApiDocs(ENDPOINTS));
  });

  it("lists each endpoint once and every order-changing call as idempotent", () => {
    const keys = ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const changing = [
      "POST /api/orders", "POST /api/hotels/book", "POST /api/orders/{id}/ticket", "POST /api/orders/{id}/change", "POST /api/orders/{id}/cancel", "POST /api/top-up-requests", "POST /api/top-up-requests/{id}/approve", "POST /api/make-agent-transaction",
      "POST /api/orders/{id}/items/{itemId}/cancel", "POST /api/orders/{id}/items/{itemId}/policy-change", "POST /api/insurance/book", "POST /api/activities/book", "POST /api/packages/book", "POST /api/visas/applications", "POST /api/visas/applications/{id}/move", "POST /api/dmt/transfers", "POST /api/orders/{id}/receipt",
    ];
    expect(ENDPOINTS.filter((endpoint) => endpoint.idempotent).map((endpoint) => `${endpoint.method} ${endpoint.path}`).sort()).toEqual(changing.sort());
  });

  it("says what every call answers: the envelope's data, its own whole answer, or a file, and only one of them", () => {
    const undeclared = ENDPOINTS.filter((endpoint) => [endpoint.data, endpoint.answer, endpoint.file].filter((answer) => answer !== undefined).length !== 1);
    expect(undeclared.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual([]);
  });

  it("renders shapes with optional fields, enums, arrays and nullables", () => {
    const shape = shapeOf(z.object({ code: z.enum(["A", "B"]), when: z.iso.date().nullable(), tags: z.array(z.string()), note: z.string().optional() }), "input");
    expect(shape).toBe('{\n  code: "A" | "B";\n  when: string /* date */ | null;\n  tags: Array<string>;\n  note?: string;\n}');
  });
});
