import { defineConfig } from "@playwright/test";
import os from "node:os";
import path from "node:path";
import { BROWSER_FAKE_DUFFEL } from "./tests/fakes/duffel/browserFake";
import { BROWSER_FAKE_HOTELBEDS } from "./tests/fakes/hotelbeds/browserFake";
import { BROWSER_FAKE_NDC } from "./tests/fakes/ndc/browserFake";

const port = Number(process.env.E2E_PORT ?? 5055);
// The scans of how pages look (accessibility, phones) run on a second platform with its own
// database, so what the journeys booked never changes what they see. One browser at a time: on
// two cores a second one makes every test two to three times slower.
const looksPort = port + 1;
const LOOKS = ["accessibility.spec.ts", "phones.spec.ts"];
// A fresh embedded database per run and per platform, so the demo seed is what the tests expect.
const dataDir = (platformPort: number) => path.join(os.tmpdir(), `aggregator-e2e-${platformPort}`);
const platform = (platformPort: number) => ({
  command: `rm -rf ${dataDir(platformPort)} && npx tsx server/main.ts`,
  url: `http://127.0.0.1:${platformPort}/app-config.js`,
  timeout: 120_000,
  reuseExistingServer: false,
  // The sandbox remittance partner pays out after 5 s, so a journey sees a transfer paid.
  env: { PORT: String(platformPort), HOST: "127.0.0.1", DATA_DIR: dataDir(platformPort), NODE_ENV: "test", DMT_SANDBOX_PAYOUT_SECONDS: "5" },
});
const hotelbeds = BROWSER_FAKE_HOTELBEDS;
const duffel = BROWSER_FAKE_DUFFEL;
const ndc = BROWSER_FAKE_NDC;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json"]],
  projects: [
    { name: "journeys", testIgnore: LOOKS, workers: 1, use: { baseURL: `http://127.0.0.1:${port}` } },
    { name: "looks", testMatch: LOOKS, workers: 1, use: { baseURL: `http://127.0.0.1:${looksPort}` } },
  ],
  use: {
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
    },
  },
  webServer: [
    {
      command: "npx tsx tests/fakes/hotelbeds/main.ts",
      url: `http://127.0.0.1:${hotelbeds.port}/hotel-api/1.0/status`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { FAKE_HOTELBEDS_PORT: String(hotelbeds.port), FAKE_HOTELBEDS_API_KEY: hotelbeds.apiKey, FAKE_HOTELBEDS_SECRET: hotelbeds.secret },
    },
    {
      command: "npx tsx tests/fakes/duffel/main.ts",
      // Without the token Duffel answers 401, which tells Playwright the fake is up.
      url: `http://127.0.0.1:${duffel.port}/air/airlines`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { FAKE_DUFFEL_PORT: String(duffel.port), FAKE_DUFFEL_TOKEN: duffel.accessToken },
    },
    {
      command: "npx tsx tests/fakes/ndc/main.ts",
      url: `http://127.0.0.1:${ndc.port}/_fake/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { FAKE_NDC_PORT: String(ndc.port), FAKE_NDC_SOURCE: ndc.source, FAKE_NDC_API_KEY: ndc.apiKey },
    },
    platform(port),
    platform(looksPort),
  ],
});
