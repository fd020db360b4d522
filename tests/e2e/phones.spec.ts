import { expect, test, type Page } from "@playwright/test";
import { fillPassenger, isoDate, search, typeDate, typeDateRange } from "./flightJourney";
import { fillHotelSearch } from "./hotelSearch";
import { lookAtDialog, lookAtStep, PHONE } from "./phoneLook";
import { fillVisaApplication } from "./visaApplication";
import { ADMIN, AGENT, pick, pickExactly, signIn } from "./session";

/**
 * Every product booked on a phone (390 px), each step looked at in English and in Arabic: no
 * serious or critical accessibility violation, no sideways scroll, every price and primary button
 * on the screen, no word broken mid-letter.
 */

test.use({ viewport: PHONE });
test.describe.configure({ timeout: 240_000 });

const option = (page: Page, text: string) => page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: text }).first();

test("a flight booked on a phone, every step in both languages", async ({ page }, testInfo) => {
  const found: string[] = [];
  await signIn(page, AGENT);
  await page.goto("/search");
  await lookAtStep(page, testInfo, "flight-search", found);
  await search(page, { from: "KWI", to: "DXB", out: isoDate(41) });
  await lookAtStep(page, testInfo, "flight-results", found);
  await page.getByTestId("offer-select-0").click();
  await expect(page.getByTestId("fare-families")).toBeVisible();
  await lookAtStep(page, testInfo, "flight-fares", found);
  await page.locator('[data-testid^="fare-choose-"]').first().click();
  await expect(page.getByTestId("checkout-summary")).toBeVisible({ timeout: 20_000 });
  await lookAtStep(page, testInfo, "flight-extras", found);
  await page.getByTestId("checkout-next").click();
  await fillPassenger(page, 0, { title: "Mr.", first: "Phone", last: "Checker", birth: "1990-04-04", document: "P7654321" });
  await page.getByTestId("contact-email").fill("phone@example.com");
  await page.getByTestId("contact-phone").fill("+96550000001");
  await lookAtStep(page, testInfo, "flight-passengers", found);
  await page.getByTestId("checkout-next").click();
  await expect(page.getByTestId("place-order")).toBeVisible();
  await lookAtStep(page, testInfo, "flight-payment", found, async () => {
    // Mixed directions: each end of a flight isolated, the arrow pointing the way Arabic reads, the route one left-to-right unit.
    const journey = page.getByTestId("review-journey-0");
    await expect(journey.locator("bdi", { hasText: "Kuwait International Airport" })).toHaveText(/^\d{2}:\d{2} Kuwait International Airport/);
    await expect(journey).toContainText(" ← ");
    await expect(journey.locator("bdi").first()).toHaveText("KWI → DXB");
  });
  await page.getByTestId("place-order").click();
  await expect(page.getByTestId("confirmation-pnr")).toBeVisible({ timeout: 30_000 });
  await lookAtStep(page, testInfo, "flight-confirmation", found);
  await page.getByTestId("open-booking").click();
  await expect(page.getByTestId("order-status")).toBeVisible();
  await lookAtStep(page, testInfo, "flight-booking", found);
  expect(found).toEqual([]);
});

