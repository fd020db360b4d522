import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createPasswordHasher } from "../../server/auth/passwordHasher";
import { loadSessionProfile } from "../../server/auth/sessionProfile";
import { DEMO_ORGANISATIONS } from "../../server/db/demoSeed";
import { setUpHeadOffice } from "../../server/db/headOffice";
import { MENU_SECTIONS } from "../../src/contract/menu";
import { prepareDatabase } from "../../server/db/prepareDatabase";
import { databaseKinds, freshDatabase, TEST_PASSWORD_COST } from "./harness";

const hashPassword = createPasswordHasher(TEST_PASSWORD_COST).hash;

describe.each(databaseKinds())("preparing the database [%s]", (kind) => {
  it("seeds no demo data in production, but the reference data", async () => {
    const database = await freshDatabase(kind);
    try {
      expect(await prepareDatabase(database.db, { production: true, hashPassword })).toEqual({ seededDemo: false });
      expect(await database.db.selectFrom("users").selectAll().execute()).toEqual([]);
      expect(await database.db.selectFrom("organisations").selectAll().execute()).toEqual([]);
      const kwd = await database.db.selectFrom("currencies").select("decimals").where("code", "=", "KWD").executeTakeFirst();
      expect(kwd?.decimals).toBe(3);
    } finally {
      await database.dispose();
    }
  });

  it("seeds the demo tree once, and a restart migrates and seeds nothing again", async () => {
    const database = await freshDatabase(kind);
    try {
      expect(await prepareDatabase(database.db, { production: false, hashPassword })).toEqual({ seededDemo: true });
      expect(await prepareDatabase(database.db, { production: false, hashPassword })).toEqual({ seededDemo: false });
      const organisations = await database.db.selectFrom("organisations").select(["id", "name", "parent_id", "type", "hierarchy_level"]).orderBy("id").execute();
      const idOf = (name: string) => organisations.find((organisation) => organisation.name === name)?.id;
      expect(organisations).toEqual([
        { id: idOf(DEMO_ORGANISATIONS.headOffice), name: DEMO_ORGANISATIONS.headOffice, parent_id: null, type: "FC", hierarchy_level: 1 },
        { id: idOf(DEMO_ORGANISATIONS.partner), name: DEMO_ORGANISATIONS.partner, parent_id: idOf(DEMO_ORGANISATIONS.headOffice), type: "PR", hierarchy_level: 2 },
        { id: idOf(DEMO_ORGANISATIONS.agency), name: DEMO_ORGANISATIONS.agency, parent_id: idOf(DEMO_ORGANISATIONS.partner), type: "CR", hierarchy_level: 3 },
        { id: idOf(DEMO_ORGANISATIONS.siblingAgency), name: DEMO_ORGANISATIONS.siblingAgency, parent_id: idOf(DEMO_ORGANISATIONS.partner), type: "CR", hierarchy_level: 3 },
        { id: idOf(DEMO_ORGANISATIONS.branch), name: DEMO_ORGANISATIONS.branch, parent_id: idOf(DEMO_ORGANISATIONS.agency), type: "CR", hierarchy_level: 4 },
      ]);
      const users = await database.db.selectFrom("users").select(["username", "organisation_id", "totp_secret", "password_hash"]).orderBy("id").execute();
      for (const user of users) expect(user.password_hash).toMatch(/^\$argon2id\$/);
      expect(users).toEqual([
        { username: "admin", organisation_id: idOf(DEMO_ORGANISATIONS.headOffice), totp_secret: null, password_hash: expect.any(String) },
        { username: "agent", organisation_id: idOf(DEMO_ORGANISATIONS.agency), totp_secret: null, password_hash: expect.any(String) },
        { username: "otpuser", organisation_id: idOf(DEMO_ORGANISATIONS.agency), totp_secret: "JBSWY3DPEHPK3PXP", password_hash: expect.any(String) },
      ]);
    } finally {
      await database.dispose();
    }
  });
});

interface Exit {
  code: number | null;
  output: string;
}

