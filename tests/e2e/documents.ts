import { expect, type Page } from "@playwright/test";

/** A small PDF and a JPEG, as an agent's scans would be uploaded. */
export const pdf = (text: string) => ({ name: `${text.replace(/\W+/g, "-")}.pdf`, mimeType: "application/pdf", buffer: Buffer.from(`%PDF-1.7\n${text}\n%%EOF`) });
export const jpg = { name: "photo.jpg", mimeType: "image/jpeg", buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 3)]) };

/** Uploads a file through the document box with this test id, and waits until it says so. */
export async function upload(page: Page, testId: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.locator(`[data-testid="${testId}"] input[type=file]`).setInputFiles(file);
  await expect(page.getByTestId(testId)).toContainText("Uploaded");
}
