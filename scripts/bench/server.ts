import { randomBytes } from "node:crypto";
import pg from "pg";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEV_PAYLOAD_SECRET } from "../../src/contract/envelopeOptions";

export interface RunningServer {
  baseUrl: string;
  /** The secret its request envelope is sealed with (a client must use the same). */
  payloadSecret: string;
  /** Milliseconds from spawning the process to its first successful answer. */
  msToFirstAnswer: number;
  /** The server process's resident memory now, in bytes (Linux). */
  residentBytes(): number;
  stop(): Promise<void>;
}

/** Secrets of a run in the production configuration, which refuses the development ones; new for each bench. */
export const PRODUCTION_RUN_SECRETS = { JWT_SECRET: randomBytes(32).toString("hex"), PAYLOAD_SECRET: randomBytes(24).toString("hex"), CREDENTIALS_KEY: randomBytes(32).toString("hex") };

/**
 * How production runs the server (docs/deployment.md): NODE_ENV=production with secrets of its
 * own and a log line per request at info. Its log goes nowhere (the process's stdout is not kept),
 * as to a file: what is measured is the cost of writing it.
 */
const PRODUCTION_ENV = { NODE_ENV: "production", LOG_LEVEL: "info", ...PRODUCTION_RUN_SECRETS };

export function freshDataDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), "aggregator-bench-"));
}

export function removeDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

async function waitForAnswer(url: string, child: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} before answering.`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`The server did not answer ${url} in time.`);
}

/**
 * Starts `server/main.ts` in its own process, as `npm start` does after the build; with
 * `production`, as production does, on a database a first start has already filled (production
 * seeds no demo accounts).
 */
export async function startServer(options: { dataDir: string; port: number; env?: Record<string, string>; production?: boolean }): Promise<RunningServer> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    // The allocator setting `npm run serve` starts it with (docs/deployment.md, "Memory").
    env: { ...process.env, MALLOC_MMAP_THRESHOLD_: "131072", PORT: String(options.port), HOST: "127.0.0.1", DATA_DIR: options.dataDir, NODE_ENV: "test", ...options.env, ...(options.production ? PRODUCTION_ENV : {}) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitForAnswer(`${baseUrl}/app-config.js`, child, Date.now() + 120_000);
  const msToFirstAnswer = performance.now() - started;
  return {
    baseUrl,
    payloadSecret: options.production ? PRODUCTION_RUN_SECRETS.PAYLOAD_SECRET : DEV_PAYLOAD_SECRET,
    msToFirstAnswer,
    residentBytes: () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? Number.NaN) * 1024,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** The PostgreSQL server the database measurements use (BENCH_DATABASE_URL). */
export const benchDatabaseServer = () => process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * The server on a throwaway PostgreSQL database created on `serverUrl`; stopping it drops the
 * database. `databaseUrl` lets a measurement fill the database directly.
 */
export async function startServerOnPostgres(serverUrl: string, port: number, { production = false }: { production?: boolean } = {}): Promise<RunningServer & { databaseUrl: string; restartAsProduction: () => Promise<void> }> {
  const name = `aggregator_bench_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = freshDataDir();
  const dropDatabase = async () => {
    removeDataDir(dataDir);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
  let server: RunningServer;
  try {
    server = await startServer({ dataDir, port, env: { DATABASE_URL: url.toString() } });
    if (production) {
      // The first start migrated and seeded the demo accounts the measurements sign in with.
      await server.stop();
      server = await startServer({ dataDir, port, env: { DATABASE_URL: url.toString() }, production });
    }
  } catch (error) {
    await dropDatabase();
    throw error;
  }
  const running = {
    ...server,
    databaseUrl: url.toString(),
    /** Starts the server again on the same database, as production runs it (what a browser signs in to stays with the first). */
    restartAsProduction: async () => {
      await server.stop();
      server = await startServer({ dataDir, port, env: { DATABASE_URL: url.toString() }, production: true });
      Object.assign(running, server, { stop: running.stop, restartAsProduction: running.restartAsProduction, databaseUrl: running.databaseUrl });
    },
    stop: async () => {
      await server.stop();
      await dropDatabase();
    },
  };
  return running;
}
