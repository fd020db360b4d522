import { sql } from "kysely";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { createPasswordHasher } from "../../server/auth/passwordHasher";
import { loadConfig } from "../../server/config";
import { openPostgres, type OpenDatabase } from "../../server/db/openDatabase";
import { prepareDatabase } from "../../server/db/prepareDatabase";
import { dashboardSchema } from "../../src/contract/dashboard";
import { bookingsReportSchema } from "../../src/contract/reports";
import { ApiTestClient } from "./apiClient";
import { book, DEPOSIT, findOffer, orderOf } from "./orderFixtures";
import { standbyUnavailable, startPrimaryAndStandby, type PrimaryAndStandby } from "./standby";
import { TEST_PASSWORD_COST } from "./testPasswordCost";

// Below the kernel's ephemeral range (32768–60999 here): a port in it can be held by any outgoing
// connection of the parallel test files at that moment, and the primary would fail to start.
const PORT = 25_432;
const today = () => new Date().toISOString().slice(0, 10);
const unavailable = standbyUnavailable();
if (unavailable) console.warn(`Skipping the read replica test: ${unavailable}.`);

describe.skipIf(unavailable !== undefined)("reads on a streaming replica (DATABASE_READ_URL)", () => {
  let clusters: PrimaryAndStandby;
  let primary: OpenDatabase;
  let replica: OpenDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    clusters = startPrimaryAndStandby(PORT);
    primary = openPostgres(clusters.primaryUrl);
    replica = openPostgres(clusters.standbyUrl);
    await prepareDatabase(primary.db, { production: false, hashPassword: createPasswordHasher(TEST_PASSWORD_COST).hash });
    app = await buildApp({ db: primary.db, readDb: replica.db, config: loadConfig({ LOG_LEVEL: "silent", DATABASE_URL: clusters.primaryUrl, DATABASE_READ_URL: clusters.standbyUrl }), passwordCost: TEST_PASSWORD_COST });
    await app.ready();
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await replica?.db.destroy();
    await primary?.db.destroy();
    clusters?.remove();
  });

  /** Until the standby has replayed everything the primary has written so far. */
  async function caughtUp(): Promise<void> {
    const { rows } = await sql<{ lsn: string }>`select pg_current_wal_lsn()::text as lsn`.execute(primary.db);
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const replayed = await sql<{ done: boolean }>`select pg_last_wal_replay_lsn() >= ${rows[0]!.lsn}::pg_lsn as done`.execute(replica.db);
      if (replayed.rows[0]!.done) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("The standby did not catch up within 10 s.");
  }

  it("serves reports and the dashboard's figures from the replica, and the credit and the order just made from the primary", async () => {
    const agent = new ApiTestClient(app, { address: "10.9.0.1" });
    await agent.signIn("agent", "Agent#2026!");
    const report = async () => bookingsReportSchema.parse(((await agent.get(`/api/reports/bookings?from=${today()}&to=${today()}`)).body as { data: unknown }).data);
    const dashboard = async () => dashboardSchema.parse(((await agent.get("/api/dashboard")).body as { data: unknown }).data);
    await caughtUp();
    const before = await report();
    const dashboardBefore = await dashboard();
    expect(Date.parse(before.asOf)).toBeGreaterThan(Date.now() - 60_000);

    // The replica stops replaying: what is booked now reaches the primary only.
    await sql`select pg_wal_replay_pause()`.execute(replica.db);
    const order = orderOf(await book(agent, await findOffer(agent, "ba-ndc", "LIGHT"), DEPOSIT));
    const behind = await report();
    expect(behind.total).toBe(before.total);
    expect(behind.rows.map((row) => row.orderId)).not.toContain(order.id);
    expect(Date.parse(behind.asOf)).toBeLessThanOrEqual(Date.parse(order.createdAt));
    const dashboardBehind = await dashboard();
    expect(dashboardBehind.today.bookings).toBe(dashboardBefore.today.bookings);
    expect(dashboardBehind.recent.map((row) => row.orderId)).toContain(order.id);
    expect(dashboardBehind.credit.used.amount).toBeGreaterThan(dashboardBefore.credit.used.amount);
    expect((await agent.get(`/api/orders/${order.id}`)).status).toBe(200);

    // Replaying again, the replica shows it, as of now.
    await sql`select pg_wal_replay_resume()`.execute(replica.db);
    await caughtUp();
    const after = await report();
    expect(after.total).toBe(before.total + 1);
    expect(after.rows.map((row) => row.orderId)).toContain(order.id);
    expect(Date.parse(after.asOf)).toBeGreaterThan(Date.parse(order.createdAt));
    expect((await dashboard()).today.bookings).toBe(dashboardBefore.today.bookings + 1);
  });
});
