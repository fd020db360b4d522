import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { isoDate, typeDate } from "./flightJourney";
import { AGENT, pickExactly, signIn } from "./session";

/** Screenshots for a person to look at, when SCREENSHOTS names a folder. */
async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/${name}.png`, fullPage: true });
}

const field = (page: Page, form: string, label: string) => page.getByTestId(form).getByLabel(label, { exact: true });

test("an agent registers a remitter and a beneficiary, each refused until corrected, quotes, sends, downloads the receipt and sees it paid", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, AGENT);
  await page.goto("/dmt");
  const idNumber = `28${Date.now().toString().slice(-10)}`;

  // A remitter whose civil ID has expired is refused, beside the field; a renewed ID goes through.
  await page.getByTestId("remitter-new").click();
  await field(page, "remitter-form", "First name").fill("Ravi");
  await field(page, "remitter-form", "Last name").fill("Kumar");
  await field(page, "remitter-form", "ID number").fill(idNumber);
  await typeDate(page, "remitter-id-expiry", "2024-01-31");
  await pickExactly(page, "remitter-nationality", "India");
  await typeDate(page, "remitter-birth", "1988-01-01");
  await field(page, "remitter-form", "Phone").fill("5012 3456");
  await field(page, "remitter-form", "Address").fill("Block 4, Street 12, House 7");
  await field(page, "remitter-form", "City").fill("Kuwait City");
  await page.getByTestId("remitter-save").click();
  await expect(page.getByTestId("remitter-form")).toContainText("This ID expired on 2024-01-31: ask for a valid ID");
  await typeDate(page, "remitter-id-expiry", isoDate(900));
  await page.getByTestId("remitter-save").click();

  // A beneficiary in Pakistan with a mistyped IBAN is refused; the right one is kept.
  await page.getByTestId("beneficiary-new").click();
  await field(page, "beneficiary-form", "First name").fill("Ayesha");
  await field(page, "beneficiary-form", "Last name").fill("Khan");
  await pickExactly(page, "beneficiary-country", "Pakistan");
  await field(page, "beneficiary-form", "Bank").fill("Standard Chartered");
  await field(page, "beneficiary-form", "IBAN").fill("PK36 SCBL 0000 0011 2345 6703");
  await page.getByTestId("beneficiary-save").click();
  await expect(page.getByTestId("beneficiary-form")).toContainText("Not a valid IBAN: check the digits");
  await field(page, "beneficiary-form", "IBAN").fill("PK36 SCBL 0000 0011 2345 6702");
  await page.getByTestId("beneficiary-save").click();

  // A quote for 150 dinars: its figures, held ten minutes.
  await page.getByTestId("quote-amount").fill("150");
  await page.getByTestId("quote-get").click();
  await expect(page.getByTestId("quote-total")).toHaveText("KWD 151.875");
  await expect(page.getByTestId("quote-countdown")).toContainText(/0\d:\d\d/);
  const received = (await page.getByTestId("quote-received").textContent())!;
  expect(received).toMatch(/^PKR [\d,]+$/);
  await shot(page, "dmt-quote");
  await page.getByTestId("quote-continue").click();
  await page.getByTestId("transfer-purpose").fill("Family support");
  await shot(page, "dmt-review");
  await page.getByTestId("transfer-send").click();

  await expect(page).toHaveURL(/\/dmt\/transfers\/\d+$/);
  await expect(page.getByTestId("transfer-state")).toHaveText("With the partner");
  await expect(page.getByTestId("quote-received")).toHaveText(received);
  const [receipt] = await Promise.all([page.waitForEvent("download"), page.getByTestId("transfer-receipt").click()]);
  expect(receipt.suggestedFilename()).toMatch(/^receipt-DMT-\d+\.pdf$/);
  const pdf = readFileSync((await receipt.path())!).toString("latin1");
  expect(pdf.startsWith("%PDF-")).toBe(true);
  expect(pdf).toContain("/BaseFont /Amiri");
  expect(pdf).toContain("(KWD 151.875)");

  // The sandbox partner pays out a few seconds later; the page follows it.
  await expect(page.getByTestId("transfer-state")).toHaveText("Paid out", { timeout: 30_000 });
  await expect(page.getByTestId("transfer-history")).toContainText("Paid out to the beneficiary.");
  await expect(page.getByTestId("transfer-cancel")).toHaveCount(0);
  await shot(page, "dmt-paid");

  await page.goto("/dmt?tab=transfers");
  await expect(page.getByTestId("transfers-table")).toContainText("Ravi Kumar");
  await expect(page.getByTestId("transfers-table")).toContainText("Ayesha Khan (PK)");
});
