import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { buildApp, type AppOptions, type SentAnswer } from "../../server/app";
import { offContract } from "./answerContract";
import { createPasswordHasher } from "../../server/auth/passwordHasher";
import { loadConfig, type Environment, type ServerConfig } from "../../server/config";
import { kyselyOverPglite, openPostgres, type OpenDatabase } from "../../server/db/openDatabase";
import { prepareDatabase } from "../../server/db/prepareDatabase";
import type { Database } from "../../server/db/schema";
import { MENU_SECTIONS, type MenuSection } from "../../src/contract/menu";
import { ApiTestClient } from "./apiClient";
import { pgliteFromTemplate, sourcesFingerprint, type DatabaseTemplate } from "./pgliteTemplates";
import { TEST_PASSWORD_COST } from "./testPasswordCost";

export { TEST_PASSWORD_COST };

/** A clock the tests move forward by hand; starts at the real time so TOTP codes line up. */
class TestClock {
  private current = new Date();
  readonly now = () => new Date(this.current);
  advance(seconds: number) {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

export interface TestDatabase extends Omit<OpenDatabase, "logTo"> {
  kind: "pglite" | "postgres";
  dispose(): Promise<void>;
}

async function freshPglite(template: DatabaseTemplate): Promise<TestDatabase> {
  const db = kyselyOverPglite(await pgliteFromTemplate(template));
  return { db, description: "PGlite in memory", kind: "pglite", dispose: () => db.destroy() };
}

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** The pool's clients finish closing after destroy() resolves; forcing them off mid-close makes them throw. */
async function untilUnused(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const { rows } = await admin.query<{ open: string }>("select count(*) as open from pg_stat_activity where datname = $1", [name]);
    if (Number(rows[0]?.open ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Held while a template is built, so parallel test files build it once between them. */
const TEMPLATE_LOCK = 37_0001;

/**
 * A database migrated and seeded with the demo data on the TEST_DATABASE_URL server, built once per
 * sources fingerprint (as pgliteTemplates.ts does for PGlite) and copied for each suite: a copy
 * costs a fraction of migrating and seeding.
 */
async function demoTemplate(serverUrl: string): Promise<string> {
  const name = `aggregator_template_demo_${sourcesFingerprint()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK]);
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (rowCount === 0) {
      // Built under another name and renamed when complete: a build cut short is never copied.
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const opened = openPostgres(databaseUrl(serverUrl, building), { maxConnections: 2 });
      await prepareDatabase(opened.db, { production: false, hashPassword: createPasswordHasher(TEST_PASSWORD_COST).hash });
      await opened.db.destroy();
      await untilUnused(admin, building);
      await admin.query(`alter database ${building} rename to ${name}`);
      const { rows: stale } = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'aggregator_template_demo_%' and datname <> $1", [name]);
      for (const { datname } of stale) await admin.query(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK]);
    await admin.end();
  }
  return name;
}

/**
 * A new database on the TEST_DATABASE_URL server, empty or a copy of the demo template: its
 * address, and how to drop it once its connections close.
 */
export async function throwawayPostgres(serverUrl: string, template: DatabaseTemplate = "empty"): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `aggregator_test_${randomBytes(6).toString("hex")}`;
  const copied = template === "demo" ? ` template ${await demoTemplate(serverUrl)}` : "";
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${copied}`);
  await admin.end();
  const drop = async () => {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await untilUnused(dropper, name);
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  };
  return { url: databaseUrl(serverUrl, name), drop };
}

/** A throwaway database on the TEST_DATABASE_URL server, dropped afterwards. */
async function freshPostgres(serverUrl: string, template: DatabaseTemplate): Promise<TestDatabase> {
  const { url, drop } = await throwawayPostgres(serverUrl, template);
  const opened = openPostgres(url, { maxConnections: 5 });
  return {
    ...opened,
    kind: "postgres",
    dispose: async () => {
      await opened.db.destroy();
      await drop();
    },
  };
}

export const databaseKinds = (): TestDatabase["kind"][] => (process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"]);

/**
 * An empty database of the kind, or one already migrated and seeded with the demo data ("demo":
 * a shortcut only; tests still run prepareDatabase, as the server does).
 */
export function freshDatabase(kind: TestDatabase["kind"], template: DatabaseTemplate = "empty"): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (kind === "postgres" && serverUrl === undefined) throw new Error("TEST_DATABASE_URL is not set.");
  return kind === "pglite" ? freshPglite(template) : freshPostgres(serverUrl!, template);
}

type AppExtras = Partial<Omit<AppOptions, "db" | "config" | "clock">>;

export interface TestServerOptions {
  /** Environment for loadConfig (on top of an empty one). */
  env?: Environment;
  /** Extra buildApp options (captcha verifier, SSO keys, ...), or made for each database (suppliers keeping state in it). */
  app?: AppExtras | ((db: Kysely<Database>) => AppExtras);
}

interface Running {
  app: FastifyInstance;
  database: TestDatabase;
  config: ServerConfig;
}

/** The server under test; usable inside tests (it is built in beforeAll). */
export class TestServer {
  readonly clock = new TestClock();
  /** Answers that were not what their route declares (answerContract.ts); every suite ends with none. */
  readonly offContract: string[] = [];
  private running: Running | undefined;
  private addressCounter = 0;

  constructor(readonly kind: TestDatabase["kind"]) {}

  async start(options: TestServerOptions): Promise<void> {
    const config = loadConfig({ LOG_LEVEL: "silent", ...options.env });
    const database = await freshDatabase(this.kind, config.production ? "empty" : "demo");
    await prepareDatabase(database.db, { production: config.production, hashPassword: createPasswordHasher(TEST_PASSWORD_COST).hash });
    const extras = typeof options.app === "function" ? options.app(database.db) : options.app;
    const onAnswer = (answer: SentAnswer) => {
      const problem = offContract(answer);
      if (problem !== null && !this.offContract.includes(problem)) this.offContract.push(problem);
    };
    const app = await buildApp({ db: database.db, config, clock: this.clock.now, passwordCost: TEST_PASSWORD_COST, onAnswer, ...extras });
    await app.ready();
    this.running = { app, database, config };
  }

  async stop(): Promise<void> {
    await this.running?.app.close();
    await this.running?.database.dispose();
    this.running = undefined;
  }

  private get ready(): Running {
    if (this.running === undefined) throw new Error("The test server is used before beforeAll built it.");
    return this.running;
  }

  get app() {
    return this.ready.app;
  }

  get db(): Kysely<Database> {
    return this.ready.database.db;
  }

  get config() {
    return this.ready.config;
  }

  /** A new browser-like client; each gets its own client address unless one is given, so throttling stays per test. */
  client(options: { address?: string; host?: string } = {}): ApiTestClient {
    this.addressCounter += 1;
    return new ApiTestClient(this.app, { address: options.address ?? `10.0.${Math.floor(this.addressCounter / 250)}.${this.addressCounter % 250}`, host: options.host });
  }

  /**
   * A user of its own for a test that changes a user's state (throttling, deactivation,
   * password), in the demo agent's agency with the agent role.
   */
  async createUser({ username, password, totpSecret = null, email = `${username}@test.example` }: { username: string; password: string; totpSecret?: string | null; email?: string }) {
    const agent = await this.db.selectFrom("users").select(["organisation_id", "id"]).where("username", "=", "agent").executeTakeFirstOrThrow();
    const passwordHash = await createPasswordHasher(TEST_PASSWORD_COST).hash(password);
    const user = await this.db
      .insertInto("users")
      .values({ username, email, password_hash: passwordHash, totp_secret: totpSecret, organisation_id: agent.organisation_id, agent: true, agent_code: null, country_id: null, profile_image: null })
      .returning(["id", "username", "email"])
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto("user_roles")
      .columns(["user_id", "role_id"])
      .expression((builder) => builder.selectFrom("user_roles").select([builder.val(user.id).as("user_id"), "role_id"]).where("user_id", "=", agent.id))
      .execute();
    return user;
  }

  private userCounter = 0;

  /**
   * A signed-in user of the organisation (not an administrator, limited credit) whose own role,
   * owned by that organisation, grants every action on the sections given (all by default).
   */
  async userOf(organisationId: number, sections: readonly MenuSection[] = MENU_SECTIONS): Promise<{ client: ApiTestClient; id: number; roleId: number; username: string }> {
    this.userCounter += 1;
    const username = `member-${organisationId}-${process.pid}-${this.userCounter}`;
    const password = "Member#2026!";
    const user = await this.db
      .insertInto("users")
      .values({ username, email: `${username}@members.example`, password_hash: await createPasswordHasher(TEST_PASSWORD_COST).hash(password), totp_secret: null, organisation_id: organisationId, agent: true, agent_code: null, country_id: null, profile_image: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    const role = await this.db.insertInto("roles").values({ name: `Everything of ${username}`, organisation_id: organisationId }).returning("id").executeTakeFirstOrThrow();
    await this.db
      .insertInto("role_permissions")
      .values(sections.map((menu) => ({ role_id: role.id, menu, can_view: true, can_create: true, can_edit: true, can_delete: true, quoting_tool: menu === "search" })))
      .execute();
    await this.db.insertInto("user_roles").values({ user_id: user.id, role_id: role.id }).execute();
    const client = this.client();
    await client.signIn(username, password);
    return { client, id: user.id, roleId: role.id, username };
  }

  /** Mail kept in the dev outbox, newest first. */
  outbox() {
    return this.db.selectFrom("outbox_mails").selectAll().orderBy("id", "desc").execute();
  }
}

/**
 * Runs a suite against a freshly migrated and seeded in-memory PGlite, and again against a
 * throwaway PostgreSQL database when TEST_DATABASE_URL is set.
 */
export function describeEachDatabase(title: string, suite: (server: TestServer) => void, options: TestServerOptions = {}): void {
  for (const kind of databaseKinds()) {
    describe(`${title} [${kind}]`, () => {
      const server = new TestServer(kind);
      beforeAll(() => server.start(options));
      afterAll(async () => {
        await server.stop();
        expect(server.offContract, "answers that are not what their route declares").toEqual([]);
      });
      suite(server);
    });
  }
}
