import { expect, type Page } from "@playwright/test";
import { isoDate } from "./flightJourney";

/** On the hotel search form: a city chosen from the suggestions, and a stay typed (days from today), each box committed with Tab. */
export async function fillHotelSearch(page: Page, city: string, stay: { in: number; out: number }) {
  await page.goto("/search?product=hotels");
  await page.getByTestId("hotel-destination").click();
  await page.keyboard.type(city.split(",")[0]!);
  // A suggestion is announced by its name, not by its value ("city:AE-dubai").
  await expect(page.getByRole("option", { name: city, exact: true }).first()).toBeAttached();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: city }).first().click();
  await page.getByTestId("hotel-dates").first().click();
  await page.keyboard.type(isoDate(stay.in));
  await page.keyboard.press("Tab");
  await page.keyboard.type(isoDate(stay.out));
  await page.keyboard.press("Tab");
}
