import { expect, test } from "@playwright/test";
import { removeSupplierAfterEach, shot } from "./connectedSupplier";
import { BROWSER_FAKE_HOTELBEDS } from "../fakes/hotelbeds/browserFake";
import { isoDate } from "./flightJourney";
import { ADMIN, AGENT, pick, signIn } from "./session";

removeSupplierAfterEach("hotelbeds-gulf");

test("an administrator connects Hotelbeds in the supplier wizard, tests the connection, and an agent books and cancels a Dubai room through it", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  await page.goto("/setup-configuration/suppliers");
  await page.getByTestId("resource-create").click();
  await page.getByTestId("field-code").fill("hotelbeds-gulf");
  await page.getByTestId("field-name").fill("Hotelbeds Gulf");
  await pick(page, "field-kind", "Hotel supplier");
  await pick(page, "field-category", "hotel");
  await pick(page, "field-source", "Hotelbeds");
  await page.getByTestId("wizard-next").click();

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
  await page.getByTestId("wizard-next").click();
  await pick(page, "field-commercialModel", "Net fares");
  await pick(page, "field-settlement", "Prepaid deposit");
  await pick(page, "field-currency", "Euro (EUR)");
  await page.getByTestId("wizard-next").click();
  await page.getByTestId("wizard-next").click();
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

  await expect(page).toHaveURL(/\/search\/hotels\/checkout$/);
  for (const [position, first] of [[0, "Sam"], [1, "Dana"]] as const) {
    const guest = page.getByTestId(`hotel-guest-0-${position}`);
    await guest.getByLabel("First name").fill(first);
    await guest.getByLabel("Last name").fill("Saleh");
  }
  await page.getByLabel("Email").fill("booker@gulfhorizon.example");
  await page.getByLabel("Phone").fill("+965 22001234");
  await expect(page.getByTestId("place-order")).toBeEnabled({ timeout: 20_000 });
  await page.getByTestId("place-order").click();

  await expect(page).toHaveURL(/\/search\/confirmation\/\d+$/, { timeout: 30_000 });
  await expect(page.getByTestId("hotel-confirmation")).toHaveText(/^102-\d+$/);
  await shot(page, "hotelbeds-confirmation");
  await page.getByTestId("confirmation-pnr").click();
  await page.goto("/bookings");
  await page.locator("[data-testid^='order-row-']").first().click();
  await expect(page.getByTestId("hotel-stay")).toContainText("Dana Saleh");
  await page.getByTestId("cancel-open").click();
  await expect(page.getByTestId("cancel-quote")).toBeVisible();
  await page.getByTestId("cancel-confirm").click();
  await expect(page.getByTestId("order-status")).toHaveText("Cancelled", { timeout: 20_000 });
});
