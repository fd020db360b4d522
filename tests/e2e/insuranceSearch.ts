import type { Page } from "@playwright/test";
import { isoDate, typeDate, typeDateRange } from "./flightJourney";

/** From the search page, an agent asks for insurance to France between two days from today, for travellers born on these days. */
export async function searchFranceInsurance(page: Page, { fromDay, toDay, births, family = false }: { fromDay: number; toDay: number; births: readonly string[]; family?: boolean }) {
  await page.goto("/search?product=insurance");
  await page.getByTestId("insurance-destination").click();
  await page.keyboard.type("France");
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "France" }).first().click();
  await typeDateRange(page, "insurance-dates", isoDate(fromDay), isoDate(toDay));
  if (family) {
    await page.getByTestId("insurance-product").click();
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "Family" }).click();
  }
  for (const [index, birth] of births.entries()) {
    if (index > 0) await page.getByTestId("insurance-add-traveller").click();
    await typeDate(page, `insurance-birth-${index}`, birth);
  }
}
