import { expect, test } from "@playwright/test";
import { removeSupplierAfterEach, shot, startSupplierWizard, wizardToReview } from "./connectedSupplier";
import { BROWSER_FAKE_DUFFEL } from "../fakes/duffel/browserFake";
import { chooseItinerary, isoDate, search, toPayment } from "./flightJourney";
import { AGENT, pick, signIn } from "./session";

removeSupplierAfterEach("duffel-gulf");

test("an administrator connects Duffel in the supplier wizard, and an agent holds, tickets and cancels a Duffel flight", async ({ page }) => {
  test.setTimeout(150_000);
  await startSupplierWizard(page, { code: "duffel-gulf", name: "Duffel Gulf", kind: "Flight supplier", category: "airline", source: "Duffel" });

  await pick(page, "field-connection", "Duffel");
  await page.getByTestId("field-endpointUrl").fill(`http://127.0.0.1:${BROWSER_FAKE_DUFFEL.port}`);
  await page.getByTestId("supplier-test-connection").click();
  await expect(page.getByTestId("supplier-connection-result")).toContainText("needs the access token");
  await page.getByTestId("field-apiKey").fill("duffel_test_not-the-token");
  await page.getByTestId("supplier-test-connection").click();
  await expect(page.getByTestId("supplier-connection-result")).toContainText("Access token not found");
  await page.getByTestId("field-apiKey").fill(BROWSER_FAKE_DUFFEL.accessToken);
  await page.getByTestId("supplier-test-connection").click();
  await expect(page.getByTestId("supplier-connection-result")).toContainText("Connected");
  await shot(page, "duffel-wizard-connection");
  await wizardToReview(page, { settlement: "Prepaid deposit", currency: "(USD)" });
  await expect(page.getByTestId("wizard-review").getByRole("row", { name: /Connection/ })).toContainText("Duffel");
  await page.getByTestId("resource-save").click();
  await expect(page.locator("tr.ant-table-row", { hasText: "duffel-gulf" })).toBeVisible();

  // The agent's next search has Duffel's offers beside the sandbox airlines'; the supplier filter keeps them alone.
  await page.context().clearCookies();
  await signIn(page, AGENT);
  await search(page, { from: "KWI", to: "LHR", out: isoDate(75) });
  await page.getByTestId("filter-supplier").getByText("Duffel Gulf").click();
  await expect(page.getByTestId("offer-card-0")).toContainText("Duffel Airways");
  await shot(page, "duffel-results");
  await chooseItinerary(page, 1, "mostFlexible");
  await expect(page.getByTestId("checkout-summary")).toContainText("2 pieces");
  await shot(page, "duffel-checkout");
  await toPayment(page, { title: "Mr.", first: "Faisal", last: "Rahman", birth: "1988-07-01", document: "F1234567" }, { email: "faisal@example.com", phone: "5555 7777" });
  await expect(page.getByTestId("checkout-review").getByTestId("review-journey-0")).toContainText("ZZ");
  await page.getByTestId("payment-hold").click();
  await page.getByTestId("place-order").click();
  await expect(page.getByText("Booking on hold")).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("open-booking").click();

  await expect(page.getByTestId("order-status")).toHaveText("Hold");
  await page.getByTestId("ticket-issue").click();
  await expect(page.getByTestId("order-status")).toHaveText("Confirmed", { timeout: 20_000 });
  await expect(page.getByTestId("order-ledger")).toContainText("Debit");
  await page.getByTestId("order-sync").click();
  await expect(page.getByText("The airline has not changed these flights.")).toBeVisible();

  // The airline moves the flights by an hour: checking again shows the new times and keeps them.
  const pnr = (await page.getByTestId("order-pnr").textContent())!;
  const moved = await fetch(`http://127.0.0.1:${BROWSER_FAKE_DUFFEL.port}/_fake/schedule-change`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ bookingReference: pnr, minutes: 60 }) });
  expect(moved.status).toBe(204);
  await page.getByTestId("order-sync").click();
  await expect(page.getByTestId("schedule-changes")).toContainText("The airline changed the flights");
  await expect(page.getByTestId("schedule-changes")).toContainText(/\u2068ZZ\d+\u2069 KWI → \w{3} now departs \u20682\d{3}-\d{2}-\d{2} 22:00\u2069/);
  await shot(page, "duffel-order");
  await page.getByTestId("cancel-open").click();
  await expect(page.getByTestId("cancel-quote")).toBeVisible();
  // A refund records what it refunds: air transportation unless the agent picks another RFIC.
  await expect(page.getByTestId("cancel-rfic")).toContainText("A · Air transportation");
  await pick(page, "cancel-rfic", "G · In-flight services");
  await shot(page, "duffel-refund");
  await page.getByTestId("cancel-confirm").click();
  // The spec's label for a refunded order (status "refund") is "Unconfirmed".
  await expect(page.getByTestId("order-status")).toHaveText("Unconfirmed", { timeout: 20_000 });
  await expect(page.getByTestId("order-ledger")).toContainText("Credit");
  await expect(page.getByTestId("order-ledger")).toContainText(`Refund of ${pnr} (RFIC G)`);
});
