import { spawn, type ChildProcess } from "node:child_process";

export interface Running {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
}

/** server/main.ts as `npm start` runs it, on the given database; resolves once it listens. */
export function startServer(env: Record<string, string>): Promise<Running> {
  const port = String(20_000 + Math.floor(Math.random() * 20_000));
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "warn", HOST: "127.0.0.1", PORT: port, ORDER_RECONCILE_AFTER_SECONDS: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("listening on")) resolve({ child, baseUrl: `http://127.0.0.1:${port}`, output: () => output });
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
    child.once("exit", (code) => reject(new Error(`The server exited (${code}) before listening:\n${output}`)));
  });
}

export const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())));