test("a hotel booked on a phone, every step in both languages", async ({ page }, testInfo) => {
  const found: string[] = [];
  await signIn(page, AGENT);
  await fillHotelSearch(page, "Dubai, United Arab Emirates", { in: 70, out: 72 });
  await lookAtStep(page, testInfo, "hotel-search", found);
  await page.getByTestId("hotel-search-submit").click();
  await expect(page.getByTestId("hotel-card").first()).toBeVisible({ timeout: 30_000 });
  await lookAtStep(page, testInfo, "hotel-results", found);
  await page.getByTestId("hotel-card").first().getByTestId("hotel-choose").click();
  await expect(page.getByTestId("hotel-name")).toBeVisible({ timeout: 30_000 });
  await page.getByTestId("hotel-room-rates-0").getByTestId("hotel-rate-choose").first().click();
  await lookAtStep(page, testInfo, "hotel-rooms", found);
  await page.getByTestId("hotel-continue").click();
  await expect(page).toHaveURL(/\/search\/hotels\/checkout$/);
  for (const [position, first, title] of [[0, "Sam", "Mr."], [1, "Dana", "Ms."]] as const) {
    const guest = page.getByTestId(`hotel-guest-0-${position}`);
    await guest.getByLabel("First name").fill(first);
    await guest.getByLabel("Last name").fill("Phone");
    await pick(page, `hotel-guest-0-${position}-title`, title);
  }
  await page.getByLabel("Email").fill("sam@example.com");
  await page.getByLabel("Phone").fill("+965 22001234");
  await lookAtStep(page, testInfo, "hotel-checkout", found);
  await expect(page.getByTestId("place-order")).toBeEnabled({ timeout: 20_000 });
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/search\/confirmation\/\d+$/, { timeout: 30_000 });
  await expect(page.getByTestId("confirmation-pnr")).toBeVisible();
  await lookAtStep(page, testInfo, "hotel-confirmation", found, async () => {
    // The stay reads from the right: check-in first, each day whole, the arrow pointing on.
    await expect(page.getByTestId("day-range").first()).toHaveText(`\u2066${isoDate(70)}\u2069 ← \u2066${isoDate(72)}\u2069`);
  });
  await page.getByTestId("open-booking").click();
  await expect(page.getByTestId("hotel-stay")).toBeVisible();
  await lookAtStep(page, testInfo, "hotel-booking", found, async () => {
    // Back points the way back in Arabic: to the right.
    await expect(page.getByRole("link", { name: "كل الحجوزات" }).locator(".anticon-arrow-right")).toBeVisible();
  });
  expect(found).toEqual([]);
});

test("an activity booked on a phone, every step in both languages", async ({ page }, testInfo) => {
  const found: string[] = [];
  await signIn(page, AGENT);
  await page.goto("/activities");
  await page.getByTestId("activity-city").click();
  await page.keyboard.type("Dubai");
  await option(page, "Dubai, United Arab Emirates").click();
  await page.getByTestId("activity-dates").first().click();
  await page.keyboard.type(isoDate(33));
  await page.keyboard.press("Tab");
  await page.keyboard.type(isoDate(34));
  await page.keyboard.press("Tab");
  await lookAtStep(page, testInfo, "activity-search", found);
  await page.getByTestId("activity-search-submit").click();
  await expect(page.getByTestId("activity-card").first()).toBeVisible({ timeout: 30_000 });
  await lookAtStep(page, testInfo, "activity-results", found);
  await page.getByTestId("activity-view").first().click();
  const times = page.locator('[data-testid^="activity-option-"] .ant-radio-button-wrapper:not(.ant-radio-button-wrapper-disabled)');
  await expect(times.first()).toBeVisible({ timeout: 20_000 });
  await times.first().click();
  await lookAtStep(page, testInfo, "activity-details", found);
  await page.locator('[data-testid^="activity-continue-"]:not([disabled])').first().click();
  await expect(page).toHaveURL(/\/activities\/checkout$/);
  for (const [index, [title, first]] of [["Mr.", "Omar"], ["Ms.", "Lina"]].entries()) {
    await pick(page, `activity-traveller-${index}-title`, title!);
    await page.getByTestId(`activity-traveller-${index}`).getByLabel("First name").fill(first!);
    await page.getByTestId(`activity-traveller-${index}`).getByLabel("Last name").fill("Phone");
  }
  await page.getByLabel("Email").fill("omar@example.com");
  await page.getByLabel("Phone").fill("5000 4321");
  await lookAtStep(page, testInfo, "activity-checkout", found);
  await page.getByTestId("place-order").click();
  await expect(page.getByTestId("activity-voucher-code")).toBeVisible({ timeout: 30_000 });
  await lookAtStep(page, testInfo, "activity-confirmation", found);
  expect(found).toEqual([]);
});

