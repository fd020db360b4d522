import { expect, type Page } from "@playwright/test";
import { isoDate } from "./flightJourney";

/** From the menu, an agent searches Dubai's activities between two days from today, for two adults and some children. */
export async function searchDubaiActivities(page: Page, { fromDay, toDay, children }: { fromDay: number; toDay: number; children: number }) {
  await page.getByRole("menuitem", { name: "Activities" }).click();
  await expect(page).toHaveURL(/\/activities$/);
  await page.getByTestId("activity-city").click();
  await page.keyboard.type("Dubai");
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "Dubai, United Arab Emirates" }).first().click();
  await page.getByTestId("activity-dates").first().click();
  await page.keyboard.type(isoDate(fromDay));
  await page.keyboard.press("Tab");
  await page.keyboard.type(isoDate(toDay));
  await page.keyboard.press("Tab");
  await page.getByTestId("activity-children").fill(String(children));
  await page.getByTestId("activity-search-submit").click();
  await expect(page.getByTestId("activity-card").first()).toBeVisible({ timeout: 30_000 });
}
