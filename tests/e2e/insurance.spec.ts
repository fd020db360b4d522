import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { chooseItinerary, isoDate, search, toPayment } from "./flightJourney";
import { searchFranceInsurance } from "./insuranceSearch";
import { expectOneFactOnPages } from "./oneFact";
import { AGENT, pick, signIn } from "./session";

/** Screenshots for a person to look at, when SCREENSHOTS names a folder. */
async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/${name}.png`, fullPage: true });
}

/** Clicks a download button and answers the saved file's name and its first bytes. */
async function download(page: Page, testId: string): Promise<{ name: string; head: string }> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).first().click()]);
  return { name: file.suggestedFilename(), head: readFileSync((await file.path())!).subarray(0, 5).toString() };
}

test("an agent adds Schengen insurance to a flight to Paris at checkout, pays once and downloads the certificate", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, AGENT);
  await search(page, { from: "KWI", to: "CDG", out: isoDate(40) });
  await chooseItinerary(page, 1);
  await toPayment(page, { title: "Ms.", first: "Lina", last: "Haddad", birth: "1992-04-11", document: "K2233445" }, { email: "lina@example.com", phone: "5555 1234" });

  const offer = page.getByTestId("insurance-offer");
  await offer.getByTestId("insurance-offer-add").click();
  // A one-way flight says nothing of the return: the agent is asked for the last day of cover, not given one day.
  await expect(page.getByTestId("insurance-offer-return-needed")).toBeVisible();
  const coverUntil = offer.locator(".ant-picker-range input").nth(1);
  await coverUntil.click();
  await coverUntil.fill(isoDate(50));
  await coverUntil.press("Enter");
  await expect(page.getByTestId("insurance-offer-return-needed")).toHaveCount(0);
  await page.getByTestId("insurance-offer-plan").click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "Schengen (SCHNGN)" }).click();
  await expect(page.getByTestId("insurance-offer-price")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("total-with-insurance")).toBeVisible();
  // Book and hold takes no insurance: the box unticks and says why; paying again brings the policy back.
  await page.getByTestId("payment-hold").click();
  await expect(offer.getByRole("checkbox")).not.toBeChecked();
  await expect(offer).toContainText("Insurance is sold with a paid booking; it is not added to a hold.");
  await page.getByTestId("payment-method-1").click();
  await expect(offer.getByRole("checkbox")).toBeChecked();
  await expect(page.getByTestId("insurance-offer-price")).toBeVisible({ timeout: 20_000 });
  await shot(page, "insurance-offer");
  await page.getByTestId("place-order").click();

  await expect(page.getByTestId("confirmation-pnr")).toBeVisible({ timeout: 30_000 });
  const policy = page.getByTestId("policy-panel");
  await expect(policy).toContainText("Schengen");
  await expect(page.getByTestId("policy-number")).toHaveText(/^GTT-SCHNGN-/);
  await shot(page, "insurance-confirmation");
  const chargedText = (await page.getByTestId("confirmation-charged").textContent())!;
  const certificate = await download(page, "certificate-download");
  expect(certificate.name).toMatch(/^certificate-GTT-SCHNGN-[0-9A-F]{8}\.pdf$/);
  expect(certificate.head).toBe("%PDF-");

  // The booking holds the flight and the policy; cancelling offers the policy too.
  await page.getByTestId("open-booking").click();
  await expect(page.getByTestId("policy-panel")).toBeVisible();
  await expectOneFactOnPages(page, { charged: chargedText });
  await page.getByTestId("cancel-open").click();
  await expect(page.getByTestId("cancel-quote")).toBeVisible({ timeout: 20_000 });
  const addOn = page.locator('[data-testid^="cancel-add-on-"]');
  await expect(addOn).toContainText("Also cancel insurance policy GTT-SCHNGN-");
  await addOn.getByRole("checkbox").check();
  await shot(page, "insurance-cancel-offer");
  await page.getByTestId("cancel-confirm").click();
  // Within the airline's void window the flight is voided; the policy is cancelled with it.
  await expect(page.getByTestId("order-status")).toHaveText(/Voided|Cancelled/, { timeout: 20_000 });
  await expect(page.getByTestId("policy-panel")).toContainText("Policy cancelled");
});

test("an agent buys a family policy alone, finds it and cancels it within the free-look period", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, AGENT);
  await searchFranceInsurance(page, { fromDay: 50, toDay: 59, births: ["1985-02-03", "2016-07-08"], family: true });
  await shot(page, "insurance-search");
  await page.getByTestId("insurance-search-submit").click();

  await expect(page).toHaveURL(/\/search\/insurance\?to=FR&/);
  await expect(page.getByTestId("insurance-quote-SCHNGN")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("insurance-ineligible")).toContainText("Domestic Gold");
  await shot(page, "insurance-quotes");
  await page.getByTestId("insurance-choose-SCHNGN").click();

  await expect(page).toHaveURL(/\/search\/insurance\/checkout$/);
  for (const [index, [title, first, last]] of [["Ms.", "Sara", "Mansour"], ["Master", "Adam", "Mansour"]].entries()) {
    await pick(page, `insured-${index}-title`, title!);
    await page.getByTestId(`insured-${index}`).getByLabel("First name").fill(first!);
    await page.getByTestId(`insured-${index}`).getByLabel("Last name").fill(last!);
  }
  await page.getByLabel("Email").fill("sara@example.com");
  await page.getByLabel("Phone").fill("5000 4321");
  await shot(page, "insurance-checkout");
  await page.getByTestId("place-order").click();

  await expect(page.getByText("Policy issued")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("policy-panel")).toContainText("Ms. Sara Mansour, Master Adam Mansour");
  const policyCharged = (await page.getByTestId("confirmation-charged").textContent())!;
  await page.getByTestId("open-booking").click();
  await expect(page.getByTestId("order-status")).toHaveText("Confirmed");
  await expectOneFactOnPages(page, { charged: policyCharged });
  await page.getByTestId("cancel-open").click();
  await expect(page.getByTestId("cancel-quote")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("cancel-confirm").click();
  await expect(page.getByTestId("order-status")).toHaveText("Cancelled", { timeout: 20_000 });
  await expect(page.getByTestId("order-ledger")).toContainText("Credit");
});
