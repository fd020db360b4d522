import { BenchClient } from "./client";
import { freshDataDir, removeDataDir, startServer } from "./server";
import { goal, ms, percentile, type BenchRow } from "./stats";
import { steadyLoad, WARM_UP_SECONDS } from "./load";

const PORT = 5071;
const SIGN_IN_ROUNDS = 20;
const LOAD_SECONDS = 10;
const LOAD_CONNECTIONS = 10;
const IDLE_SETTLE_MS = 5_000;
/** Issue 37: the first hotel destination look-up after a start, as an agent typing a city right after signing in. */
const FIRST_LOOK_UP_GOAL_MS = 200;
/** Issue 17's goal for an idle server on PGlite. */
const IDLE_MEMORY_GOAL_BYTES = 350 * 1024 * 1024;

/** Issue 2: cold start, sign-in round trip, and an authenticated GET under load. */
export async function benchPlatform(): Promise<BenchRow[]> {
  const dataDir = freshDataDir();
  const rows: BenchRow[] = [];
  try {
    const cold = await startServer({ dataDir, port: PORT });
    rows.push({ area: "platform", metric: "cold start to first answer (new database: migrate + seed)", value: ms(cold.msToFirstAnswer) });
    await cold.stop();

    const server = await startServer({ dataDir, port: PORT, production: true });
    rows.push({ area: "platform", metric: "start to first answer (existing database, production configuration)", value: ms(server.msToFirstAnswer) });
    try {
      const client = new BenchClient(server.baseUrl, server.payloadSecret);
      let token = await client.signIn("admin", "Admin#2026!");
      const lookUpStarted = performance.now();
      const lookUp = await client.get("/api/hotels/destinations?q=dubai", token);
      const lookUpMs = performance.now() - lookUpStarted;
      if (!lookUp.ok) throw new Error(`The destination look-up answered ${lookUp.status}.`);
      rows.push({ area: "platform", metric: "hotel destination look-up \"dubai\", first call after start (after one sign-in)", value: ms(lookUpMs), budget: goal(lookUpMs <= FIRST_LOOK_UP_GOAL_MS, `<= ${FIRST_LOOK_UP_GOAL_MS} ms`) });
      const samples: number[] = [];
      for (let round = 0; round < SIGN_IN_ROUNDS; round += 1) {
        const started = performance.now();
        token = await client.signIn("admin", "Admin#2026!");
        samples.push(performance.now() - started);
      }
      rows.push({ area: "platform", metric: `sign-in round trip p50 (${SIGN_IN_ROUNDS} sequential)`, value: ms(percentile(samples, 0.5)) });
      rows.push({ area: "platform", metric: `sign-in round trip p99 (${SIGN_IN_ROUNDS} sequential)`, value: ms(percentile(samples, 0.99)) });
      await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
      const idle = server.residentBytes();
      rows.push({
        area: "platform",
        metric: `server resident memory, idle after sign-ins (PGlite, ${IDLE_SETTLE_MS / 1000} s after the last request)`,
        value: `${(idle / 1024 / 1024).toFixed(0)} MB`,
        budget: goal(idle <= IDLE_MEMORY_GOAL_BYTES, `<= ${IDLE_MEMORY_GOAL_BYTES / 1024 / 1024} MB`),
      });

      const result = await steadyLoad({
        url: `${server.baseUrl}/api/auth`,
        connections: LOAD_CONNECTIONS,
        duration: LOAD_SECONDS,
        headers: { Authorization: `Bearer ${token}`, Accept: "application/json", Cookie: client.cookieHeader() },
      });
      const label = `GET /api/auth (production configuration, ${LOAD_CONNECTIONS} connections, ${LOAD_SECONDS} s after ${WARM_UP_SECONDS} s of warm-up)`;
      const failed = result.non2xx + result.errors + result.timeouts;
      rows.push({ area: "platform", metric: `${label} p50 latency`, value: ms(result.latency.p50) });
      rows.push({ area: "platform", metric: `${label} p99 latency`, value: ms(result.latency.p99) });
      rows.push({ area: "platform", metric: `${label} requests/s`, value: result.requests.average.toFixed(0) });
      rows.push({ area: "platform", metric: `${label} failed responses`, value: String(failed), budget: "0" });
    } finally {
      await server.stop();
    }
  } finally {
    removeDataDir(dataDir);
  }
  return rows;
}
