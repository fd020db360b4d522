import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { BenchClient } from "../../scripts/bench/client";
import { chooseItinerary, fillPassenger, isoDate, search, toPayment, typeDate } from "./flightJourney";
import { ADMIN, AGENT, signIn } from "./session";

/** Seats every passenger on the open tab with the keyboard only: arrows move, Enter chooses. */
async function seatEveryoneWithKeyboard(page: Page, segmentId: string, passengers: number) {
  await page.getByTestId(`seat-map-tab-${segmentId}`).click();
  const focused = page.locator(`[data-testid^="seat-${segmentId}-"][tabindex="0"]`);
  await focused.focus();
  const chosen = page.locator(`[data-testid^="seat-${segmentId}-"][aria-selected="true"], [data-testid^="seat-${segmentId}-"][aria-label*="held by"]`);
  const focusedSeat = () => page.evaluate(() => document.activeElement?.getAttribute("data-testid"));
  for (let attempt = 0; attempt < 200 && (await chosen.count()) < passengers; attempt += 1) {
    await page.keyboard.press("Enter");
    if ((await chosen.count()) >= passengers) break;
    const before = await focusedSeat();
    await page.keyboard.press("ArrowRight");
    if ((await focusedSeat()) === before) {
      // End of the row: on to the next one.
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Home");
    }
  }
  await expect(chosen).toHaveCount(passengers);
}

