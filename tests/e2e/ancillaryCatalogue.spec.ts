import { expect, test } from "@playwright/test";
import { shot } from "./connectedSupplier";
import { chooseItinerary, isoDate, search } from "./flightJourney";
import { ADMIN, AGENT, signIn } from "./session";

test("the head office words a bag in Arabic in the ancillary catalogue, and an agent's extras step shows it with its picture", async ({ browser }) => {
  test.setTimeout(120_000);
  const adminPage = await browser.newPage();
  await signIn(adminPage, ADMIN);
  await adminPage.goto("/setup-configuration/ancillary-services");
  const row = adminPage.getByRole("row", { name: /BG23/ });
  await expect(row).toContainText("Extra bag 23 kg");
  await row.getByRole("button", { name: "Edit" }).click();
  await adminPage.getByTestId("field-nameAr").fill("حقيبة إضافية حتى 23 كيلوغرامًا");
  await adminPage.getByTestId("resource-save").click();
  await expect(adminPage.getByTestId("resource-drawer")).toBeHidden();
  await expect(row).toContainText("حقيبة إضافية حتى 23 كيلوغرامًا");
  await shot(adminPage, "ancillary-catalogue-admin");
  await adminPage.close();

  const page = await browser.newPage();
  await signIn(page, AGENT);
  await search(page, { from: "KWI", to: "LHR", out: isoDate(41), back: isoDate(48) });
  await chooseItinerary(page, 2);
  const firstBag = page.locator('[data-testid^="anc-baggage-"]').first();
  await firstBag.click();
  const englishOption = page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "Extra bag 23 kg" });
  await expect(englishOption).toBeVisible();
  await expect(englishOption.locator(".anticon-shopping")).toHaveCount(1);
  await page.keyboard.press("Escape");

  await page.getByTestId("language-switcher").locator('[lang="ar"]').click();
  await firstBag.click();
  const arabicOption = page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "حقيبة إضافية حتى 23 كيلوغرامًا" });
  await expect(arabicOption).toBeVisible();
  await shot(page, "ancillary-catalogue-extras-ar");
  await arabicOption.click();
  await expect(firstBag).toContainText("حقيبة إضافية حتى 23 كيلوغرامًا");
  await expect(firstBag.locator(".anticon-shopping")).toHaveCount(1);
  // Back in English, the chosen bag reads in English again.
  await page.getByTestId("language-switcher").locator('[lang="en"]').click();
  await expect(firstBag).toContainText("Extra bag 23 kg");
});
