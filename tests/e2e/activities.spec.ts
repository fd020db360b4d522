import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { searchDubaiActivities } from "./activitySearch";
import { expectOneFactOnPages } from "./oneFact";
import { AGENT, pick, signIn } from "./session";

/** Screenshots for a person to look at, when SCREENSHOTS names a folder. */
async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/${name}.png`, fullPage: true });
}

test("an agent finds a Dubai desert safari for a family, picks a start time, books it by deposit, downloads the voucher and cancels it", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, AGENT);
  await searchDubaiActivities(page, { fromDay: 30, toDay: 32, children: 1 });

  // The search and its results survive a reload (the spec's activity data).
  await page.reload();
  await expect(page.getByTestId("activity-card").first()).toBeVisible();
  await expect(page.getByTestId("activity-search-form")).toContainText("Dubai, United Arab Emirates");
  await page.getByTestId("activity-filter-category").getByText("Desert safari", { exact: true }).click();
  await page.getByTestId("activity-filter-free").click();
  await expect(page.getByTestId("activity-count")).toContainText("of");
  for (const card of await page.getByTestId("activity-card").all()) {
    await expect(card).toContainText("Desert safari");
    await expect(card).toContainText("Free cancellation");
  }
  await shot(page, "activity-results");
  await page.getByTestId("activity-view").first().click();

  await expect(page).toHaveURL(/\/activities\/A[0-9A-F]{8}\?supplier=/);
  // Back to the results: the filters applied are still applied.
  await page.getByRole("link", { name: "Back to the results" }).click();
  await expect(page.getByTestId("activity-filter-free")).toBeChecked();
  await expect(page.getByTestId("activity-count")).toContainText("of");
  await page.getByTestId("activity-view").first().click();
  const shared = page.getByTestId("activity-option-SHARED");
  await expect(shared).toBeVisible({ timeout: 20_000 });
  await shared.locator(".ant-radio-button-wrapper:not(.ant-radio-button-wrapper-disabled)").first().click();
  await shot(page, "activity-page");
  await page.getByTestId("activity-continue-SHARED").click();

  await expect(page).toHaveURL(/\/activities\/checkout$/);
  await expect(page.getByText(/^Times are the activity's local time/)).toBeVisible();
  // Each title asked (a child is offered a child's), never assumed.
  const names = [["Mr.", "Omar", "Haddad"], ["Mrs.", "Lina", "Haddad"], ["Master", "Sami", "Haddad"]];
  await page.getByTestId("activity-traveller-2-title").click();
  await expect(page.locator(".ant-select-dropdown:visible .ant-select-item-option")).toHaveText(["Master", "Ms."]);
  await page.keyboard.press("Escape");
  for (const [index, [title, first, last]] of names.entries()) {
    await pick(page, `activity-traveller-${index}-title`, title!);
    await page.getByTestId(`activity-traveller-${index}`).getByLabel("First name").fill(first!);
    await page.getByTestId(`activity-traveller-${index}`).getByLabel("Last name").fill(last!);
  }
  await page.getByLabel("Email").fill("omar@example.com");
  await page.getByLabel("Phone").fill("5000 4321");
  await shot(page, "activity-checkout");
  await page.getByTestId("place-order").click();

  await expect(page.getByText("Activity booked")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("activity-voucher-code")).toHaveText(/^[0-9A-F]{4}-\d{6}$/);
  const [voucher] = await Promise.all([page.waitForEvent("download"), page.getByTestId("voucher-download").click()]);
  expect(voucher.suggestedFilename()).toMatch(/^voucher-DC[0-9A-F]{8}\.pdf$/);
  expect(readFileSync((await voucher.path())!).subarray(0, 5).toString()).toBe("%PDF-");
  await shot(page, "activity-confirmation");
  const chargedText = (await page.getByTestId("confirmation-charged").textContent())!;

  await page.getByTestId("open-booking").click();
  await expect(page.getByTestId("order-status")).toHaveText("Confirmed");
  await expectOneFactOnPages(page, { charged: chargedText });
  await expect(page.getByTestId("activity-panel")).toContainText("Mr. Omar Haddad (Adult)");
  await page.getByTestId("cancel-open").click();
  await expect(page.getByTestId("cancel-quote")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("cancel-confirm").click();
  await expect(page.getByTestId("order-status")).toHaveText("Cancelled", { timeout: 20_000 });
  await expect(page.getByTestId("order-ledger")).toContainText("Credit");
});