/** Runs server/main.ts as `npm start` would; resolves when it exits or prints its listening line. */
function startMain(env: Record<string, string>): Promise<Exit & { stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
  };
  return new Promise((resolve) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("listening on")) resolve({ code: null, output, stop });
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    void exited.then((code) => resolve({ code, output, stop }));
  });
}

describe("server/main.ts", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "aggregator-main-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("refuses to start in production with the development secrets, saying why", async () => {
    const result = await startMain({ NODE_ENV: "production", DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.output).toContain("PAYLOAD_SECRET is the development default");
    expect(result.output).toContain("JWT_SECRET is unset");
    expect(result.output).not.toContain("listening on");
  });

  it("in production without SMTP_URL, says at start that mail is not being delivered", async () => {
    const port = String(20_000 + Math.floor(Math.random() * 20_000));
    const secrets = { PAYLOAD_SECRET: "a-production-payload-secret-0123456789", JWT_SECRET: "a-production-jwt-secret-that-is-long-enough-0123456789", CREDENTIALS_KEY: "a-production-credentials-key-0123456789" };
    const started = await startMain({ NODE_ENV: "production", DATA_DIR: path.join(dataDir, "production"), PORT: port, HOST: "127.0.0.1", ...secrets });
    await started.stop();
    expect(started.output).toContain("listening on");
    expect(started.output).toContain("Mail is not being delivered: SMTP_URL is not set.");
  }, 60_000);

  it("creates, migrates and seeds the embedded database, prints one line, answers, and restarts on it", async () => {
    const port = String(20_000 + Math.floor(Math.random() * 20_000));
    const first = await startMain({ DATA_DIR: path.join(dataDir, "db"), PORT: port, HOST: "127.0.0.1" });
    try {
      expect(first.output).toContain(`Aggregator server listening on http://127.0.0.1:${port} (database: PGlite at ${path.join(dataDir, "db")}, demo data seeded)`);
      const response = await fetch(`http://127.0.0.1:${port}/app-config.js`);
      expect(response.status).toBe(200);
    } finally {
      await first.stop();
    }
    const second = await startMain({ DATA_DIR: path.join(dataDir, "db"), PORT: port, HOST: "127.0.0.1" });
    await second.stop();
    expect(second.output).toContain("(database: PGlite at");
    expect(second.output).not.toContain("demo data seeded");
  }, 60_000);
});

describe.each(databaseKinds())("setting up a production head office [%s]", (kind) => {
  const input = { HEAD_OFFICE_NAME: "Example Travel Group", HEAD_OFFICE_CURRENCY: "usd", ADMIN_EMAIL: "ops@example.com", ADMIN_PASSWORD: "A-Long#Password1" };

  it("creates the head office and an administrator with every permission, once", async () => {
    const database = await freshDatabase(kind);
    try {
      const created = await setUpHeadOffice(database.db, input, hashPassword);
      const organisation = await database.db.selectFrom("organisations").selectAll().executeTakeFirstOrThrow();
      expect(organisation).toMatchObject({ id: created.organisationId, name: "Example Travel Group", type: "FC", currency_code: "USD", parent_id: null });
      const profile = await loadSessionProfile(database.db, created.userId);
      expect(profile?.user).toMatchObject({ username: "admin", admin: true, unlimited_creditlimit: true });
      expect(profile?.user.permissions).toHaveLength(MENU_SECTIONS.length);
      await expect(setUpHeadOffice(database.db, input, hashPassword)).rejects.toThrow(/already has a head office/);
    } finally {
      await database.dispose();
    }
  });

  it("says what is missing or wrong", async () => {
    const database = await freshDatabase(kind);
    try {
      await expect(setUpHeadOffice(database.db, { ADMIN_PASSWORD: "weak" }, hashPassword)).rejects.toThrow(/HEAD_OFFICE_NAME[\s\S]*ADMIN_EMAIL[\s\S]*10 characters/);
      await expect(setUpHeadOffice(database.db, { ...input, HEAD_OFFICE_CURRENCY: "ABC" }, hashPassword)).rejects.toThrow(/ABC is not an ISO 4217 currency/);
    } finally {
      await database.dispose();
    }
  });
});