test("a policy bought alone on a phone, every step in both languages", async ({ page }, testInfo) => {
  const found: string[] = [];
  await signIn(page, AGENT);
  await page.goto("/search?product=insurance");
  await page.getByTestId("insurance-destination").click();
  await page.keyboard.type("France");
  await option(page, "France").click();
  await typeDateRange(page, "insurance-dates", isoDate(52), isoDate(58));
  await typeDate(page, "insurance-birth-0", "1985-02-03");
  await lookAtStep(page, testInfo, "insurance-search", found);
  await page.getByTestId("insurance-search-submit").click();
  await expect(page.getByTestId("insurance-quote-SCHNGN")).toBeVisible({ timeout: 20_000 });
  await lookAtStep(page, testInfo, "insurance-quotes", found);
  await page.getByTestId("insurance-choose-SCHNGN").click();
  await expect(page).toHaveURL(/\/search\/insurance\/checkout$/);
  await pick(page, "insured-0-title", "Ms.");
  await page.getByTestId("insured-0").getByLabel("First name").fill("Sara");
  await page.getByTestId("insured-0").getByLabel("Last name").fill("Phone");
  await page.getByLabel("Email").fill("sara@example.com");
  await page.getByLabel("Phone").fill("5000 4321");
  await lookAtStep(page, testInfo, "insurance-checkout", found);
  await page.getByTestId("place-order").click();
  await expect(page.getByTestId("policy-panel")).toBeVisible({ timeout: 30_000 });
  await lookAtStep(page, testInfo, "insurance-confirmation", found);
  // Two more days of cover, priced in the booking page's dialog and confirmed.
  await page.getByTestId("open-booking").click();
  const priceTwoMoreDays = async () => {
    await page.getByTestId("policy-change-open").click();
    await typeDateRange(page, "policy-change-period", isoDate(52), isoDate(60));
    await page.getByTestId("policy-change-price").click();
    await expect(page.getByTestId("policy-change-due")).toBeVisible({ timeout: 20_000 });
  };
  await lookAtDialog(page, testInfo, "insurance-change", found, { open: priceTwoMoreDays, close: () => page.keyboard.press("Escape") });
  await priceTwoMoreDays();
  await page.getByTestId("policy-change-confirm").click();
  await expect(page.getByTestId("policy-panel")).toContainText(isoDate(60), { timeout: 20_000 });
  expect(found).toEqual([]);
});

test("an Umrah package booked and a visa applied for on a phone, every step in both languages", async ({ page }, testInfo) => {
  const found: string[] = [];
  await signIn(page, AGENT);
  await page.goto("/search?product=packages");
  await page.getByTestId("package-type").click();
  await option(page, "Umrah").click();
  await expect(page.getByTestId("package-card-UMR-RAJAB-27")).toBeVisible({ timeout: 20_000 });
  await lookAtStep(page, testInfo, "package-list", found);
  await page.getByTestId("package-view-UMR-RAJAB-27").click();
  await expect(page.getByTestId("package-details")).toBeVisible();
  for (const [index, [title, first, birth]] of [["Mr.", "Omar", "1975-02-03"], ["Mrs.", "Lina", "1979-08-09"], ["Master", "Sami", "2019-11-12"]].entries()) {
    const card = page.getByTestId(`package-room-0-pilgrim-${index}`);
    await typeDate(page, `package-room-0-pilgrim-${index}-birth`, birth!);
    await pick(page, `package-room-0-pilgrim-${index}-title`, title!);
    await card.getByLabel("First name").fill(first!);
    await card.getByLabel("Last name").fill("Phone");
    await card.getByLabel("Passport number").fill(`P${index}234567`);
    await typeDate(page, `package-room-0-pilgrim-${index}-expiry`, isoDate(2_500));
  }
  await page.getByLabel("Email").fill("omar@example.com");
  await page.getByLabel("Phone").fill("5000 1122");
  await expect(page.getByTestId("package-total")).toContainText("KWD");
  await lookAtStep(page, testInfo, "package-booking", found);
  await page.getByTestId("place-order").click();
  await expect(page.getByTestId("package-panel")).toContainText("Master Sami Phone", { timeout: 30_000 });
  await lookAtStep(page, testInfo, "package-confirmation", found);

  await page.goto("/search?product=visas");
  await pickExactly(page, "visa-nationality", "India");
  await expect(page.getByTestId("visa-apply-AE-TOURIST-30")).toBeVisible();
  await lookAtStep(page, testInfo, "visa-list", found);
  await page.getByTestId("visa-apply-AE-TOURIST-30").click();
  await expect(page).toHaveURL(/\/search\/visas\/apply\?visa=\d+$/);
  await expect(page.getByTestId("visa-applicant-0")).toBeVisible();
  await lookAtStep(page, testInfo, "visa-application", found, async () => {
    // Places in the reader's language; how long and how many entries, each under its own label.
    await expect(page.getByTestId("visa-summary")).toContainText("الإمارات العربية المتحدة");
    await expect(page.getByTestId("visa-summary")).toContainText("الدخول");
  });
  await fillVisaApplication(page, { first: "Ravi", last: "Phone", passport: "Z7654321" });
  await page.getByTestId("place-order").click();
  await expect(page.getByText("Visa application submitted")).toBeVisible({ timeout: 30_000 });
  await lookAtStep(page, testInfo, "visa-confirmation", found);
  expect(found).toEqual([]);
});

