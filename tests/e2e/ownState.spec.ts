import { expect, test, type Page } from "@playwright/test";
import { isoDate, search } from "./flightJourney";
import { fillHotelSearch } from "./hotelSearch";
import { ADMIN, AGENT, signIn, signOut } from "./session";

/** Everything the console keeps in this browser, as one text to look for a user's traces in. */
const browserState = (page: Page) => page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));

async function searchHotels(page: Page, city: string) {
  await fillHotelSearch(page, city, { in: 60, out: 62 });
  await page.getByTestId("hotel-search-submit").click();
  await expect(page.getByTestId("hotel-card").first()).toBeVisible({ timeout: 30_000 });
}

test("two users in one browser: nothing one searched, typed or chose shows to the other", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, AGENT);
  await search(page, { from: "KWI", to: "DXB", out: isoDate(30) });
  await searchHotels(page, "Dubai, United Arab Emirates");
  await page.goto("/search");
  await expect(page.getByTestId("recent-searches")).toContainText("DXB");
  expect(await browserState(page)).toContain("AE-dubai");
  await signOut(page);
  // Signed out, the agent's searches are gone from the browser.
  expect(await browserState(page)).not.toMatch(/AE-dubai|DXB/);

  await signIn(page, ADMIN);
  await page.goto("/search");
  await expect(page.getByTestId("recent-searches")).toHaveCount(0);
  await page.goto("/search?product=hotels");
  await expect(page.getByTestId("hotel-destination")).not.toContainText("Dubai");
  await searchHotels(page, "Doha, Qatar");
  await signOut(page);

  await signIn(page, AGENT);
  await page.goto("/search?product=hotels");
  await expect(page.getByTestId("hotel-destination")).not.toContainText("Doha");
  expect(await browserState(page)).not.toMatch(/doha|DXB/i);
});