test("an agent books a return trip with bags, meals and seats on deposit, finds it, reshops it and cancels it", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, AGENT);
  await search(page, { from: "KWI", to: "LHR", out: isoDate(30), back: isoDate(37), adults: 2 });

  // Filter to direct flights and sort by price: the list follows.
  await page.getByTestId("filter-stops").getByText("Direct").click();
  await page.getByTestId("sort-select").getByText("Cheapest").click();
  const prices = await page.locator('[data-testid^="offer-price-"]').allTextContents();
  const amounts = prices.map((text) => Number(text.replace(/[^\d.]/g, "")));
  expect(amounts.length).toBeGreaterThan(0);
  expect(amounts).toEqual([...amounts].sort((left, right) => left - right));
  await expect(page.getByTestId("results-matrix")).toBeVisible();

  // The most flexible fare of the itinerary: it can be changed later.
  await chooseItinerary(page, 2, "mostFlexible");

  // A bag and a meal for the first passenger on the first flight.
  // The keyboard picks the first option: clicking into an opening dropdown can chase its animation.
  await page.locator('[data-testid^="anc-baggage-"]').first().click();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("anc-total")).not.toHaveText(/^KWD 0\.000/);
  await page.getByRole("tab", { name: "Meals" }).click();
  await page.locator('[data-testid^="anc-meals-"]').first().click();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("summary-services")).not.toHaveText(/ 0\.000$/);

  // Seats for both passengers on both flights, with the keyboard.
  await page.getByTestId("open-seat-map").click();
  await expect(page.getByTestId("seat-map-dialog")).toBeVisible();
  // The seat maps arrive after the dialog opens: wait for both flights' tabs before reading them.
  await expect(page.locator('[data-testid^="seat-map-tab-"]')).toHaveCount(2);
  const tabs = await page.locator('[data-testid^="seat-map-tab-"]').evaluateAll((elements) => elements.map((element) => element.getAttribute("data-testid")!.replace("seat-map-tab-", "")));
  expect(tabs).toHaveLength(2);
  for (const segmentId of tabs) await seatEveryoneWithKeyboard(page, segmentId, 2);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("seat-map-dialog")).toBeHidden();
  await expect(page.getByTestId("seats-chosen")).toHaveText("4 seats chosen");
  await page.getByTestId("checkout-next").click();

  // Passengers: a too-young adult and a wrong phone first.
  await fillPassenger(page, 0, { title: "Mr.", first: "Omar", last: "Haddad", birth: "2016-03-04", document: "K1234567" });
  await fillPassenger(page, 1, { title: "Mrs.", first: "Lina", last: "Haddad", birth: "1988-09-21", document: "K7654321" });
  await page.getByTestId("contact-email").fill("omar.haddad@example.com");
  await page.getByTestId("contact-phone").fill("123");
  await page.getByTestId("checkout-next").click();
  await expect(page.getByTestId("passenger-errors")).toBeVisible();
  // Said in words: the passenger type and the country, never their codes.
  await expect(page.getByText("Too young to travel as an adult: at least 12 years old on the travel date.")).toBeVisible();
  await expect(page.getByText("Not a valid phone number for Kuwait.")).toBeVisible();
  await typeDate(page, "pax-0-dob", "1985-03-04");
  await page.getByTestId("contact-phone").fill("5000 1234");

  // A reload keeps the step, the passengers, the extras and the seats.
  await page.reload();
  await expect(page.getByTestId("pax-0-first-name")).toHaveValue("Omar");
  await expect(page.getByTestId("contact-phone")).toHaveValue("5000 1234");
  await expect(page.getByTestId("summary-services")).not.toHaveText(/ 0\.000$/);
  await expect(page.getByTestId("summary-seats")).not.toHaveText(/ 0\.000$/);
  const grandTotal = await page.getByTestId("grand-total").textContent();
  await page.getByTestId("checkout-next").click();

  // Pay by deposit.
  await expect(page.getByTestId("payment-method-1")).toBeVisible();
  await expect(page.getByTestId("payment-method-1")).toBeChecked();
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/search\/confirmation\/\d+$/, { timeout: 30_000 });
  const pnr = (await page.getByTestId("confirmation-pnr").textContent())!;
  expect(pnr).toMatch(/^[A-Z0-9]{6}$/);
  await expect(page.getByTestId("confirmation-ticket")).toHaveCount(2);
  await expect(page.getByTestId("confirmation-details")).toContainText(grandTotal!);

  const download = page.waitForEvent("download");
  await page.getByTestId("itinerary-download").click();
  const itinerary = await download;
  expect(itinerary.suggestedFilename()).toBe(`itinerary-${pnr}.pdf`);
  expect(readFileSync((await itinerary.path())!).subarray(0, 5).toString()).toBe("%PDF-");

  // The order is in the agent's bookings, filtered by its PNR.
  await page.goto("/bookings");
  await page.getByTestId("orders-filter-pnr").fill(pnr);
  await page.getByTestId("orders-search").click();
  await page.getByTestId(`order-row-${pnr}`).click();
  await expect(page.getByTestId("order-pnr")).toHaveText(pnr);
  await expect(page.getByTestId("order-ledger")).toContainText("Debit");

  // Reshop the outbound a day later.
  await page.getByTestId("reshop-open").click();
  await page.getByTestId("reshop-journey-0").click();
  await typeDate(page, "reshop-date-0", isoDate(31));
  await page.getByTestId("reshop-search").click();
  await page.getByTestId("reshop-choose-0").click();
  await page.getByTestId("reshop-confirm").click();
  await expect(page.getByText("The booking was changed.")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("order-status")).toHaveText("Confirmed");

  // Cancel after seeing the supplier's quote; the credit comes back.
  await page.getByTestId("cancel-open").click();
  await expect(page.getByTestId("cancel-quote")).toBeVisible();
  await page.getByTestId("cancel-confirm").click();
  await expect(page.getByTestId("order-status")).toHaveText(/Voided|Unconfirmed/, { timeout: 20_000 });
  await expect(page.getByTestId("order-ledger")).toContainText("Credit");
  await expect(page.getByTestId("order-refunded")).not.toHaveText(/ 0\.000$/);
});

