import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { sql } from "kysely";
import { expect, it } from "vitest";
import { describeEachDatabase } from "./harness";

describeEachDatabase("operations: health, request ids", (server) => {
  it("answers live, and ready only with the database reachable and every migration applied", async () => {
    const client = server.client();
    expect(await client.get("/health/live")).toMatchObject({ status: 200, body: { status: "live" } });
    expect(await client.get("/health/ready")).toMatchObject({ status: 200, body: { status: "ready" } });
    await sql`delete from kysely_migration where name = '0021_money_transfer'`.execute(server.db);
    try {
      expect(await client.get("/health/ready")).toMatchObject({ status: 503, body: { status: "migrating", pending: ["0021_money_transfer"] } });
    } finally {
      await sql`insert into kysely_migration (name, timestamp) values ('0021_money_transfer', ${new Date().toISOString()})`.execute(server.db);
    }
    expect((await client.get("/health/ready")).status).toBe(200);
  });

  it("gives every answer a request id, keeps a proxy's, and puts it in error bodies", async () => {
    const client = server.client();
    const answer = await client.get("/api/auth");
    const id = answer.headers["x-request-id"];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.body).toMatchObject({ requestId: id });
    const forwarded = await client.get("/api/auth", { headers: { "x-request-id": "edge-7f3a9c21" } });
    expect(forwarded.headers["x-request-id"]).toBe("edge-7f3a9c21");
    const unusable = await client.get("/api/auth", { headers: { "x-request-id": "<script>" } });
    expect(unusable.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describeEachDatabase(
  "operations: overload",
  (server) => {
    it("answers 503 with Retry-After while its event loop lags past the limit", async () => {
      const client = server.client();
      let answer = await client.get("/health/live");
      expect(answer.status).toBe(200);
      for (let attempt = 0; attempt < 10 && answer.status === 200; attempt += 1) {
        const until = Date.now() + 200;
        while (Date.now() < until) {
          // Keep the event loop busy, as a CPU-bound request would.
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
        answer = await client.get("/health/live");
      }
      expect(answer.status).toBe(503);
      expect(answer.headers["retry-after"]).toBe("10");
      expect(answer.body).toMatchObject({ status: 503, code: "overloaded" });
    });
  },
  { env: { OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: "30" } },
);

describeEachDatabase("operations: compression", (server) => {
  it("sends answers over 1 KB compressed when the client accepts it, and small ones as they are", async () => {
    const signIn = await server.client().signIn("agent", "Agent#2026!");
    const authorization = `Bearer ${signIn.token}`;
    const big = await server.app.inject({ method: "GET", url: "/api/dmt/fetchDmtBrands", headers: { authorization, "accept-encoding": "br, gzip" } });
    expect(big.statusCode).toBe(200);
    expect(big.headers["content-encoding"]).toBe("br");
    const brands = JSON.parse(brotliDecompressSync(big.rawPayload).toString()) as { data: unknown[] };
    expect(brands.data.length).toBe(2);
    const gzipped = await server.app.inject({ method: "GET", url: "/api/dmt/fetchDmtBrands", headers: { authorization, "accept-encoding": "gzip" } });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(brands);
    const small = await server.app.inject({ method: "GET", url: "/health/live", headers: { "accept-encoding": "br, gzip" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
    const plain = await server.app.inject({ method: "GET", url: "/api/dmt/fetchDmtBrands", headers: { authorization } });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.json()).toEqual(brands);
  });
});
