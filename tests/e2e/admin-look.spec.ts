import { test } from "@playwright/test";
import { ADMIN, signIn } from "./session";

for (const language of ["en", "ar"]) {
  test(`screens in ${language}`, async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await signIn(page, ADMIN);
    await page.evaluate((value) => window.localStorage.setItem("language", value), language);
    await page.goto("/setup-configuration/markets");
    await page.getByTestId("resource-table").waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/h2-shots/markets-${language}.png` });
    await page.getByTestId("resource-create").click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/h2-shots/market-drawer-${language}.png` });
    await page.goto("/setup-configuration/suppliers");
    await page.getByTestId("resource-table").waitFor();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/h2-shots/suppliers-${language}.png` });
    await page.getByTestId("resource-create").click();
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/h2-shots/supplier-wizard-${language}.png` });
  });
}
