import { expect, type Page } from "@playwright/test";
import { isoDate, typeDate } from "./flightJourney";
import { pick, pickExactly } from "./session";

/** A small PDF and a JPEG, as an agent's scans would be uploaded. */
export const pdf = (text: string) => ({ name: `${text.replace(/\W+/g, "-")}.pdf`, mimeType: "application/pdf", buffer: Buffer.from(`%PDF-1.7\n${text}\n%%EOF`) });
const jpg = { name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 3)]) };

export async function upload(page: Page, testId: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.locator(`[data-testid="${testId}"] input[type=file]`).setInputFiles(file);
  await expect(page.getByTestId(testId)).toContainText("Uploaded");
}

/**
 * Fills the UAE tourist visa's application for one Indian traveller, in a month's time: the
 * dates, the applicant as named here and every document the visa asks for.
 */
export async function fillVisaApplication(page: Page, traveller: { first: string; last: string; passport: string }) {
  await page.getByTestId("visa-travel").first().click();
  await page.keyboard.type(isoDate(30));
  await page.keyboard.press("Tab");
  await page.keyboard.type(isoDate(40));
  await page.keyboard.press("Tab");
  const applicant = page.getByTestId("visa-applicant-0");
  await pick(page, "visa-applicant-0-title", "Mr.");
  await applicant.getByLabel("First name").fill(traveller.first);
  await applicant.getByLabel("Last name").fill(traveller.last);
  await pickExactly(page, "visa-applicant-0-nationality", "India");
  await typeDate(page, "visa-applicant-0-birth", "1990-04-05");
  await applicant.getByLabel("Passport number").fill(traveller.passport);
  await typeDate(page, "visa-applicant-0-expiry", isoDate(2_000));
  await upload(page, "visa-applicant-0-passportCopy", pdf("passport"));
  await upload(page, "visa-applicant-0-photo", jpg);
  await upload(page, "visa-applicant-0-hotelBooking", pdf("hotel"));
  await upload(page, "visa-applicant-0-flightTicket", pdf("ticket"));
}
