import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN, AGENT, signIn } from "./session";
import { isoDate, search } from "./flightJourney";

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

const users = [
  { who: "an administrator", credentials: ADMIN },
  { who: "an agent", credentials: AGENT },
];

for (const { who, credentials } of users) {
  for (const language of ["en", "ar"] as const) {
    test(`every page of the menu, for ${who} in ${language === "en" ? "English" : "Arabic"}, has no serious or critical accessibility violation (axe, WCAG 2.1 AA)`, async ({ page }) => {
      test.setTimeout(300_000);
      await page.setViewportSize({ width: 1440, height: 900 });
      await signIn(page, credentials);
      if (language === "ar") {
        await page.evaluate(() => localStorage.setItem("language", "ar"));
        await page.reload();
        await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      }
      const pages = await menuPages(page);
      expect(pages.length).toBeGreaterThan(5);
      const found: string[] = [];
      for (const path of pages) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        await expect(page.locator(".ant-spin-spinning")).toHaveCount(0);
        const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
        for (const violation of violations.filter((candidate) => candidate.impact === "serious" || candidate.impact === "critical")) {
          const first = violation.nodes[0];
          found.push(`${path}: ${violation.id} on ${violation.nodes.length} element(s), first ${first?.target.join(" ")}: ${first?.failureSummary?.split("\n")[1]?.trim() ?? ""}`);
        }
      }
      expect(found).toEqual([]);
    });
  }
}

test("the flight results page has no serious or critical accessibility violation: named sliders, a focusable price matrix, readable buttons", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, AGENT);
  await search(page, { from: "KWI", to: "LHR", out: isoDate(30) });
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => `${violation.id} on ${violation.nodes[0]?.target.join(" ")}`)).toEqual([]);
  await expect(page.getByRole("region", { name: /scrolls sideways/ })).toHaveAttribute("tabindex", "0");
});
