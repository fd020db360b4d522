import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { BenchClient } from "../../scripts/bench/client";
import { expectOneFactOnPages } from "./oneFact";
import { fillHotelSearch } from "./hotelSearch";
import { AGENT, pick, signIn } from "./session";

const DAY_MS = 86_400_000;
const isoDate = (daysAhead: number) => new Date(Date.now() + daysAhead * DAY_MS).toISOString().slice(0, 10);

/** Screenshots for a person to look at, when SCREENSHOTS names a folder. */
async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/${name}.png`, fullPage: true });
}

/** Picks an option of an antd Select by its exact label, in the dropdown that just opened. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)").last().getByTitle(option, { exact: true }).click();
}

/** The credit the agent's agency has left, as the API answers it. */
async function availableCredit(baseURL: string): Promise<number> {
  const api = new BenchClient(baseURL);
  const token = await api.signIn(AGENT.username, AGENT.password);
  const answer = (await (await api.get("/api/check_credit_unlimited", token)).json()) as { data: { available: { amount: number } } };
  return answer.data.available.amount;
}

test("an agent books two Dubai rooms (one with a child), 4 stars and refundable, by deposit, finds the booking and cancels it for the credit back", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signIn(page, AGENT);
  const creditBefore = await availableCredit(baseURL!);

  await fillHotelSearch(page, "Dubai, United Arab Emirates", { in: 60, out: 63 });
  await expect(page.getByText("3 nights")).toBeVisible();
  await page.getByTestId("hotel-add-room").click();
  await choose(page, "hotel-room-1-adults", "1");
  await choose(page, "hotel-room-1-children", "1");
  // A child's age is asked, never guessed: the search waits for it.
  await page.getByTestId("hotel-search-submit").click();
  await expect(page.getByText("Choose the child's age on the day of check-in")).toBeVisible();
  await expect(page).toHaveURL(/product=hotels/);
  await choose(page, "hotel-room-1-child-0-age", "7");
  await shot(page, "hotel-search");
  await page.getByTestId("hotel-search-submit").click();

  await expect(page).toHaveURL(/\/search\/hotels\?city=AE-dubai&.*rooms=2%2C1-7/);
  await expect(page.getByTestId("hotel-card").first()).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("hotel-filter-stars").getByText("★★★★", { exact: true }).click();
  await page.getByTestId("hotel-filter-refundable").click();
  await expect(page.getByTestId("hotel-count")).toContainText("of");
  const cards = page.getByTestId("hotel-card");
  for (const card of (await cards.all()).slice(0, 4)) {
    await expect(card.getByRole("img", { name: "4 stars" })).toBeVisible();
    await expect(card).toContainText("Free cancellation");
  }
  await shot(page, "hotel-results");
  await cards.first().getByTestId("hotel-choose").click();

  await expect(page.getByTestId("hotel-name")).toBeVisible({ timeout: 30_000 });
  for (const room of [0, 1]) {
    const refundable = page.getByTestId(`hotel-room-rates-${room}`).locator("tr", { has: page.getByTestId("free-cancellation") }).first();
    await refundable.getByTestId("hotel-rate-choose").click();
  }
  await shot(page, "hotel-page");
  await page.getByTestId("hotel-continue").click();

  await expect(page).toHaveURL(/\/search\/hotels\/checkout$/);
  const guests: [number, number, string, string][] = [
    [0, 0, "Sam", "Guest"],
    [0, 1, "Dana", "Guest"],
    [1, 0, "Omar", "Guest"],
    [1, 1, "Ali", "Guest"],
  ];
  for (const [room, position, first, last] of guests) {
    const guest = page.getByTestId(`hotel-guest-${room}-${position}`);
    await guest.getByLabel("First name").fill(first);
    await guest.getByLabel("Last name").fill(last);
  }
  await page.getByLabel("Email").fill("booker@gulfhorizon.example");
  await page.getByLabel("Phone").fill("+965 22001234");
  // Titles are asked, never defaulted: without them the form says so on each guest, and nothing is booked.
  await expect(page.getByTestId("place-order")).toBeEnabled({ timeout: 20_000 });
  await page.getByTestId("place-order").click();
  await expect(page.getByText("Choose a title")).toHaveCount(guests.length);
  await expect(page.getByText("The booking did not go through")).toHaveCount(0);
  for (const [room, position, title] of [[0, 0, "Mr."], [0, 1, "Ms."], [1, 0, "Mr."], [1, 1, "Master"]] as const) await pick(page, `hotel-guest-${room}-${position}-title`, title);
  await shot(page, "hotel-checkout");
  await expect(page.getByTestId("place-order")).toBeEnabled({ timeout: 20_000 });
  await page.getByTestId("place-order").click();

  await expect(page).toHaveURL(/\/search\/confirmation\/\d+$/, { timeout: 30_000 });
  const reference = (await page.getByTestId("confirmation-pnr").textContent())!;
  await expect(page.getByTestId("hotel-confirmation")).toHaveText(/^\d{6}-/);
  const chargedText = (await page.getByTestId("confirmation-charged").textContent())!;
  await shot(page, "hotel-confirmation");
  const download = page.waitForEvent("download");
  await page.getByTestId("voucher-download").click();
  const voucher = await download;
  expect(voucher.suggestedFilename()).toBe(`voucher-${reference}.pdf`);
  expect(readFileSync((await voucher.path())!).subarray(0, 5).toString()).toBe("%PDF-");
  const charged = creditBefore - (await availableCredit(baseURL!));
  expect(charged).toBeGreaterThan(0);

  // The booking is among the agent's hotel bookings, with its product tag.
  await page.goto("/bookings");
  await choose(page, "orders-filter-product", "Hotel");
  const row = page.getByTestId(`order-row-${reference}`);
  await expect(row.getByTestId("product-hotel")).toBeVisible();
  await row.click();
  await expect(page.getByTestId("order-pnr")).toHaveText(reference);
  await expectOneFactOnPages(page, { charged: chargedText });
  await expect(page.getByTestId("hotel-stay")).toContainText("Ali Guest");
  await expect(page.getByTestId("order-ledger")).toContainText("Debit");
  await shot(page, "hotel-booking");

  // Cancelled before the free-cancellation deadline: the penalty quoted is nothing and the whole charge comes back.
  await page.getByTestId("cancel-open").click();
  await expect(page.getByTestId("cancel-quote")).toBeVisible();
  await shot(page, "hotel-cancel-quote");
  await page.getByTestId("cancel-confirm").click();
  await expect(page.getByTestId("order-status")).toHaveText("Cancelled", { timeout: 20_000 });
  await expect(page.getByTestId("order-ledger")).toContainText("Credit");
  expect(await availableCredit(baseURL!)).toBe(creditBefore);
});

test("Enter in a date box searches with the date just typed, not the one before", async ({ page }) => {
  await signIn(page, AGENT);
  await fillHotelSearch(page, "Dubai, United Arab Emirates", { in: 60, out: 63 });
  await page.getByTestId("hotel-search-submit").click();
  await expect(page).toHaveURL(new RegExp(`in=${isoDate(60)}&out=${isoDate(63)}`));

  // Back on the form, a new check-in typed and Enter pressed in its box: the search takes it.
  await page.goto("/search?product=hotels");
  await page.getByTestId("hotel-dates").first().click();
  await page.keyboard.press("Control+A");
  await page.keyboard.type(isoDate(61));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`in=${isoDate(61)}&out=${isoDate(63)}`));
});
