import { defineConfig } from "@playwright/test";
import os from "node:os";
import path from "node:path";

const port = Number(process.env.E2E_PORT ?? 5055);
// A fresh embedded database per run, so the demo seed is what the tests expect.
const dataDir = path.join(os.tmpdir(), `aggregator-e2e-${port}`);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && npx tsx server/main.ts`,
    url: `http://127.0.0.1:${port}/app-config.js`,
    timeout: 120_000,
    reuseExistingServer: false,
    // The sandbox remittance partner pays out after 5 s, so a journey sees a transfer paid.
    env: { PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "test", DMT_SANDBOX_PAYOUT_SECONDS: "5" },
  },
});
