import { expect, test } from "@playwright/test";
import { shot } from "./connectedSupplier";
import { ADMIN, pick, signIn } from "./session";
import { serveDesertRoseOnItsDomain } from "./agencyDomain";

test("the head office sets an agency's default language and provider name; the agency's own domain opens its sign-in page with them", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  await page.goto("/setup-configuration/settings");
  await expect(page.getByTestId("settings-language-origin")).toContainText("the platform's configuration");
  await pick(page, "settings-organisation", "Desert Rose Tours");
  await expect(page.getByTestId("settings-language-origin")).toContainText("Applies: English");
  await page.getByTestId("settings-provider-name").fill("Desert Rose Holidays");
  await pick(page, "settings-default-language", "Arabic");
  await page.getByTestId("settings-save").click();
  await expect(page.getByText("Settings saved: the organisations below that leave them empty inherit them.")).toBeVisible();
  await expect(page.getByTestId("settings-language-origin")).toHaveText("Applies: Arabic · set here");
  await expect(page.getByTestId("settings-provider-origin")).toHaveText("Applies: Desert Rose Holidays · set here");
  await shot(page, "organisation-settings");

  const signInPage = await serveDesertRoseOnItsDomain(page, baseURL!);
  const visitor = await browser.newPage();
  await visitor.goto(signInPage);
  await expect(visitor.locator("html")).toHaveAttribute("lang", "ar");
  await expect(visitor.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(visitor.getByRole("button", { name: "تسجيل الدخول" })).toBeVisible();
  expect(await visitor.evaluate(() => window.__APP_CONFIG__?.providerName)).toBe("Desert Rose Holidays");
  await shot(visitor, "organisation-settings-sign-in");
  // A visitor who chooses English keeps it.
  await visitor.getByTestId("language-switcher").locator('[lang="en"]').click();
  await visitor.reload();
  await expect(visitor.locator("html")).toHaveAttribute("lang", "en");
  await visitor.close();

  // Emptied again, both are inherited: the platform's.
  await page.goto("/setup-configuration/settings");
  await pick(page, "settings-organisation", "Desert Rose Tours");
  await expect(page.getByTestId("settings-provider-name")).toHaveValue("Desert Rose Holidays");
  await page.getByTestId("settings-provider-name").fill("");
  await page.getByTestId("settings-default-language").hover();
  await page.getByTestId("settings-default-language").locator(".ant-select-clear").click();
  await page.getByTestId("settings-save").click();
  await expect(page.getByTestId("settings-language-origin")).toHaveText("Applies: English · the platform's configuration");
});
