import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { createPasswordHasher } from "../../server/auth/passwordHasher";
import { kyselyOverPglite, PGLITE_OPTIONS } from "../../server/db/openDatabase";
import { prepareDatabase } from "../../server/db/prepareDatabase";
import { TEST_PASSWORD_COST } from "./testPasswordCost";

export type DatabaseTemplate = "empty" | "demo";

const repositoryRoot = path.resolve(import.meta.dirname, "../..");

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** What the schema, the seed and the reference data are made from, beyond server/db: the contract (menu sections), the default rates, currency decimals. */
const SEED_SOURCES = ["server/db", "src/contract", "src/config/constants.ts", "src/lib/currencyDecimals.ts", "server/shopping/pricingBook.ts", "package-lock.json"];

/**
 * Changes whenever the schema, the seed or the reference-data packages can have changed. The
 * templates outlive a run (a temporary file, a database on the PostgreSQL server), so one built
 * from other sources must never be copied.
 */
export function sourcesFingerprint(): string {
  const hash = createHash("sha256");
  const files = SEED_SOURCES.map((source) => path.join(repositoryRoot, source)).flatMap((full) => (statSync(full).isDirectory() ? filesUnder(full) : [full]));
  for (const file of files.sort()) {
    hash.update(file).update(readFileSync(file));
  }
  return hash.digest("hex").slice(0, 16);
}

/**
 * PGlite's initdb costs one to several seconds of CPU per instance; loading a data-dir dump
 * costs a fraction of that. Each template is built once per fingerprint and kept in the
 * temporary directory, shared by every test file (each runs in its own worker).
 */
async function templateDump(template: DatabaseTemplate): Promise<Blob> {
  const prefix = `aggregator-pglite-${template}-`;
  const file = path.join(os.tmpdir(), `${prefix}${sourcesFingerprint()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const pglite = await PGlite.create(PGLITE_OPTIONS);
  if (template === "demo") {
    const db = kyselyOverPglite(pglite);
    await prepareDatabase(db, { production: false, hashPassword: createPasswordHasher(TEST_PASSWORD_COST).hash });
  }
  const dump = await pglite.dumpDataDir("none");
  await pglite.close();
  // Written aside then renamed, so a parallel worker never reads half a file.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  for (const stale of readdirSync(os.tmpdir()).filter((name) => name.startsWith(prefix) && name.endsWith(".tar"))) {
    if (path.join(os.tmpdir(), stale) !== file) rmSync(path.join(os.tmpdir(), stale), { force: true });
  }
  return dump;
}

/** A fresh in-memory PGlite holding the template's data. */
export async function pgliteFromTemplate(template: DatabaseTemplate): Promise<PGlite> {
  return PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: await templateDump(template) });
}
