import type autocannon from "autocannon";
import { spawn } from "node:child_process";
import { BenchClient } from "./client";
import { benchDatabaseServer, PRODUCTION_RUN_SECRETS, startServerOnPostgres } from "./server";
import { goal, ms, type BenchRow } from "./stats";
import { steadyLoad, WARM_UP_SECONDS } from "./load";

const PORT = 5080;
const FLOOR_PORT = 5081;
const CONNECTIONS = 10;
const SECONDS = 10;
/** Issue 37: the authenticated read, in the production configuration, at least 0.7 of the floor. */
const AUTH_RATIO_GOAL = 0.7;

async function load(url: string, token: string, cookie = "") {
  const result = await steadyLoad({ url, connections: CONNECTIONS, duration: SECONDS, headers: { Authorization: `Bearer ${token}`, Accept: "application/json", Cookie: cookie } });
  if (result.non2xx + result.errors + result.timeouts > 0) throw new Error(`${url} failed ${result.non2xx + result.errors + result.timeouts} times under load.`);
  return result;
}

/** The floor server beside the project's, on the same PostgreSQL database (floorServer.ts). */
export function startFloor(databaseUrl: string): Promise<{ baseUrl: string; stop: () => void }> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/bench/floorServer.ts"], {
    env: { PATH: process.env.PATH ?? "", DATABASE_URL: databaseUrl, JWT_SECRET: PRODUCTION_RUN_SECRETS.JWT_SECRET, PORT: String(FLOOR_PORT) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("floor listening")) resolve({ baseUrl: `http://127.0.0.1:${FLOOR_PORT}`, stop: () => child.kill() });
    });
    child.once("exit", (code) => reject(new Error(`The floor server exited (${code}).`)));
  });
}

/** The floor's requests per second on this database with this token, measured now (issue 17's figures are ratios to it). */
export async function measureFloor(databaseUrl: string, token: string): Promise<autocannon.Result> {
  const floor = await startFloor(databaseUrl);
  try {
    return await load(`${floor.baseUrl}/floor`, token);
  } finally {
    floor.stop();
  }
}

/**
 * Issue 17: the project's authenticated read (`GET /api/auth`: token, session, user, organisation
 * and permissions) beside the floor, Fastify and pg verifying the same token and reading the user
 * and organisation, measured in the same run on the same database, 10 connections each.
 */
export async function benchFloor(): Promise<BenchRow[]> {
  const server = await startServerOnPostgres(benchDatabaseServer(), PORT, { production: true });
  try {
    const client = new BenchClient(server.baseUrl, server.payloadSecret);
    const token = await client.signIn("admin", "Admin#2026!");
    const floorResult = await measureFloor(server.databaseUrl, token);
    const project = await load(`${server.baseUrl}/api/auth`, token, client.cookieHeader());
    const ratio = project.requests.average / floorResult.requests.average;
    const label = `(PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s after ${WARM_UP_SECONDS} s of warm-up)`;
    return [
      { area: "floor", metric: `floor: Fastify + pg, JWT verified, user joined to organisation ${label} requests/s`, value: floorResult.requests.average.toFixed(0) },
      { area: "floor", metric: `floor p99 latency ${label}`, value: ms(floorResult.latency.p99) },
      { area: "floor", metric: `GET /api/auth, production configuration ${label} requests/s`, value: project.requests.average.toFixed(0) },
      { area: "floor", metric: `GET /api/auth p99 latency, production configuration ${label}`, value: ms(project.latency.p99) },
      { area: "floor", metric: "GET /api/auth (production configuration): project / floor", value: ratio.toFixed(2), budget: goal(ratio >= AUTH_RATIO_GOAL, `>= ${AUTH_RATIO_GOAL}`) },
    ];
  } finally {
    await server.stop();
  }
}
