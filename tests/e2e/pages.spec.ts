import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { ADMIN, AGENT, signIn } from "./session";

test("the not-found page shows the spec's texts and Take Me Home goes to the dashboard", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "404 Not Found" })).toBeVisible();
  await expect(page.getByText("Sorry, an error has occured. Requested page not found!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Not Found", exact: true })).toBeVisible();
  await expect(page.getByText("Error: The requested address /no/such/page was not found on this server.")).toBeVisible();
  await expect(page.getByText("Try pressing the back button or clicking on this button.")).toBeVisible();
  await page.getByRole("button", { name: "Take Me Home" }).click();
  // Signed out, the dashboard guard sends the visitor on to /login.
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, ADMIN);
  await page.goto("/not-found");
  await page.getByRole("button", { name: "Take Me Home" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a booking that does not exist is said so at once: the refused request is not tried again", async ({ page }) => {
  await signIn(page, AGENT);
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/") && request.url().includes("999999")) asked.push(request.url());
  });
  await page.goto("/bookings/999999");
  await expect(page.getByText("This booking could not be found.")).toBeVisible();
  // Retries would come a second or more apart: wait past the first before counting.
  await page.waitForTimeout(1_500);
  expect(asked).toHaveLength(1);
});

test("on a phone the menu opens from a named button in the header, nothing floats over the page title, nothing scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page, AGENT);
  await page.goto("/bookings");
  const title = page.getByRole("heading", { name: "My bookings" });
  await expect(title).toBeVisible();
  // Refine's own drawer button (fixed, unnamed, over the page) is not shown: the header has the menu button.
  await expect(page.locator("[data-console-sider] > .ant-btn")).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const openMenu = page.getByRole("button", { name: "Open the menu" });
  await expect(openMenu).toHaveAttribute("aria-expanded", "false");
  await openMenu.click();
  await page.getByRole("menuitem", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("antd's own texts follow the language: empty tables and date placeholders in Arabic, then in English again", async ({ page }) => {
  await signIn(page, AGENT);
  await page.evaluate(() => window.localStorage.setItem("language", "ar"));
  await page.goto("/bookings");
  // A reference no booking has: the table is empty whatever the agent booked before.
  await page.getByTestId("orders-filter-pnr").fill("NOSUCHPNR");
  await page.getByTestId("orders-search").click();
  await expect(page.locator(".ant-empty-description")).toHaveText("لا توجد بيانات");
  await expect(page.locator(".ant-picker input").first()).toHaveAttribute("placeholder", "البداية");
  await page.getByText("English", { exact: true }).click();
  await expect(page.locator(".ant-empty-description")).toHaveText("No data");
  await expect(page.locator(".ant-picker input").first()).toHaveAttribute("placeholder", "Start date");
});

test("the side menu shows every section's whole name, wrapping the long ones", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/setup-configuration/markets");
  await expect(page.getByRole("menuitem", { name: "Payment-method rules" })).toBeVisible();
  const cut = await page.locator("[data-console-sider] .ant-menu-title-content").evaluateAll((titles) =>
    titles.filter((title) => title.scrollWidth > title.clientWidth + 1).map((title) => title.textContent),
  );
  expect(cut).toEqual([]);
});

test("the side menu lists booking first and administration after; a section of one screen is one entry; the mail outbox comes last", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/setup-configuration/markets");
  const sider = page.locator("[data-console-sider]");
  await expect(sider.getByRole("menuitem", { name: "Payment-method rules" })).toBeVisible();
  const entries = await sider.locator(".ant-menu-root > li").evaluateAll((items) => items.map((item) => item.querySelector(".ant-menu-title-content")?.textContent?.trim()));
  expect(entries.slice(0, 3)).toEqual(["Dashboard", "Search", "Bookings"]);
  expect(entries.indexOf("Money Transfer")).toBeLessThan(entries.indexOf("Point of Sale Management"));
  // User Roles holds one screen: no group to open. Point of Sale Management holds two (organisations, bank guarantees): a group.
  expect(entries).toEqual(expect.arrayContaining(["Point of Sale Management", "Roles", "Users"]));
  expect(entries).not.toContain("Organisations");
  const setup = await sider.locator(".ant-menu-sub .ant-menu-title-content").allTextContents();
  expect(setup.at(-1)).toBe("Mail outbox");
  // Every entry has its own icon: no administration screen with the generic tool icon.
  await expect(sider.locator(".anticon-tool")).toHaveCount(0);
});

