import { expect, type Page } from "@playwright/test";

/**
 * Gives Desert Rose Tours its own domain, desert-rose.test (which the browser resolves to this
 * machine, playwright.config.ts), from the organisation's form, and answers its sign-in page.
 */
export async function serveDesertRoseOnItsDomain(page: Page, baseURL: string): Promise<string> {
  await page.goto("/point-sales-management/organisations");
  await page.getByRole("row", { name: /Desert Rose Tours/ }).getByRole("button", { name: "Edit" }).click();
  // Typed before the record arrives, the domain would be replaced by the stored one.
  await expect(page.getByTestId("field-name")).toHaveValue("Desert Rose Tours");
  await page.getByTestId("field-domain").fill("desert-rose.test");
  await page.getByTestId("resource-save").click();
  await expect(page.getByTestId("resource-drawer")).toBeHidden();
  const own = new URL(baseURL);
  own.hostname = "desert-rose.test";
  return new URL("/login", own).href;
}