test("money transfer sent on a phone, every step in both languages", async ({ page }, testInfo) => {
  const found: string[] = [];
  const field = (form: string, label: string) => page.getByTestId(form).getByLabel(label, { exact: true });
  await signIn(page, AGENT);
  await page.goto("/dmt");
  await expect(page.getByTestId("remitter-new")).toBeVisible();
  await lookAtStep(page, testInfo, "transfer-start", found);

  await page.getByTestId("remitter-new").click();
  await field("remitter-form", "First name").fill("Phone");
  await field("remitter-form", "Last name").fill("Remitter");
  await field("remitter-form", "ID number").fill(`29${Date.now().toString().slice(-10)}`);
  await typeDate(page, "remitter-id-expiry", isoDate(900));
  await pickExactly(page, "remitter-nationality", "India");
  await typeDate(page, "remitter-birth", "1987-02-02");
  await field("remitter-form", "Phone").fill("5012 7654");
  await field("remitter-form", "Address").fill("Block 2, Street 5, House 9");
  await field("remitter-form", "City").fill("Kuwait City");
  await lookAtStep(page, testInfo, "transfer-remitter", found);
  await page.getByTestId("remitter-save").click();

  await page.getByTestId("beneficiary-new").click();
  await field("beneficiary-form", "First name").fill("Bilal");
  await field("beneficiary-form", "Last name").fill("Phone");
  await pickExactly(page, "beneficiary-country", "Pakistan");
  await field("beneficiary-form", "Bank").fill("Standard Chartered");
  await field("beneficiary-form", "IBAN").fill("PK36 SCBL 0000 0011 2345 6702");
  await lookAtStep(page, testInfo, "transfer-beneficiary", found);
  await page.getByTestId("beneficiary-save").click();

  await page.getByTestId("quote-amount").fill("150");
  await page.getByTestId("quote-get").click();
  await expect(page.getByTestId("quote-total")).toHaveText("KWD 151.875");
  await lookAtStep(page, testInfo, "transfer-quote", found);
  await page.getByTestId("quote-continue").click();
  await page.getByTestId("transfer-purpose").fill("Family support");
  await lookAtStep(page, testInfo, "transfer-review", found);
  await page.getByTestId("transfer-send").click();
  await expect(page).toHaveURL(/\/dmt\/transfers\/\d+$/);
  await expect(page.getByTestId("transfer-state")).toBeVisible();
  await lookAtStep(page, testInfo, "transfer-sent", found);

  await page.goto("/dmt?tab=transfers");
  await expect(page.getByTestId("transfers-table")).toContainText("Bilal Phone (PK)");
  await lookAtStep(page, testInfo, "transfer-list", found);
  await page.goto("/dmt?tab=remitters");
  await expect(page.getByTestId("remitters-table")).toContainText("Phone Remitter");
  await lookAtStep(page, testInfo, "transfer-remitters", found);
  expect(found).toEqual([]);
});

test("the lists a manager reads on a phone (bookings, orders, reports, an administration list), in both languages", async ({ page }, testInfo) => {
  const found: string[] = [];
  await signIn(page, ADMIN);
  for (const [step, path] of [["bookings", "/bookings"], ["order-list", "/order-list"], ["reports", "/report"], ["markets", "/setup-configuration/markets"]] as const) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    await lookAtStep(page, testInfo, step, found);
  }
  expect(found).toEqual([]);
});
