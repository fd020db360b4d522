import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { fillVisaApplication, pdf, upload } from "./visaApplication";
import { expectOneFactOnPages } from "./oneFact";
import { ADMIN, AGENT, pick, pickExactly, signIn } from "./session";

/** Screenshots for a person to look at, when SCREENSHOTS names a folder. */
async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/${name}.png`, fullPage: true });
}

test("an agent applies for a UAE visa with the documents, the head office approves it and the agent downloads the visa", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, AGENT);
  await page.goto("/search?product=visas");
  await pickExactly(page, "visa-nationality", "India");
  await page.getByTestId("visa-apply-AE-TOURIST-30").click();

  await expect(page).toHaveURL(/\/search\/visas\/apply\?visa=\d+$/);
  await fillVisaApplication(page, { first: "Ravi", last: "Kumar", passport: "Z1234567" });
  await shot(page, "visa-apply");
  await page.getByTestId("place-order").click();

  await expect(page.getByText("Visa application submitted")).toBeVisible({ timeout: 30_000 });
  const reference = (await page.getByTestId("confirmation-pnr").textContent())!;
  expect(reference).toMatch(/^VISA-\d+$/);
  const chargedText = (await page.getByTestId("confirmation-charged").textContent())!;
  await page.getByTestId("open-booking").click();
  await expect(page.getByTestId("visa-state")).toHaveText("Submitted");
  const bookingUrl = page.url();
  // One status on the booking's page and its row: paid, yet in progress at the visa desk; where it goes.
  await expect(page.getByTestId("order-status")).toHaveText("In progress");
  await expectOneFactOnPages(page, { charged: chargedText });
  await page.goto("/bookings");
  const row = page.getByTestId(`order-row-${reference}`);
  await expect(row.getByTestId("order-status")).toHaveText("In progress");
  await expect(row).toContainText("United Arab Emirates");
  await expect(row).not.toContainText("—");

  // The head office's visa desk takes it in and approves it with the visa.
  const desk = await browser.newPage();
  await signIn(desk, ADMIN);
  await desk.goto("/order-list/visa-desk");
  const id = reference.replace("VISA-", "");
  await desk.getByTestId(`visa-desk-inProcess-${id}`).click();
  await desk.getByTestId("visa-desk-dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(desk.getByTestId(`visa-desk-inProcess-${id}`)).toHaveCount(0);
  await pick(desk, "visa-desk-state", "In process");
  await desk.getByTestId(`visa-desk-approved-${id}`).click();
  await upload(desk, "visa-desk-visa", pdf("UAE visa for Ravi Kumar"));
  await shot(desk, "visa-desk");
  await desk.getByTestId("visa-desk-dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(desk.getByTestId(`visa-desk-approved-${id}`)).toHaveCount(0);
  await desk.close();

  await page.goto(bookingUrl);
  await expect(page.getByTestId("visa-state")).toHaveText("Approved");
  await expect(page.getByTestId("order-status")).toHaveText("Confirmed");
  await shot(page, "visa-approved");
  const [visa] = await Promise.all([page.waitForEvent("download"), page.getByTestId("visa-download").click()]);
  expect(visa.suggestedFilename()).toBe(`visa-${id}.pdf`);
  expect(readFileSync((await visa.path())!).toString("latin1")).toContain("UAE visa for Ravi Kumar");
});
