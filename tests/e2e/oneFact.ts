import { expect, type Page } from "@playwright/test";

/**
 * One booking, one set of facts on the pages (the e2e side of tests/api/surfaces.ts): on a
 * booking's page, reads its reference, status and total, then finds its Bookings row and expects
 * the same status and total, a travel date and a place (no dash), and the confirmation's charged
 * amount when one was shown. Comes back to the booking's page.
 */
export async function expectOneFactOnPages(page: Page, facts: { charged?: string } = {}) {
  const bookingUrl = page.url();
  const reference = (await page.getByTestId("order-pnr").textContent())!.trim();
  const status = (await page.getByTestId("order-status").first().textContent())!.trim();
  const total = (await page.getByTestId("order-total").textContent())!.trim();
  if (facts.charged !== undefined) expect(total, "the confirmation's charged amount is the booking's total").toBe(facts.charged.trim());

  await page.goto("/bookings");
  const row = page.getByTestId(`order-row-${reference.replace(/^#/, "")}`);
  await expect(row.getByTestId("order-status")).toHaveText(status);
  await expect(row.getByTestId("order-row-total")).toHaveText(total);
  await expect(row.getByTestId("order-row-travel")).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  await expect(row).not.toContainText("—");
  await page.goto(bookingUrl);
  await expect(page.getByTestId("order-pnr")).toHaveText(reference);
}
