import { expect, test } from "@playwright/test";
import { removeSupplierAfterEach, shot, startSupplierWizard, wizardToReview } from "./connectedSupplier";
import { BROWSER_FAKE_NDC } from "../fakes/ndc/browserFake";
import { chooseItinerary, isoDate, search, toPayment } from "./flightJourney";
import { AGENT, pick, signIn } from "./session";

removeSupplierAfterEach("ba-direct");

test("an administrator connects British Airways over NDC 21.3 with the agency's IATA number, and an agent books a direct BA fare on deposit", async ({ page }) => {
  test.setTimeout(150_000);
  await startSupplierWizard(page, { code: "ba-direct", name: "British Airways direct", kind: "Flight supplier", category: "airline", source: "BA NDC" });

  await pick(page, "field-connection", "IATA NDC 21.3");
  await page.getByTestId("field-endpointUrl").fill(`http://127.0.0.1:${BROWSER_FAKE_NDC.port}`);
  await page.getByTestId("field-apiKey").fill(BROWSER_FAKE_NDC.apiKey);
  await page.getByTestId("supplier-test-connection").click();
  await expect(page.getByTestId("supplier-connection-result")).toContainText("needs the agency's IATA number, the pseudo city code");
  await page.getByTestId("field-iataNumber").fill("42212345");
  await page.getByTestId("field-pseudoCity").fill("KWIGH2100");
  await page.getByTestId("supplier-test-connection").click();
  await expect(page.getByTestId("supplier-connection-result")).toContainText("BA NDC accepted the credentials");
  await shot(page, "ndc-wizard-connection");
  await wizardToReview(page, { settlement: "BSP", currency: "(GBP)" });
  await expect(page.getByTestId("wizard-review").getByRole("row", { name: /Pseudo city code/ })).toContainText("KWIGH2100");
  await page.getByTestId("resource-save").click();
  await expect(page.locator("tr.ant-table-row", { hasText: "ba-direct" })).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, AGENT);
  await search(page, { from: "LHR", to: "JFK", out: isoDate(80) });
  await page.getByTestId("filter-supplier").getByText("British Airways direct").click();
  await expect(page.getByTestId("offer-card-0")).toContainText("British Airways direct");
  await shot(page, "ndc-results");
  await chooseItinerary(page, 1);
  await toPayment(page, { title: "Ms.", first: "Noura", last: "Saleh", birth: "1990-01-15", document: "N9988776" }, { email: "noura@example.com", phone: "5555 6666" });
  await expect(page.getByTestId("payment-method-1")).toBeChecked();
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/search\/confirmation\/\d+$/, { timeout: 30_000 });
  await expect(page.getByTestId("confirmation-pnr")).toHaveText(/^[A-Z0-9]{6}$/);
  await expect(page.getByTestId("confirmation-ticket")).toHaveCount(1);
  await shot(page, "ndc-confirmation");
});