test("an agent books and holds, then tickets the hold before its time limit", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, AGENT);
  await search(page, { from: "KWI", to: "LHR", out: isoDate(20) });
  // Low-cost carriers are paid when booked; a network airline's fare can be held.
  await page.getByTestId("filter-supplier").getByText("BA NDC").click();
  await chooseItinerary(page, 1);
  await toPayment(page, { title: "Ms.", first: "Noura", last: "Saleh", birth: "1990-01-15", document: "N9988776" }, { email: "noura@example.com", phone: "5555 6666" });
  // The last look before booking: the flights with their numbers and times, and who travels.
  const review = page.getByTestId("checkout-review");
  await expect(review.getByTestId("review-journey-0")).toContainText("KWI → LHR");
  await expect(review.getByTestId("review-journey-0")).toContainText(/[A-Z0-9]{2}\d{1,4}/);
  await expect(review.getByTestId("review-journey-0")).toContainText(/\d{2}:\d{2}/);
  await expect(review.getByTestId("review-passengers")).toContainText("Ms. Noura Saleh");
  await expect(review.getByTestId("review-passengers")).toContainText("Passport N9988776");
  await page.getByTestId("payment-hold").click();
  await page.getByTestId("place-order").click();
  await expect(page.getByText("Booking on hold")).toBeVisible({ timeout: 30_000 });
  // A hold has charged nothing: the confirmation says what is due, and by when.
  await expect(page.getByTestId("confirmation-due")).toHaveText(/^KWD [\d,]+\.\d{3} before \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  await expect(page.getByTestId("confirmation-details")).not.toContainText("Charged");
  await expect(page.getByTestId("confirmation-held-hint")).toContainText("Nothing has been charged yet.");
  await page.getByTestId("open-booking").click();

  await expect(page.getByTestId("order-status")).toHaveText("Hold");
  await expect(page.getByTestId("ticket-countdown")).toContainText(/\d{2}:\d{2}:\d{2}/);
  await page.getByTestId("ticket-issue").click();
  await expect(page.getByTestId("order-status")).toHaveText("Confirmed", { timeout: 20_000 });
  await expect(page.getByTestId("order-ledger")).toContainText("Debit");
});

test("a search while one sandbox supplier fails shows the warning and the other suppliers' offers", async ({ page, baseURL }) => {
  const admin = new BenchClient(baseURL!);
  const token = await admin.signIn(ADMIN.username, ADMIN.password);
  const failing = await admin.put("/api/admin/supplier-settings/travelfusion", { errorRate: 1 }, token);
  expect(failing.status).toBe(200);
  try {
    await signIn(page, AGENT);
    await search(page, { from: "KWI", to: "LHR", out: isoDate(40) });
    await expect(page.getByTestId("search-warning")).toContainText("Travelfusion");
    await page.getByTestId("filter-supplier").waitFor();
    await expect(page.getByTestId("filter-supplier")).not.toContainText("Travelfusion");
    await expect(page.getByTestId("filter-supplier")).toContainText("BA NDC");
  } finally {
    await admin.put("/api/admin/supplier-settings/travelfusion", { errorRate: 0 }, token);
  }
});

test("an agency rule that forbids credit and hold is explained at payment, and its methods are not offered", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const admin = new BenchClient(baseURL!);
  const token = await admin.signIn(ADMIN.username, ADMIN.password);
  const created = await admin.post("/api/insertAgencyRule", { name: "Gulf Horizon: cards only", validFrom: "2026-01-01", organisationIds: [3], holdAllowed: false, creditUsageAllowed: false }, token);
  expect(created.status).toBe(200);
  const ruleId = ((await created.json()) as { data: { id: number } }).data.id;
  try {
    await signIn(page, AGENT);
    await search(page, { from: "KWI", to: "LHR", out: isoDate(25) });
    await page.getByTestId("filter-supplier").getByText("BA NDC").click();
    await chooseItinerary(page, 1);
    await toPayment(page, { title: "Mr.", first: "Faisal", last: "Rahman", birth: "1988-07-01", document: "F1234567" }, { email: "faisal@example.com", phone: "5555 7777" });
    const notice = page.getByTestId("agency-rule");
    await expect(notice).toContainText("Gulf Horizon: cards only");
    await expect(notice).toContainText("Paying from the credit line is not allowed.");
    await expect(notice).toContainText("Book and hold is not allowed.");
    await expect(page.getByTestId("payment-method-3")).toBeVisible();
    await expect(page.getByTestId("payment-method-1")).toHaveCount(0);
    await expect(page.getByTestId("payment-hold")).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath("agency-rule-at-payment.png") });
  } finally {
    await admin.post("/api/deleteAgencyRule", { id: ruleId }, token);
  }
});

test("a passenger's titles follow the type: an adult is never offered Master", async ({ page }) => {
  await signIn(page, AGENT);
  await search(page, { from: "KWI", to: "LHR", out: isoDate(24) });
  await chooseItinerary(page, 1);
  await page.getByTestId("checkout-next").click();
  await page.getByTestId("pax-0-title").click();
  const titles = page.locator(".ant-select-dropdown:visible .ant-select-item-option");
  await expect(titles).toHaveText(["Mr.", "Mrs.", "Ms.", "Dr."]);
});

