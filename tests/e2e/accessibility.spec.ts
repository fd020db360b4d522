import { expect, test, type Page } from "@playwright/test";
import { ADMIN, AGENT, signIn } from "./session";
import { isoDate, search } from "./flightJourney";
import { seriousViolations } from "./phoneLook";

/** Every page the sider offers the signed-in user, its groups opened. */
async function menuPages(page: Page): Promise<string[]> {
  const sider = page.locator("[data-console-sider]");
  await sider.getByRole("menuitem").first().waitFor();
  const closed = sider.locator(".ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title");
  while ((await closed.count()) > 0) {
    await closed.first().click();
    await expect(sider.locator(".ant-menu-submenu-open").last().locator(".ant-menu-sub a[href]").first()).toBeVisible();
  }
  const paths = await sider.locator("a[href]").evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  return [...new Set(paths)].filter((path) => path !== "/");
}

// The head office's menu holds every page an agent's does, and is looked at in English; the booking
// pages are looked at step by step, at 390 px and in both languages, by phones.spec.ts.
test(`every page of the menu, for an administrator, has no serious or critical accessibility violation (axe, WCAG 2.1 AA) and no sideways scroll at 1440 px or 390 px (screenshots attached)`, async ({ page }, testInfo) => {
  // An administrator opens some thirty pages, each at two widths and scanned by axe: minutes on a loaded 2-core machine.
  test.setTimeout(480_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, ADMIN);
  const pages = await menuPages(page);
  expect(pages.length).toBeGreaterThan(5);
  const found: string[] = [];
  const overflowing: string[] = [];
  const checkWidth = async (path: string, width: number) => {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.locator(".ant-spin-spinning")).toHaveCount(0);
    // Tables and charts follow a resize a moment later (resize observers): the page is judged once it has settled.
    const scrollWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
    await expect.poll(scrollWidth, { timeout: 3_000 }).toBeLessThanOrEqual(width).catch(() => undefined);
    const settled = await scrollWidth();
    if (settled > width) overflowing.push(`${path} at ${width} px: ${settled} px wide`);
    await testInfo.attach(`en${path.replace(/\//g, "_")}-${width}.png`, { body: await page.screenshot(), contentType: "image/png" });
  };
  for (const path of pages) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    found.push(...(await seriousViolations(page, path)));
    await checkWidth(path, 1440);
    await checkWidth(path, 390);
  }
  expect(found).toEqual([]);
  expect(overflowing).toEqual([]);
});

test("the flight results page has no serious or critical accessibility violation: named sliders, a focusable price matrix, readable buttons", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, AGENT);
  await search(page, { from: "KWI", to: "LHR", out: isoDate(30) });
  expect(await seriousViolations(page, "results")).toEqual([]);
  await expect(page.getByRole("region", { name: /scrolls sideways/ })).toHaveAttribute("tabindex", "0");
});

test("a confirmation is an alert dialog: named by its question, focused on Cancel, closed by Escape with focus back on its button", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/setup-configuration/markets");
  const remove = page.getByRole("row", { name: /EMEA/ }).getByRole("button", { name: "Delete" });
  await remove.click();
  const dialog = page.getByRole("alertdialog", { name: "Are you sure?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  expect(await seriousViolations(page, "confirmation")).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(remove).toBeFocused();
  await expect(page.getByRole("row", { name: /EMEA/ })).toBeVisible();
});
