import pg from "pg";
import { describe, expect, it } from "vitest";
import { throwawayPostgres } from "./harness";
import { HttpClient } from "./httpClient";
import { cuttableRelay } from "./relay";
import { exited, startServer } from "./serverProcess";

const serverUrl = process.env.TEST_DATABASE_URL;

/** The server's log entries among what it printed: the lines that are JSON objects. */
function logEntries(output: string): object[] {
  return output.split("\n").flatMap((line) => {
    try {
      const entry: unknown = JSON.parse(line);
      return typeof entry === "object" && entry !== null ? [entry] : [];
    } catch {
      return [];
    }
  });
}

/** Ends every connection the server holds to its database, as a PostgreSQL restart or an administrator would. */
async function endConnectionsTo(databaseUrl: string): Promise<number> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>("select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1", [name]);
    return rows.filter((row) => row.ended).length;
  } finally {
    await admin.end();
  }
}

describe.skipIf(!serverUrl)("PostgreSQL ends the server's idle connections", () => {
  it("the server keeps running, says so in its log, and answers on new connections", async () => {
    const database = await throwawayPostgres(serverUrl!);
    const server = await startServer({ DATABASE_URL: database.url });
    try {
      const admin = new HttpClient(server.baseUrl);
      await admin.signIn("admin", "Admin#2026!");
      expect((await admin.request("GET", "/api/markets?pageSize=5")).status).toBe(200);
      expect(await endConnectionsTo(database.url)).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(server.child.exitCode).toBeNull();
      // One structured warning per lost connection, in the server's own log (JSON lines), not a bare line on stderr.
      expect(logEntries(server.output())).toContainEqual(expect.objectContaining({ level: 40, msg: expect.stringContaining("A PostgreSQL connection was lost while idle") }));
      expect((await admin.request("GET", "/api/markets?pageSize=5")).status).toBe(200);
      expect((await fetch(`${server.baseUrl}/health/ready`)).status).toBe(200);
    } finally {
      server.child.kill("SIGTERM");
      await exited(server.child);
      await database.drop();
    }
  });
});

describe.skipIf(!serverUrl)("PostgreSQL unreachable behind a network partition", () => {
  it("the server says it is not ready and fails requests within seconds instead of holding them, and recovers once it is back", async () => {
    const database = await throwawayPostgres(serverUrl!);
    const relay = await cuttableRelay(new URL(database.url), 5432);
    const server = await startServer({ DATABASE_URL: relay.url });
    try {
      const admin = new HttpClient(server.baseUrl);
      await admin.signIn("admin", "Admin#2026!");
      relay.blackHole();
      // The server notices the dropped connections first (they are logged as lost).
      await new Promise((resolve) => setTimeout(resolve, 300));
      const ready = await fetch(`${server.baseUrl}/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: "unavailable" });
      expect((await admin.request("GET", "/api/markets?pageSize=5")).status).toBe(500);
      await relay.restore();
      expect((await fetch(`${server.baseUrl}/health/ready`)).status).toBe(200);
      expect((await admin.request("GET", "/api/markets?pageSize=5")).status).toBe(200);
    } finally {
      server.child.kill("SIGTERM");
      await exited(server.child);
      await relay.close();
      await database.drop();
    }
  }, 60_000);
});
