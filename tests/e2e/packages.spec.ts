import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { isoDate, typeDate } from "./flightJourney";
import { expectOneFactOnPages } from "./oneFact";
import { AGENT, pick, signIn } from "./session";

/** Screenshots for a person to look at, when SCREENSHOTS names a folder. */
async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/${name}.png`, fullPage: true });
}

test("an agent books an Umrah package for 3 pilgrims in a triple room and downloads the group's confirmation", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, AGENT);
  await page.goto("/search?product=packages");
  await page.getByTestId("package-type").click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "Umrah" }).click();
  await expect(page.getByTestId("package-card-UMR-RAJAB-27")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId("package-card-HAJJ-1448-A")).toHaveCount(0);
  await shot(page, "packages");
  await page.getByTestId("package-view-UMR-RAJAB-27").click();

  await expect(page.getByTestId("package-details")).toContainText("Haram View Hotel");
  const pilgrims = [["Mr.", "Omar", "Haddad", "1975-02-03"], ["Mrs.", "Lina", "Haddad", "1979-08-09"], ["Mr.", "Yusuf", "Haddad", "2001-11-12"]];
  for (const [index, [title, first, last, birth]] of pilgrims.entries()) {
    const card = page.getByTestId(`package-room-0-pilgrim-${index}`);
    await pick(page, `package-room-0-pilgrim-${index}-title`, title!);
    await card.getByLabel("First name").fill(first!);
    await card.getByLabel("Last name").fill(last!);
    await typeDate(page, `package-room-0-pilgrim-${index}-birth`, birth!);
    await card.getByLabel("Passport number").fill(`K${index}234567`);
    await typeDate(page, `package-room-0-pilgrim-${index}-expiry`, isoDate(2_500));
  }
  // A title chosen before the date of birth changed to a child's is refused beside it, naming the ones that fit.
  await typeDate(page, "package-room-0-pilgrim-2-birth", "2019-11-12");
  await expect(page.getByTestId("package-room-0-pilgrim-2")).toContainText("Use Master or Ms. for this traveller's age");
  await typeDate(page, "package-room-0-pilgrim-2-birth", "2001-11-12");
  await expect(page.getByTestId("package-room-0-pilgrim-2")).not.toContainText("for this traveller's age");
  await page.locator('[data-testid="package-room-0-pilgrim-0-photo"] input[type=file]').setInputFiles({ name: "omar.jpg", mimeType: "image/jpeg", buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 5)]) });
  await expect(page.getByTestId("package-room-0-pilgrim-0-photo")).toContainText("Uploaded");
  await page.getByLabel("Email").fill("omar@example.com");
  await page.getByLabel("Phone").fill("5000 1122");
  // Three pilgrims do not fit a double room: the page says so beside the room, shows no total and does not book.
  await page.getByTestId("package-room-0-sharing").click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "Double room" }).click();
  await expect(page.getByTestId("package-room-0").getByTestId("package-problem")).toHaveText("Double room: 2 pilgrims share it; infants do not take a bed. This one has 3.");
  await expect(page.getByTestId("package-total")).toHaveText("—");
  await expect(page.getByTestId("place-order")).toBeDisabled();
  await page.getByTestId("package-room-0-sharing").click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "Triple room" }).click();
  await expect(page.getByTestId("package-problem")).toHaveCount(0);
  await expect(page.getByTestId("package-total")).toContainText("KWD 1,185.000");
  await shot(page, "package-booking");
  await page.getByTestId("place-order").click();

  await expect(page.getByText("Package booked")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("package-panel")).toContainText("Yusuf Haddad");
  const [confirmation] = await Promise.all([page.waitForEvent("download"), page.getByTestId("package-confirmation-download").click()]);
  expect(confirmation.suggestedFilename()).toMatch(/^package-PKG-\d+\.pdf$/);
  expect(readFileSync((await confirmation.path())!).subarray(0, 5).toString()).toBe("%PDF-");
  await shot(page, "package-confirmation");
  const chargedText = (await page.getByTestId("confirmation-charged").textContent())!;
  await page.getByTestId("open-booking").click();
  await expect(page.getByTestId("order-status")).toHaveText("Confirmed");
  await expectOneFactOnPages(page, { charged: chargedText });
});
