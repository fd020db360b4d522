import { defineConfig } from "@playwright/test";
import os from "node:os";
import path from "node:path";
import { BROWSER_FAKE_DUFFEL } from "./tests/fakes/duffel/browserFake";
import { BROWSER_FAKE_HOTELBEDS } from "./tests/fakes/hotelbeds/browserFake";
import { BROWSER_FAKE_NDC } from "./tests/fakes/ndc/browserFake";
import { BROWSER_FAKE_WISE } from "./tests/fakes/wise/browserFake";
import { BROWSER_FAKE_OIDC } from "./tests/fakes/oidc/browserFake";
import { BROWSER_FAKE_RECAPTCHA } from "./tests/fakes/recaptcha/browserFake";
import { BROWSER_FAKE_WORDPRESS } from "./tests/fakes/wordpress/browserFake";
import { BROWSER_FAKE_XCOVER } from "./tests/fakes/xcover/browserFake";
import { BROWSER_FAKE_CHECKOUT_COM } from "./tests/fakes/checkoutCom/browserFake";

const port = Number(process.env.E2E_PORT ?? 5055);
// A fresh embedded database per run, so the demo seed is what the tests expect.
const dataDir = path.join(os.tmpdir(), `aggregator-e2e-${port}`);
const hotelbeds = BROWSER_FAKE_HOTELBEDS;
const duffel = BROWSER_FAKE_DUFFEL;
const ndc = BROWSER_FAKE_NDC;
const xcover = BROWSER_FAKE_XCOVER;
const wise = BROWSER_FAKE_WISE;
const wordpress = BROWSER_FAKE_WORDPRESS;
const recaptcha = BROWSER_FAKE_RECAPTCHA;
const oidc = BROWSER_FAKE_OIDC;
const checkoutCom = BROWSER_FAKE_CHECKOUT_COM;

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
    // Recording a trace films every test (a screencast and a DOM snapshot per action): it is recorded when a
    // failed test runs again (CI), or locally on failure. With Skia's rasterizer below, this halved the time
    // of admin-resources and booking on two cores (543 s to 289 s).
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    // The dashboard then draws its charts without animating them, as for a user who asked for less motion.
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      // desert-rose.test is an agency's own domain (tests/e2e/branding.spec.ts), served by this machine.
      // Debian's launcher turns on GPU rasterization, which without a GPU runs through SwiftShader: Skia's own software rasterizer is cheaper.
      args: ["--no-sandbox", "--disable-gpu", "--disable-gpu-rasterization", "--disable-background-networking", "--disable-component-update", "--host-resolver-rules=MAP desert-rose.test 127.0.0.1"],
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
    {
      command: "npx tsx tests/fakes/xcover/main.ts",
      // Unsigned, XCover answers 401, which tells Playwright the fake is up.
      url: `http://127.0.0.1:${xcover.port}/x/partners/${xcover.partnerCode}/bookings/`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { FAKE_XCOVER_PORT: String(xcover.port), FAKE_XCOVER_API_KEY: xcover.apiKey, FAKE_XCOVER_SECRET: xcover.secret, FAKE_XCOVER_PARTNER: xcover.partnerCode },
    },
    {
      command: "npx tsx tests/fakes/wise/main.ts",
      url: `http://127.0.0.1:${wise.port}/_fake/webhook-public-key`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { FAKE_WISE_PORT: String(wise.port), FAKE_WISE_TOKEN: wise.token },
    },
    {
      command: "npx tsx tests/fakes/wordpress/main.ts",
      url: `http://127.0.0.1:${wordpress.port}/wp-json/wp/v2/posts`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { FAKE_WORDPRESS_PORT: String(wordpress.port) },
    },
    {
      command: "npx tsx tests/fakes/recaptcha/main.ts",
      url: `http://127.0.0.1:${recaptcha.port}/_fake/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { FAKE_RECAPTCHA_PORT: String(recaptcha.port) },
    },
    {
      command: "npx tsx tests/fakes/oidc/main.ts",
      url: `http://127.0.0.1:${oidc.port}/.well-known/openid-configuration`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { FAKE_OIDC_PORT: String(oidc.port) },
    },
    {
      command: "npx tsx tests/fakes/checkoutCom/main.ts",
      url: `http://127.0.0.1:${checkoutCom.port}/_fake/health`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: { FAKE_CHECKOUT_COM_PORT: String(checkoutCom.port), FAKE_CHECKOUT_COM_SECRET_KEY: checkoutCom.secretKey },
    },
    {
      command: `rm -rf ${dataDir} && npx tsx server/main.ts`,
      url: `http://127.0.0.1:${port}/app-config.js`,
      timeout: 120_000,
      reuseExistingServer: false,
      // The sandbox remittance partner pays out after 5 s, so a journey sees a transfer paid; the dashboard's news come from the fake site;
      // sign-in asks the fake captcha (Google's test keys) after three failed attempts.
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        // Where the card page sends the agent back: the address the browser uses, so its session cookie rides along.
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        NODE_ENV: "test",
        DMT_SANDBOX_PAYOUT_SECONDS: "5",
        LATEST_POSTS_SITE: `http://127.0.0.1:${wordpress.port}`,
        RECAPTCHA_SECRET: recaptcha.secret,
        RECAPTCHA_SITE_KEY: recaptcha.siteKey,
        RECAPTCHA_SCRIPT_URL: `http://127.0.0.1:${recaptcha.port}/recaptcha/api.js`,
        RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${recaptcha.port}/recaptcha/api/siteverify`,
      },
    },
  ],
});
