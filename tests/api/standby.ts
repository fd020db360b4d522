import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A PostgreSQL primary and its streaming standby, made for one test and removed afterwards. */
export interface PrimaryAndStandby {
  primaryUrl: string;
  standbyUrl: string;
  remove(): void;
}

/** Where this machine keeps PostgreSQL's server programs (initdb, pg_ctl, pg_basebackup), if it has them. */
function serverPrograms(): string | undefined {
  const candidates = [
    ...(() => {
      try {
        return [execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim()];
      } catch {
        return [];
      }
    })(),
    ...(existsSync("/usr/lib/postgresql") ? readdirSync("/usr/lib/postgresql").sort().reverse().map((version) => `/usr/lib/postgresql/${version}/bin`) : []),
  ];
  return candidates.find((directory) => ["initdb", "pg_ctl", "pg_basebackup"].every((program) => existsSync(join(directory, program))));
}

/** Why a primary and standby cannot be made here, or undefined when they can. */
export function standbyUnavailable(): string | undefined {
  if (serverPrograms() === undefined) return "this machine has no PostgreSQL server programs (initdb, pg_ctl, pg_basebackup)";
  if (process.getuid?.() === 0 && spawnSync("id", ["postgres"]).status !== 0) return "PostgreSQL refuses to run as root and there is no postgres user to run it as";
  return undefined;
}

/**
 * A new primary cluster (initdb, trust on 127.0.0.1 only) on `port` and a standby on `port + 1`
 * copied from it with `pg_basebackup -R` and streaming from it, both in a temporary directory.
 * Run as the postgres user when the tests run as root, since PostgreSQL will not run as root.
 */
export function startPrimaryAndStandby(port: number): PrimaryAndStandby {
  const bin = serverPrograms()!;
  const asRoot = process.getuid?.() === 0;
  const run = (program: string, args: string[]) => {
    const [command, commandArgs] = asRoot ? ["runuser", ["-u", "postgres", "--", join(bin, program), ...args]] : [join(bin, program), args];
    const result = spawnSync(command, commandArgs, { encoding: "utf8" });
    if (result.status !== 0) throw new Error(`${program} ${args.join(" ")} failed: ${result.stderr || result.stdout}`);
  };
  const directory = mkdtempSync(join(tmpdir(), "aggregator-standby-"));
  if (asRoot) {
    const ids = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim());
    chownSync(directory, ids("-u"), ids("-g"));
  }
  const primary = join(directory, "primary");
  const standby = join(directory, "standby");
  const options = (clusterPort: number) => `-p ${clusterPort} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const started: string[] = [];
  const remove = () => {
    for (const cluster of started.reverse()) spawnSync(asRoot ? "runuser" : join(bin, "pg_ctl"), asRoot ? ["-u", "postgres", "--", join(bin, "pg_ctl"), "-D", cluster, "-m", "immediate", "stop"] : ["-D", cluster, "-m", "immediate", "stop"]);
    rmSync(directory, { recursive: true, force: true });
  };
  try {
    run("initdb", ["-D", primary, "-U", "postgres", "--auth=trust", "--no-sync"]);
    run("pg_ctl", ["-D", primary, "-o", options(port), "-l", join(directory, "primary.log"), "-w", "start"]);
    started.push(primary);
    run("pg_basebackup", ["-D", standby, "-R", "-X", "stream", "-h", "127.0.0.1", "-p", String(port), "-U", "postgres"]);
    run("pg_ctl", ["-D", standby, "-o", options(port + 1), "-l", join(directory, "standby.log"), "-w", "start"]);
    started.push(standby);
  } catch (error) {
    // The clusters' logs say why one did not start; they go with the directory, so they are kept in the error.
    const logs = ["primary.log", "standby.log"].filter((log) => existsSync(join(directory, log))).map((log) => `${log}:\n${readFileSync(join(directory, log), "utf8").split("\n").slice(-15).join("\n")}`);
    remove();
    throw new Error([error instanceof Error ? error.message : String(error), ...logs].join("\n"));
  }
  return { primaryUrl: `postgres://postgres@127.0.0.1:${port}/postgres`, standbyUrl: `postgres://postgres@127.0.0.1:${port + 1}/postgres`, remove };
}
