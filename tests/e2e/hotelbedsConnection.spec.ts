import { expect, test } from "@playwright/test";
import { cancelLatestHotelBooking, checkOutHotel, removeSupplierAfterEach, shot, startSupplierWizard, wizardToReview } from "./connectedSupplier";
import { BROWSER_FAKE_HOTELBEDS } from "../fakes/hotelbeds/browserFake";
import { isoDate } from "./flightJourney";
import { AGENT, pick, signIn } from "./session";

removeSupplierAfterEach("hotelbeds-gulf");

test("an administrator connects Hotelbeds in the supplier wizard, tests the connection, and an agent books and cancels a Dubai room through it", async ({ page }) => {
  test.setTimeout(120_000);
  await startSupplierWizard(page, { code: "hotelbeds-gulf", name: "Hotelbeds Gulf", kind: "Hotel supplier", category: "hotel", source: "Hotelbeds" });

  // No test before the adapter is chosen; then a wrong secret is refused in the provider's words.
  await expect(page.getByTestId("supplier-test-connection")).toHaveCount(0);
  await pick(page, "field-connection", "Hotelbeds APItude");
  await page.getByTestId("field-endpointUrl").fill(`http://127.0.0.1:${BROWSER_FAKE_HOTELBEDS.port}`);
  await page.getByTestId("field-apiKey").fill(BROWSER_FAKE_HOTELBEDS.apiKey);
  await page.getByTestId("supplier-test-connection").click();
  await expect(page.getByTestId("supplier-connection-result")).toContainText("needs the API secret");
  await page.getByTestId("field-apiSecret").fill("not-the-right-secret");
  await page.getByTestId("supplier-test-connection").click();
  await expect(page.getByTestId("supplier-connection-result")).toContainText("Invalid API key or signature");
  await page.getByTestId("field-apiSecret").fill(BROWSER_FAKE_HOTELBEDS.secret);
  await page.getByTestId("supplier-test-connection").click();
  await expect(page.getByTestId("supplier-connection-result")).toContainText("Connected");
  await expect(page.getByTestId("supplier-connection-result")).toContainText("status is OK");
  await shot(page, "hotelbeds-wizard-connection");
  await wizardToReview(page, { settlement: "Prepaid deposit", currency: "Euro (EUR)" });
  await expect(page.getByTestId("wizard-review").getByRole("row", { name: /Connection/ })).toContainText("Hotelbeds APItude");
  await page.getByTestId("resource-save").click();
  await expect(page.locator("tr.ant-table-row", { hasText: "hotelbeds-gulf" })).toContainText("Hotelbeds APItude");

  // The agent's next search finds the Hotelbeds hotels beside the sandboxes'.
  await page.context().clearCookies();
  await signIn(page, AGENT);
  await page.goto(`/search/hotels?city=AE-dubai&in=${isoDate(60)}&out=${isoDate(62)}&rooms=2&nat=KW`);
  const card = page.getByTestId("hotel-card").filter({ hasText: "Creek Pearl Hotel" });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await shot(page, "hotelbeds-results");
  await card.getByTestId("hotel-choose").click();
  await expect(page.getByTestId("hotel-name")).toHaveText("Creek Pearl Hotel", { timeout: 30_000 });
  const refundable = page.getByTestId("hotel-room-rates-0").locator("tr", { has: page.getByTestId("free-cancellation") }).first();
  await expect(refundable).toContainText("Hotelbeds Gulf");
  await refundable.getByTestId("hotel-rate-choose").click();
  await shot(page, "hotelbeds-hotel-page");
  await page.getByTestId("hotel-continue").click();

  await checkOutHotel(page, [[0, 0, "Sam"], [0, 1, "Dana"]]);
  await expect(page.getByTestId("hotel-confirmation")).toHaveText(/^102-\d+$/);
  await shot(page, "hotelbeds-confirmation");
  await page.getByTestId("confirmation-pnr").click();
  await cancelLatestHotelBooking(page, "Dana Saleh");
});
