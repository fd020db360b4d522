import { chromium } from "@playwright/test";
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { freshDataDir, removeDataDir, startServer } from "./server";
import { goal, kb, type BenchRow } from "./stats";

const PORT = 5072;
const LOGIN_BUDGET_BYTES = 350 * 1024;
/** Issue 17's goal for the login page's JavaScript (the Refine + antd floor is 268 KB). */
const LOGIN_GOAL_BYTES = 280 * 1024;
export const CHROMIUM_LAUNCH = {
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
};

export function gzipSizeOfBuiltFile(url: string): number {
  const pathname = new URL(url).pathname;
  const file = path.join("dist", pathname);
  return gzipSync(readFileSync(file)).length;
}

/** Issue 2: the gzip size of the JavaScript the login page loads, and what the dashboard adds. */
export async function benchBundle(): Promise<BenchRow[]> {
  const dataDir = freshDataDir();
  const server = await startServer({ dataDir, port: PORT });
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const page = await browser.newPage();
    const loaded = new Set<string>();
    page.on("response", (response) => {
      const url = response.url();
      if (url.startsWith(server.baseUrl) && url.endsWith(".js") && url.includes("/assets/")) loaded.add(url);
    });
    await page.goto(`${server.baseUrl}/login`, { waitUntil: "networkidle" });
    const loginScripts = [...loaded];
    const loginBytes = loginScripts.reduce((sum, url) => sum + gzipSizeOfBuiltFile(url), 0);

    await page.getByLabel("Username").fill("admin");
    await page.getByLabel("Password").fill("Admin#2026!");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL("**/dashboard");
    // The URL changes before the lazy console chunks are requested: wait for the page itself.
    await page.getByTestId("dashboard-greeting").waitFor();
    await page.waitForLoadState("networkidle");
    const dashboardChunks = [...loaded].filter((url) => !loginScripts.includes(url));

    const rows: BenchRow[] = [
      {
        area: "bundle",
        metric: `login page JavaScript, gzip (${loginScripts.length} files)`,
        value: kb(loginBytes),
        budget: `< ${kb(LOGIN_BUDGET_BYTES)}${loginBytes < LOGIN_BUDGET_BYTES ? "" : " EXCEEDED"}; ${goal(loginBytes <= LOGIN_GOAL_BYTES, `<= ${kb(LOGIN_GOAL_BYTES)}`)}`,
      },
    ];
    const dashboardBytes = dashboardChunks.reduce((sum, url) => sum + gzipSizeOfBuiltFile(url), 0);
    rows.push({ area: "bundle", metric: `dashboard extra JavaScript after sign-in, gzip (${dashboardChunks.length} files)`, value: kb(dashboardBytes) });
    for (const url of dashboardChunks) {
      rows.push({ area: "bundle", metric: `  chunk ${path.basename(new URL(url).pathname)}, gzip`, value: kb(gzipSizeOfBuiltFile(url)) });
    }
    return rows;
  } finally {
    await browser.close();
    await server.stop();
    removeDataDir(dataDir);
  }
}
