import { expect, test } from "@playwright/test";
import { BROWSER_FAKE_HOTELBEDS } from "../fakes/hotelbeds/browserFake";
import { searchDubaiActivities } from "./activitySearch";
import { removeSupplierAfterEach, shot, startSupplierWizard, wizardToReview } from "./connectedSupplier";
import { AGENT, pick, signIn } from "./session";

removeSupplierAfterEach("hotelbeds-activities");

test("an administrator connects Hotelbeds Activities in the supplier wizard, and an agent books and cancels a Dubai dinner cruise through it", async ({ page }) => {
  test.setTimeout(120_000);
  await startSupplierWizard(page, { code: "hotelbeds-activities", name: "Hotelbeds Activities", kind: "Activity supplier", category: "other", source: "Hotelbeds" });
  await pick(page, "field-connection", "Hotelbeds APItude");
  await page.getByTestId("field-endpointUrl").fill(`http://127.0.0.1:${BROWSER_FAKE_HOTELBEDS.port}`);
  await page.getByTestId("field-apiKey").fill(BROWSER_FAKE_HOTELBEDS.apiKey);
  await page.getByTestId("field-apiSecret").fill(BROWSER_FAKE_HOTELBEDS.secret);
  await page.getByTestId("supplier-test-connection").click();
  await expect(page.getByTestId("supplier-connection-result")).toContainText("status is OK");
  await wizardToReview(page, { settlement: "Prepaid deposit", currency: "Euro (EUR)" });
  await page.getByTestId("resource-save").click();
  await expect(page.locator("tr.ant-table-row", { hasText: "hotelbeds-activities" })).toContainText("Hotelbeds APItude");

  await page.context().clearCookies();
  await signIn(page, AGENT);
  await searchDubaiActivities(page, { fromDay: 40, toDay: 41, children: 1 });
  const card = page.getByTestId("activity-card").filter({ hasText: "Creek Dhow Dinner Cruise" });
  await expect(card).toBeVisible();
  await expect(card).toContainText("Two hours on a traditional dhow");
  // Hotelbeds' first picture beside it (its server is out of reach here: the frame stands in for it).
  await expect(card.getByTestId("activity-thumbnail").getByRole("img", { name: "Creek Dhow Dinner Cruise" })).toBeVisible();
  await shot(page, "hotelbeds-activity-results");
  await card.getByTestId("activity-view").click();

  // Hotelbeds does not count places: the start is offered without a count.
  const option = page.getByTestId("activity-option-SHARED~GENERIC");
  await expect(option).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("activity-details")).toContainText("Dhow Wharfage, Al Seef, Bur Dubai");
  await expect(page.getByTestId("activity-gallery").locator("img")).toHaveCount(2);
  await expect(page.getByRole("img", { name: "Creek Dhow Dinner Cruise, picture 2" })).toBeVisible();
  const start = option.locator(".ant-radio-button-wrapper").first();
  await expect(start).toHaveText("20:00");
  await start.click();
  await shot(page, "hotelbeds-activity-page");
  await page.getByTestId("activity-continue-SHARED~GENERIC").click();

  await expect(page).toHaveURL(/\/activities\/checkout$/);
  for (const [index, [title, first]] of [["Mr.", "Omar"], ["Mrs.", "Lina"], ["Master", "Sami"]].entries()) {
    await pick(page, `activity-traveller-${index}-title`, title!);
    await page.getByTestId(`activity-traveller-${index}`).getByLabel("First name").fill(first!);
    await page.getByTestId(`activity-traveller-${index}`).getByLabel("Last name").fill("Haddad");
  }
  await page.getByLabel("Email").fill("omar@example.com");
  await page.getByLabel("Phone").fill("5000 4321");
  // The operator's question must be answered before the booking goes.
  const questions = page.getByTestId("activity-questions");
  await expect(questions).toContainText("Name of your hotel in Dubai, for the boarding list");
  await page.getByTestId("place-order").click();
  await expect(questions).toContainText("Answer this question");
  await page.getByLabel("Name of your hotel in Dubai, for the boarding list").fill("Al Seef Heritage Hotel");
  await shot(page, "hotelbeds-activity-checkout");
  await page.getByTestId("place-order").click();

  await expect(page.getByText("Activity booked")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("activity-voucher-code")).toHaveText(/^102-\d+-1$/);
  await shot(page, "hotelbeds-activity-confirmation");
  await page.getByTestId("open-booking").click();
  await expect(page.getByTestId("order-status")).toHaveText("Confirmed");
  await expect(page.getByTestId("activity-panel")).toContainText("Master Sami Haddad");
  await page.getByTestId("cancel-open").click();
  await expect(page.getByTestId("cancel-quote")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("cancel-confirm").click();
  await expect(page.getByTestId("order-status")).toHaveText("Cancelled", { timeout: 20_000 });
});
