import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PGliteDialect, PostgresDialect } from "kysely";
import pg from "pg";
import { INT8_TYPE_ID, parseInt8 } from "./int8";
import { preparingPool } from "./preparedStatements";
import type { Database } from "./schema";

/** Where the database's warnings go: the server's structured log (pino's warn). */
export interface WarningLog {
  warn(details: object, message: string): void;
}

export interface OpenDatabase {
  db: Kysely<Database>;
  /** For the start-up line, without credentials: "PGlite at ./data" or "PostgreSQL at host:5432/name". */
  description: string;
  /** Sends the database's warnings to the server's log once it exists; until then they go to stderr. */
  logTo(log: WarningLog): void;
}

/** PostgreSQL's `date`. */
const DATE_TYPE_ID = 1082;

/**
 * A `date` column is a calendar day, read as its YYYY-MM-DD text: a Date would be midnight in the
 * server's zone on pg and in UTC on PGlite, so the day could differ between the two.
 */
const keepCalendarDay = (value: string) => value;

/**
 * The options every PGlite instance of ours is created with. Its shared buffers live in the
 * process's WebAssembly memory, which never shrinks: 16 MB of them instead of PostgreSQL's 128 MB
 * keeps an idle server on PGlite about 130 MB smaller (the files are still cached by the system).
 */
export const PGLITE_OPTIONS = {
  parsers: { [INT8_TYPE_ID]: parseInt8, [DATE_TYPE_ID]: keepCalendarDay },
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
};

export const kyselyOverPglite = (pglite: PGlite | (() => Promise<PGlite>)) => new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });

/** PGlite on disk in `dataDir` (created if missing). */
export function openPglite(dataDir: string): OpenDatabase {
  mkdirSync(dataDir, { recursive: true });
  // PGlite runs in this process: it has no connection to lose and nothing to warn about.
  return { db: kyselyOverPglite(() => PGlite.create(path.resolve(dataDir), PGLITE_OPTIONS)), description: `PGlite at ${dataDir}`, logTo: () => {} };
}

/** How long a new connection to PostgreSQL may take before the request that needs it fails. */
export const CONNECT_TIMEOUT_MS = 5_000;

const LOST_CONNECTION = "A PostgreSQL connection was lost while idle; another is opened when next needed.";

/** Before the server's log exists (migrations, seeding), a warning is one line on stderr. */
const stderrLog: WarningLog = { warn: (details, message) => console.warn(message, JSON.stringify(details)) };

export function openPostgres(databaseUrl: string, { maxConnections = 10, preparedStatements = true } = {}): OpenDatabase {
  // pg declares getTypeParser as an overload set that a plain function cannot satisfy.
  const getTypeParser: typeof pg.types.getTypeParser = ((typeId: number, format?: "text" | "binary") =>
    typeId === INT8_TYPE_ID ? parseInt8 : typeId === DATE_TYPE_ID ? keepCalendarDay : pg.types.getTypeParser(typeId, format)) as typeof pg.types.getTypeParser;
  // An unreachable PostgreSQL (a partition, a failover's stale address) fails a request in seconds instead of holding it.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: maxConnections, types: { getTypeParser }, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  let log = stderrLog;
  // A connection lost while idle (PostgreSQL restarted, an administrator ended it): pg drops it and
  // opens another when next needed. Without a listener, the pool's error event ends the process.
  pool.on("error", (error) => log.warn({ err: { message: error.message, code: (error as Error & { code?: string }).code } }, LOST_CONNECTION));
  // Lost while a request or a background pass holds it between two statements, the client emits the
  // error itself, which would also end the process. Nothing more to do there: its next statement
  // fails (and is reported where it ran), and the pool then drops the client. Idle ones are warned of above.
  pool.on("connect", (client) => client.on("error", () => undefined));
  const url = new URL(databaseUrl);
  return {
    db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparedStatements ? preparingPool(pool) : pool }) }),
    description: `PostgreSQL at ${url.hostname}:${url.port || "5432"}${url.pathname}`,
    logTo: (serverLog) => {
      log = serverLog;
    },
  };
}

export function openDatabase(options: { databaseUrl: string | undefined; dataDir: string; preparedStatements: boolean }): OpenDatabase {
  return options.databaseUrl !== undefined ? openPostgres(options.databaseUrl, { preparedStatements: options.preparedStatements }) : openPglite(options.dataDir);
}
