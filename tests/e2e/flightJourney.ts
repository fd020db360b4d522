import { expect, type Page } from "@playwright/test";

/** The steps of a flight booking the browser journeys share: search, choose, fill the passengers, reach payment. */

const DAY_MS = 86_400_000;
export const isoDate = (daysAhead: number) => new Date(Date.now() + daysAhead * DAY_MS).toISOString().slice(0, 10);

export async function chooseAirport(page: Page, testId: string, code: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(code);
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: `${code} ·` }).first().click();
}

/** Types a date into an antd DatePicker; Tab commits it (Enter would also submit the form). */
export async function typeDate(page: Page, testId: string, date: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.press("Control+A");
  await page.keyboard.type(date);
  await page.keyboard.press("Tab");
}

/** Types both days into an antd RangePicker, replacing what each held; Tab moves on and commits. */
export async function typeDateRange(page: Page, testId: string, from: string, to: string) {
  await page.getByTestId(testId).first().click();
  for (const date of [from, to]) {
    await page.keyboard.press("Control+A");
    await page.keyboard.type(date);
    await page.keyboard.press("Tab");
  }
}

export async function search(page: Page, legs: { from: string; to: string; out: string; back?: string; adults?: number }) {
  await page.goto("/search");
  if (!legs.back) await page.getByTestId("trip-type").getByText("One way").click();
  await chooseAirport(page, "leg-0-origin", legs.from);
  await chooseAirport(page, "leg-0-destination", legs.to);
  await typeDate(page, "leg-0-date", legs.out);
  if (legs.back) await typeDate(page, "return-date", legs.back);
  if (legs.adults) {
    await page.getByTestId("adults").click();
    await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: String(legs.adults) }).first().click();
  }
  await page.getByTestId("search-submit").click();
  await expect(page).toHaveURL(/\/search\/flights\?q=/);
  await expect(page.getByTestId("offer-card-0")).toBeVisible({ timeout: 20_000 });
}

/** Picks the first journey of every leg, then a fare (the cheapest, or the most flexible); ends on the checkout page. */
export async function chooseItinerary(page: Page, legs: number, fare: "cheapest" | "mostFlexible" = "cheapest") {
  for (let leg = 0; leg < legs; leg += 1) {
    await expect(page.getByTestId("results-count")).toContainText(`Flight ${leg + 1}:`);
    await page.getByTestId("offer-select-0").click();
  }
  await expect(page.getByTestId("fare-families")).toBeVisible();
  const fares = page.locator('[data-testid^="fare-choose-"]');
  await (fare === "cheapest" ? fares.first() : fares.last()).click();
  await expect(page).toHaveURL(/\/search\/checkout$/);
  await expect(page.getByTestId("checkout-summary")).toBeVisible({ timeout: 20_000 });
}

/** From extras to payment for one passenger: skips the extras, fills the passenger and the contact. */
export async function toPayment(page: Page, passenger: Parameters<typeof fillPassenger>[2], contact: { email: string; phone: string }) {
  await page.getByTestId("checkout-next").click();
  await fillPassenger(page, 0, passenger);
  await page.getByTestId("contact-email").fill(contact.email);
  await page.getByTestId("contact-phone").fill(contact.phone);
  await page.getByTestId("checkout-next").click();
}

export async function fillPassenger(page: Page, index: number, passenger: { title: string; first: string; last: string; birth: string; document: string }) {
  await page.getByTestId(`pax-${index}-title`).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: passenger.title }).first().click();
  await page.getByTestId(`pax-${index}-first-name`).fill(passenger.first);
  await page.getByTestId(`pax-${index}-last-name`).fill(passenger.last);
  await typeDate(page, `pax-${index}-dob`, passenger.birth);
  await page.getByTestId(`pax-${index}-doc-number`).fill(passenger.document);
  await typeDate(page, `pax-${index}-doc-expiry`, isoDate(2_000));
}
