import { expect, it } from "vitest";
import type { ApiTestClient, RequestOptions, TestResponse } from "./apiClient";
import { describeEachDatabase } from "./harness";

/** Ids no record has: negative, zero, fractions, text, past 2^31-1, past 2^53, control characters. */
const BAD_IDS = ["-1", "0", "1.5", "abc", "2147483648", "99999999999999999999", "1e400", "%00", "%E2%80%AE1", "NaN"];

const deeplyNested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < levels; level += 1) value = { next: value };
  return value;
};

/** Sealed bodies of the wrong shape: every route must answer them with a 4xx. */
const BAD_BODIES: unknown[] = [
  null,
  [],
  "text",
  42,
  { id: -1, organisationId: "x", amount: 1e308, page: -5 },
  { id: 2_147_483_648, organisationId: 2 ** 53, roleIds: [1.5], ids: [null] },
  { name: "a\u0000b", username: "admin\u202E", reason: "\u2066refund\u2069", email: "x@y.z\u0000" },
  { departureDate: "1899-12-31", validFrom: "2101-01-01", dateOfBirth: "0001-01-01", at: "275760-09-13T00:00:00Z" },
  deeplyNested(40),
  { originDestinations: [{ origin: "XXX", destination: "XXX", departureDate: "2001-01-01" }], passengers: { ADT: -1 } },
  { payload: "not sealed twice", __proto__: { admin: true }, constructor: { prototype: { admin: true } } },
];

/** Raw bodies that are not an envelope at all. */
const BAD_RAW_BODIES = ["{", '{"payload": 5}', '{"payload": "zz"}', "[]", '"\u0000"', `{"payload":"${"a".repeat(5000)}"}`];

const BAD_QUERIES = [
  "page=-1&pageSize=abc",
  "pageSize=100000",
  "sort=password&order=sideways",
  "filter[id]=abc&filter[organisationId]=99999999999",
  "filter[status]=maybe&filter[createdAt][gte]=yesterday",
  "q=%00&name=%E2%80%AE",
  "filter[name][regex]=.*",
  "status=1&status=2&page[]=1",
];

const BAD_HEADERS: RequestOptions[] = [
  { headers: { authorization: "Bearer not.a.token" } },
  { headers: { "idempotency-key": "x".repeat(500) } },
  { headers: { "content-type": "text/plain" }, rawBody: "hello" },
  { headers: { "x-forwarded-for": "\u0000, ::1", "accept-language": "\u202E" } },
];

const withParams = (url: string, value: string) => url.replace(/:[A-Za-z]+/g, value);
const sample = (url: string) => withParams(url, "1");

describeEachDatabase("fuzz: malformed input across every mounted route", (server) => {
  it("answers at least 300 malformed bodies, ids, filters and headers with a 4xx, never a 5xx", async () => {
    const routes = server.app.mountedRoutes.filter((route) => route.url.startsWith("/api/") && !route.url.includes("*"));
    expect(routes.length).toBeGreaterThan(80);

    let admin = server.client({ address: "10.200.0.1" });
    await admin.signIn("admin", "Admin#2026!");
    const anonymous = server.client({ address: "10.200.0.2" });
    const failures: string[] = [];
    const shapes: string[] = [];
    let sent = 0;

    const send = async (client: ApiTestClient, method: string, url: string, body: unknown, options: RequestOptions = {}) => {
      if (client !== anonymous && !client.cookies.has("XSRF-TOKEN")) await client.get("/app-config.js");
      const response: TestResponse = await client.request(method as "GET", url, method === "GET" ? undefined : body, options);
      sent += 1;
      if (response.status >= 500) failures.push(`${method} ${url} ${JSON.stringify(body)?.slice(0, 80)} -> ${response.status} ${response.text.slice(0, 160)}`);
      // One error shape: a refused value is 400 validation_failed naming each field as the docs write it.
      const refusal = response.body as { code?: string; errors?: { field: string }[] } | undefined;
      if (response.status === 400 && refusal?.code === "validation_failed") {
        const badFields = (refusal.errors ?? []).map((error) => error.field).filter((field) => field === "" || field.startsWith(".") || field.endsWith(".") || field.includes(".."));
        if (!refusal.errors?.length || badFields.length > 0) shapes.push(`${method} ${url} -> ${JSON.stringify(refusal.errors ?? null).slice(0, 160)}`);
      }
      // A route that ends the session (sign-out) leaves the administrator signed out: sign in again.
      if (client === admin && (response.status === 401 || response.status === 440)) {
        admin = server.client({ address: "10.200.0.1" });
        await admin.signIn("admin", "Admin#2026!");
      }
      return response;
    };

    for (const route of routes) {
      const { method, url } = route;
      if (url.includes(":")) for (const id of BAD_IDS) await send(admin, method, withParams(url, id), {});
      if (method === "GET") {
        for (const query of BAD_QUERIES) await send(admin, method, `${sample(url)}?${query}`, undefined);
      } else {
        for (const body of BAD_BODIES) await send(admin, method, sample(url), body);
        for (const raw of BAD_RAW_BODIES) await send(admin, method, sample(url), undefined, { rawBody: raw });
        await send(anonymous, method, sample(url), BAD_BODIES[4]);
      }
      for (const headers of BAD_HEADERS) await send(admin, method, sample(url), {}, headers);
    }

    expect(sent).toBeGreaterThanOrEqual(300);
    expect(failures).toEqual([]);
    expect(shapes).toEqual([]);
  }, 180_000);
});
