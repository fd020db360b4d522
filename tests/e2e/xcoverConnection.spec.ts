import { expect, test } from "@playwright/test";
import { BROWSER_FAKE_XCOVER } from "../fakes/xcover/browserFake";
import { removeSupplierAfterEach, shot, startSupplierWizard, wizardToReview } from "./connectedSupplier";
import { searchFranceInsurance } from "./insuranceSearch";
import { isoDate, typeDate, typeDateRange } from "./flightJourney";
import { AGENT, pick, signIn } from "./session";

removeSupplierAfterEach("xcover-travel");

test("an administrator connects Cover Genius XCover in the supplier wizard, and an agent reads its disclosure statement, buys its International plan, changes it and cancels it", async ({ page }) => {
  test.setTimeout(120_000);
  await startSupplierWizard(page, { code: "xcover-travel", name: "XCover Travel", kind: "Insurer", category: "insurance", source: "Other" });
  await pick(page, "field-connection", "Cover Genius XCover");
  await page.getByTestId("field-endpointUrl").fill(`http://127.0.0.1:${BROWSER_FAKE_XCOVER.port}/x`);
  await page.getByTestId("field-apiKey").fill(BROWSER_FAKE_XCOVER.apiKey);
  await page.getByTestId("field-apiSecret").fill(BROWSER_FAKE_XCOVER.secret);
  await page.getByTestId("supplier-test-connection").click();
  await expect(page.getByTestId("supplier-connection-result")).toContainText("needs the partner code");
  await page.getByTestId("field-partnerCode").fill(BROWSER_FAKE_XCOVER.partnerCode);
  await page.getByTestId("supplier-test-connection").click();
  await expect(page.getByTestId("supplier-connection-result")).toContainText("status is OK");
  await shot(page, "xcover-wizard-connection");
  await wizardToReview(page, { settlement: "Prepaid deposit", currency: "(USD)" });
  await page.getByTestId("resource-save").click();
  await expect(page.locator("tr.ant-table-row", { hasText: "xcover-travel" })).toContainText("Cover Genius XCover");

  await page.context().clearCookies();
  await signIn(page, AGENT);
  await searchFranceInsurance(page, { fromDay: 50, toDay: 59, births: ["1985-02-03"] });
  await page.getByTestId("insurance-search-submit").click();

  const international = page.getByTestId("insurance-quote-INTRNL").filter({ hasText: "XCover Travel" });
  await expect(international).toBeVisible({ timeout: 20_000 });
  await expect(international).toContainText("International Travel Cover");
  // The disclosure statement is there to read before choosing, and opens.
  const statement = international.getByTestId("insurance-documents").getByRole("link", { name: /product disclosure statement/ });
  const response = await page.request.get((await statement.getAttribute("href"))!);
  expect(response.headers()["content-type"]).toContain("application/pdf");
  await shot(page, "xcover-quotes");
  await international.getByTestId("insurance-choose-INTRNL").click();

  await expect(page).toHaveURL(/\/search\/insurance\/checkout$/);
  await expect(page.getByTestId("insurance-summary").getByTestId("insurance-documents")).toContainText("International Travel Cover: product disclosure statement");
  await pick(page, "insured-0-title", "Ms.");
  await page.getByTestId("insured-0").getByLabel("First name").fill("Sara");
  await page.getByTestId("insured-0").getByLabel("Last name").fill("Mansour");
  await page.getByLabel("Email").fill("sara@example.com");
  await page.getByLabel("Phone").fill("5000 4321");
  await shot(page, "xcover-checkout");
  await page.getByTestId("place-order").click();

  await expect(page.getByText("Policy issued")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("policy-number")).toHaveText(/-XCV-INS$/);
  await expect(page.getByTestId("policy-panel")).toContainText("Ms. Sara Mansour");
  await shot(page, "xcover-confirmation");
  await page.getByTestId("open-booking").click();
  await expect(page.getByTestId("order-status")).toHaveText("Confirmed");

  // Five more days and a second traveller: priced first, then paid from the credit line.
  const total = await page.getByTestId("order-total").innerText();
  await page.getByTestId("policy-change-open").click();
  await typeDateRange(page, "policy-change-period", isoDate(50), isoDate(64));
  await page.getByTestId("policy-change-add").click();
  await page.getByTestId("policy-change-insured-1").getByLabel("First name").fill("Karim");
  await page.getByTestId("policy-change-insured-1").getByLabel("Last name").fill("Mansour");
  await typeDate(page, "policy-change-insured-1-birth", "1983-07-14");
  await pick(page, "policy-change-insured-1-title", "Mr.");
  await page.getByTestId("policy-change-price").click();
  await expect(page.getByTestId("policy-change-due")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("policy-change-quote")).toContainText("International Travel Cover: product disclosure statement");
  await shot(page, "xcover-policy-change");
  await page.getByTestId("policy-change-confirm").click();
  await expect(page.getByTestId("policy-panel")).toContainText("Mr. Karim Mansour", { timeout: 20_000 });
  await expect(page.getByTestId("policy-panel")).toContainText(isoDate(64));
  await expect(page.getByTestId("order-total")).not.toHaveText(total);

  await page.getByTestId("cancel-open").click();
  await expect(page.getByTestId("cancel-quote")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("cancel-confirm").click();
  await expect(page.getByTestId("order-status")).toHaveText("Cancelled", { timeout: 20_000 });
});
