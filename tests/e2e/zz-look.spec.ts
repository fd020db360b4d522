import { expect, test } from "@playwright/test";
import { chooseItinerary, isoDate, search, toPayment } from "./flightJourney";
import { ADMIN, AGENT, signIn } from "./session";

const dir = "/tmp/shots";
test.use({ viewport: { width: 390, height: 844 } });

test("look: arabic at 390", async ({ page }) => {
  test.setTimeout(240_000);
  await signIn(page, AGENT);
  await search(page, { from: "KWI", to: "CDG", out: isoDate(45) });
  await chooseItinerary(page, 1);
  await toPayment(page, { title: "Ms.", first: "Lina", last: "Haddad", birth: "1992-04-11", document: "K2233445" }, { email: "lina@example.com", phone: "5555 1234" });
  const offer = page.getByTestId("insurance-offer");
  await offer.getByTestId("insurance-offer-add").click();
  await page.getByTestId("insurance-offer-plan").click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "Schengen (SCHNGN)" }).click();
  await expect(page.getByTestId("insurance-offer-price")).toBeVisible({ timeout: 20_000 });
  await page.getByText("العربية").first().click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${dir}/ar-checkout-insurance.png`, fullPage: true });
  await page.getByTestId("place-order").click();
  await expect(page.getByTestId("confirmation-pnr")).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: `${dir}/ar-confirmation.png`, fullPage: true });
  await page.goto("/bookings");
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${dir}/ar-bookings.png`, fullPage: true });
  await page.locator('[data-testid^="order-row-"]').first().click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${dir}/ar-booking.png`, fullPage: true });
  const cancel = page.getByTestId("cancel-open");
  if (await cancel.isVisible()) {
    await cancel.click();
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `${dir}/ar-cancel.png`, fullPage: true });
  }
});

test("look: pos arabic at 390", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.evaluate(() => localStorage.setItem("language", "ar"));
  await page.goto("/pos");
  await page.waitForTimeout(2000);
  await page.screenshot({ path: `${dir}/ar-pos.png`, fullPage: true });
  await page.getByTestId("pos-node-1").click().catch(() => undefined);
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `${dir}/ar-pos-details.png`, fullPage: true });
});