test("the results page survives its height and width changing: no render loop (React error #185)", async ({ page }) => {
  const failures: string[] = [];
  page.on("pageerror", (error) => failures.push(error.message));
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, AGENT);
  await search(page, { from: "KWI", to: "LHR", out: isoDate(26) });
  // A full-page screenshot makes the viewport as tall as the page, as a growing page does.
  await page.screenshot({ fullPage: true });
  for (const size of [{ width: 1440, height: 600 }, { width: 1100, height: 900 }, { width: 390, height: 844 }, { width: 1440, height: 900 }]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
  }
  await page.screenshot({ fullPage: true });
  await expect(page.getByTestId("offer-card-0")).toBeVisible();
  expect(failures).toEqual([]);

  // To a screen reader the results are a list, each option named by airline, times, stops and price.
  const options = page.getByRole("list", { name: "Flight 1 options" }).getByRole("listitem");
  await expect(options.first()).toHaveAccessibleName(/^[\w .\/-]+, \d{2}:\d{2} to \d{2}:\d{2}, (Direct|\d+ stops? via [A-Z, ]+), from KWD [\d,]+\.\d{3}$/);
  await expect(options.first()).toHaveAttribute("aria-posinset", "1");
  await expect(page.getByRole("slider", { name: "Departing from hour" })).toBeVisible();
  await expect(page.getByRole("slider", { name: "Arriving until hour" })).toBeVisible();
});

test("the header's currency converts results and booking lists at the stored rates, persists, and says that checkout charges the agency's own", async ({ page }) => {
  await signIn(page, AGENT);
  await page.getByTestId("currency-selector").click();
  await page.keyboard.type("USD");
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: /^USD$/ }).click();
  await search(page, { from: "KWI", to: "LHR", out: isoDate(28) });
  const price = page.getByTestId("offer-price-0").locator("[data-original]");
  await expect(price).toHaveText(/^≈ USD [\d,]+\.\d{2}$/);
  await expect(price).toHaveAttribute("data-original", /^KWD [\d,]+\.\d{3}$/);

  // Kept across a reload.
  await page.reload();
  await expect(page.getByTestId("offer-price-0").locator("[data-original]")).toHaveText(/^≈ USD/);

  await chooseItinerary(page, 1);
  await expect(page.getByTestId("charged-currency-note")).toContainText("Amounts here are in KWD, the currency you are charged in.");
  await expect(page.getByTestId("grand-total")).toHaveText(/^KWD /);
  await expect(page.getByTestId("currency-selector")).toHaveClass(/ant-select-disabled/);

  await page.goto("/bookings");
  await expect(page.getByTestId("currency-selector")).not.toHaveClass(/ant-select-disabled/);

  // The hotel checkout says the same.
  await page.goto(`/search/hotels?city=AE-dubai&in=${isoDate(45)}&out=${isoDate(47)}&rooms=2&nat=KW`);
  await page.getByTestId("hotel-card").first().getByTestId("hotel-choose").click({ timeout: 30_000 });
  await page.getByTestId("hotel-room-rates-0").getByTestId("hotel-rate-choose").first().click();
  await page.getByTestId("hotel-continue").click();
  await expect(page.getByTestId("charged-currency-note")).toContainText("Amounts here are in KWD, the currency you are charged in.");
  await expect(page.getByTestId("currency-selector")).toHaveClass(/ant-select-disabled/);
});

test("on a phone the results come first: the filters wait behind one button, open in a drawer, and the button says when they are on", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, AGENT);
  await search(page, { from: "KWI", to: "LHR", out: isoDate(26) });
  const open = page.getByTestId("filters-open");
  await expect(open).toHaveText("Filters");
  await expect(page.getByTestId("filter-stops")).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await open.click();
  const drawer = page.getByRole("dialog", { name: "Filters" });
  await drawer.getByTestId("filter-stops").getByText("Direct").click();
  await drawer.getByTestId("filters-done").click();
  await expect(drawer).toBeHidden();
  await expect(open).toHaveText("Filters (on)");
  await expect(open).toBeFocused();
});
