// `npm run dev`: the API server (reloading on change) on API_PORT and Vite's dev server,
// which proxies /api and /app-config.js to it.
import { spawn } from "node:child_process";

const apiPort = process.env.API_PORT ?? "5000";
const children = [
  spawn("npx", ["tsx", "watch", "server/main.ts"], { stdio: "inherit", env: { ...process.env, PORT: apiPort } }),
  spawn("npx", ["vite"], { stdio: "inherit", env: { ...process.env, API_PORT: apiPort } }),
];

function stopAll(code) {
  for (const child of children) child.kill("SIGTERM");
  process.exit(code);
}
for (const child of children) child.on("exit", (code) => stopAll(code ?? 0));
process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));
