import { expect, test } from "@playwright/test";
import { cancelLatestHotelBooking, checkOutHotel, removeSupplierAfterEach, shot, startSupplierWizard, wizardToReview } from "./connectedSupplier";
import { BROWSER_FAKE_DUFFEL } from "../fakes/duffel/browserFake";
import { isoDate } from "./flightJourney";
import { AGENT, pick, signIn } from "./session";

removeSupplierAfterEach("duffel-stays-gulf");

test("an administrator connects Duffel Stays as a hotel supplier, and an agent books two rooms on one Duffel rate and cancels", async ({ page }) => {
  test.setTimeout(120_000);
  await startSupplierWizard(page, { code: "duffel-stays-gulf", name: "Duffel Stays Gulf", kind: "Hotel supplier", category: "hotel", source: "Duffel" });

  // Until an adapter is chosen the form keeps the record's own fields; Duffel asks for its token only.
  await expect(page.getByTestId("field-username")).toBeVisible();
  // A hotel supplier is offered the connections that serve hotels only.
  await page.getByTestId("field-connection").click();
  await expect(page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)").last().locator(".ant-select-item-option")).toHaveText(["Not connected", "Hotelbeds APItude", "Duffel"]);
  await page.getByTestId("field-connection").click();
  await pick(page, "field-connection", "Duffel");
  await expect(page.getByTestId("field-username")).toHaveCount(0);
  await expect(page.getByTestId("field-apiSecret")).toHaveCount(0);
  await expect(page.getByTestId("field-iataNumber")).toHaveCount(0);
  await page.getByTestId("field-endpointUrl").fill(`http://127.0.0.1:${BROWSER_FAKE_DUFFEL.port}`);
  await page.getByTestId("field-apiKey").fill(BROWSER_FAKE_DUFFEL.accessToken);
  await page.getByTestId("supplier-test-connection").click();
  await expect(page.getByTestId("supplier-connection-result")).toContainText("Connected");
  await shot(page, "duffel-stays-wizard-connection");
  await wizardToReview(page, { settlement: "Prepaid deposit", currency: "(USD)" });
  const review = page.getByTestId("wizard-review");
  await expect(review.getByRole("row", { name: /Connection/ })).toContainText("Duffel");
  await expect(review.getByRole("row", { name: /API secret/ })).toHaveCount(0);
  await page.getByTestId("resource-save").click();
  await expect(page.locator("tr.ant-table-row", { hasText: "duffel-stays-gulf" })).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, AGENT);
  await page.goto(`/search/hotels?city=AE-dubai&in=${isoDate(60)}&out=${isoDate(62)}&rooms=2,1&nat=KW`);
  const card = page.getByTestId("hotel-card").filter({ hasText: "Creek Harbour Suites" });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await card.getByTestId("hotel-choose").click();
  await expect(page.getByTestId("hotel-name")).toHaveText("Creek Harbour Suites", { timeout: 30_000 });

  // Choosing the second room's rate chooses the same Duffel rate for the first.
  const refundable = page.getByTestId("hotel-room-rates-1").locator("tr", { has: page.getByTestId("free-cancellation") }).filter({ hasText: "Deluxe King Room" }).first();
  await expect(refundable).toContainText("Duffel Stays Gulf");
  await refundable.getByTestId("hotel-rate-choose").click();
  await expect(page.getByTestId("hotel-whole-stay")).toContainText("Duffel Stays Gulf sells this stay on one rate for every room");
  await expect(page.getByTestId("hotel-room-rates-0").locator("input[type=radio]:checked")).toHaveCount(1);
  await shot(page, "duffel-stays-hotel-page");
  await page.getByTestId("hotel-continue").click();

  await checkOutHotel(page, [[0, 0, "Sam"], [0, 1, "Dana"], [1, 0, "Huda"]]);
  await expect(page.getByTestId("hotel-confirmation")).toHaveText(/^[0-9A-F]{8}$/);
  await shot(page, "duffel-stays-confirmation");
  await cancelLatestHotelBooking(page, "Huda Saleh");
});