test("every menu page is framed alike: a trail from home through its section, the title with its actions, a flattened section still named", async ({ page }) => {
  await signIn(page, ADMIN);
  const trails = [
    ["/point-sales-management/organisations", ["Point of Sale Management", "Organisations"], "Organisations"],
    ["/setup-configuration/markets", ["Setup & Configuration", "Markets"], "Markets"],
    ["/setup-configuration/markup-rules", ["Setup & Configuration", "Markup rules"], "Markup rules"],
  ] as const;
  for (const [path, trail, title] of trails) {
    await page.goto(path);
    const breadcrumb = page.getByTestId("page-breadcrumb");
    await expect(breadcrumb.locator("li:not(.ant-breadcrumb-separator)")).toHaveText(["", ...trail]);
    await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
    await expect(page.getByTestId("page-breadcrumb")).toHaveCount(1);
  }
  // The home link leads to the dashboard, which needs no trail.
  await page.getByTestId("page-breadcrumb").getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("page-breadcrumb")).toHaveCount(0);
});

test("on a phone an administration list is a card per record: its values and its actions on the screen, nothing scrolling sideways", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ADMIN);
  await page.goto("/users/users");
  const card = page.locator(".ant-list-item .ant-card", { hasText: "agent@gulfhorizon.example" });
  const edit = card.getByRole("button", { name: "Edit" });
  await expect(edit).toBeVisible();
  for (const shown of [card.getByText("agent@gulfhorizon.example"), edit]) {
    const box = await shown.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("an error the console does not handle is reported to the server, and head-office administrators read it under Error reports", async ({ page, browser }) => {
  await signIn(page, AGENT);
  const reported = page.waitForResponse((response) => response.url().endsWith("/api/error_capture_logs") && response.request().method() === "POST");
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error("E2E unhandled failure");
    });
  });
  expect((await reported).status()).toBe(200);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN);
  await admin.goto("/setup-configuration/error-log");
  const row = admin.getByTestId("error-log-table").getByRole("row", { name: /E2E unhandled failure/ });
  await expect(row).toContainText("Script error");
  await expect(row).toContainText("agent · Gulf Horizon Travel");
  await expect(row).toContainText("/dashboard");
  await adminContext.close();
});

test("the console built for production logs nothing to the browser's console (spec section 8)", () => {
  const assets = new URL("../../dist/assets/", import.meta.url);
  const scripts = readdirSync(assets).filter((name) => name.endsWith(".js"));
  expect(scripts.length).toBeGreaterThan(10);
  // A call of the global console itself; a library's own alias of it (jsPDF's global.console) is not the console's to drop.
  const logging = scripts.filter((name) => /(?<![\w.$])console\.(log|info|debug|warn|error|trace)\(/.test(readFileSync(new URL(name, assets), "utf8")));
  expect(logging).toEqual([]);
});

const variants = [
  { project: "ndc", providerName: "", title: "NDC Marketplace Platform" },
  { project: "aggregator", providerName: "", title: "Aggregator Platform" },
  { project: "fclive", providerName: "Gulf", title: "Gulf FC Live" },
  { project: "custom", providerName: "Gulf", title: "Gulf Aggregator Platform" },
];

for (const variant of variants) {
  test(`the page title of the ${variant.project} variant is "${variant.title}" and survives navigation`, async ({ page }) => {
    await page.route("**/app-config.js", (route) =>
      route.fulfill({
        contentType: "application/javascript",
        body: `window.__APP_CONFIG__ = ${JSON.stringify({ project: variant.project, providerName: variant.providerName, chatWidgetSrc: "" })};`,
      }),
    );
    await page.goto("/login");
    await expect(page).toHaveTitle(variant.title);
    await page.goto("/not-found");
    await expect(page).toHaveTitle(variant.title);
  });
}

test("a console page shows without a loading fallback for its code, after signing in and opened by its address: the code is loaded first", async ({ page }) => {
  // Every element that shows a page waiting for its code, as it is added (it may go again within the same task).
  await page.addInitScript(() => {
    const shown: string[] = [];
    Object.assign(window, { codeFallbacksShown: shown });
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof Element && (node.matches("[data-waiting-for=code]") || node.querySelector("[data-waiting-for=code]"))) shown.push(location.pathname);
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const shownSoFar = () => page.evaluate(() => (window as unknown as { codeFallbacksShown: string[] }).codeFallbacksShown);

  await signIn(page, ADMIN);
  await expect(page.getByTestId("dashboard-greeting")).toBeVisible();
  expect(await shownSoFar()).toEqual([]);
  await page.goto("/setup-configuration/markets");
  await expect(page.getByRole("cell", { name: "Europe, Middle East and Africa" })).toBeVisible();
  expect(await shownSoFar()).toEqual([]);
  // A booking page with the booking-for bar, which is its own chunk.
  await page.goto("/search");
  await expect(page.getByTestId("booking-for")).toBeVisible();
  expect(await shownSoFar()).toEqual([]);
  await page.goto("/dashboard");
  await expect(page.getByTestId("dashboard-greeting")).toBeVisible();
  expect(await shownSoFar()).toEqual([]);
});
