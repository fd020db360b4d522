import { expect, it } from "vitest";
import { ROUTE_TABLE } from "../../src/contract/routeTable";
import { describeEachDatabase } from "./harness";

/** The renderer's own routes (its page, its script, its copies of the document) are not calls of the API. */
const REFERENCE_PAGE = /^\/api\/reference(\/|$)/;

describeEachDatabase("the route table", (server) => {
  it("declares every mounted route once, and mounts every declared one", () => {
    const declared = ROUTE_TABLE.map((endpoint) => `${endpoint.method} ${endpoint.path.replace(/\{(\w+)\}/g, ":$1")}`);
    expect(new Set(declared).size).toBe(declared.length);
    const mounted = server.app.mountedRoutes.filter((route) => route.url.startsWith("/api/") && !REFERENCE_PAGE.test(route.url)).map((route) => `${route.method} ${route.url}`);
    expect(mounted.filter((route) => !declared.includes(route)), "mounted but not declared").toEqual([]);
    expect(declared.filter((route) => !mounted.includes(route)), "declared but not mounted").toEqual([]);
  });
});
