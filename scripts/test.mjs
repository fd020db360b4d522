// `npm test`: every suite in order (unit, API, browser), then one closing line with the totals.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

const CHROMIUM = "/usr/bin/chromium";
const reportDir = path.resolve("test-results", "reports");
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

function run(command, args, env = {}) {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log("Chromium is missing: installing Debian's chromium package with apt-get.");
  const asRoot = process.getuid?.() === 0;
  const apt = (args) => (asRoot ? run("apt-get", args) : run("sudo", ["apt-get", ...args]));
  const env = { DEBIAN_FRONTEND: "noninteractive" };
  if (apt(["update", "-qq"], env) !== 0 || apt(["install", "-y", "-qq", "chromium", "fonts-noto-core"], env) !== 0) {
    console.error("Could not install chromium with apt-get; the browser tests need /usr/bin/chromium.");
    process.exit(1);
  }
}

function vitestCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const report = JSON.parse(readFileSync(file, "utf8"));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + (report.success ? 0 : report.numFailedTestSuites),
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

function playwrightCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, skipped: 0 };
  const { stats } = JSON.parse(readFileSync(file, "utf8"));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}

const vitest = (project, extra = []) => {
  const output = path.join(reportDir, `${project}.json`);
  const status = run("npx", ["vitest", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile=${output}`, ...extra]);
  return { status, ...vitestCounts(output) };
};

const suites = {};
suites.unit = vitest("unit");
// Each API test has its own database and spends much of its time waiting on it: two files at a
// time (vitest's default is one on a 2-core machine) take 9 minutes instead of 12.
suites.api = vitest("api", ["--maxWorkers=2"]);
ensureChromium();
const buildStatus = run("npx", ["vite", "build"]);
if (buildStatus !== 0) {
  suites.e2e = { status: buildStatus, passed: 0, failed: 1, skipped: 0 };
} else {
  const output = path.join(reportDir, "e2e.json");
  const status = run("npx", ["playwright", "test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: output });
  suites.e2e = { status, ...playwrightCounts(output) };
}

console.log("");
let passed = 0;
let failed = 0;
let skipped = 0;
for (const [name, suite] of Object.entries(suites)) {
  const suiteFailed = suite.status !== 0 && suite.failed === 0 ? 1 : suite.failed;
  console.log(`${name.padEnd(5)} ${suite.passed} passed, ${suiteFailed} failed, ${suite.skipped} skipped`);
  passed += suite.passed;
  failed += suiteFailed;
  skipped += suite.skipped;
}
if (!process.env.TEST_DATABASE_URL) console.log("(TEST_DATABASE_URL is not set: the API suite ran on PGlite only.)");
else if (!process.env.TEST_REDIS_URL) console.log("(TEST_REDIS_URL is not set: the instances did not try Redis pub/sub.)");
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 ? 0 : 1);
