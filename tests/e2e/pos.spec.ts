import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import * as XLSX from "xlsx";
import { ADMIN, signIn } from "./session";

const XLSX_FILE = (name: string, rows: unknown[][]) => {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Points of sale");
  return { name, mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: Buffer.from(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer) };
};

test("a manager searches the organisation tree, reads an agency's credit and users, and opens its statement", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.locator("[data-console-sider]").getByRole("menuitem", { name: /Point of Sale$/ }).click();
  const tree = page.getByTestId("pos-tree");
  await expect(tree).toContainText("Desert Rose Tours");
  await page.getByTestId("pos-search").fill("salmiya");
  // The branch stays in sight with every organisation above it; the sibling agency is filtered out.
  await expect(tree).toContainText("Gulf Horizon Travel - Salmiya Branch");
  await expect(tree).toContainText("Gulf Partners Network");
  await expect(tree).not.toContainText("Desert Rose Tours");
  await tree.getByText("Gulf Horizon Travel", { exact: true }).click();
  const details = page.getByTestId("pos-details");
  await expect(details).toContainText("Gulf Horizon Travel");
  await expect(details).toContainText("KWD 5,000.000");
  await expect(page.getByTestId("pos-node-3")).toContainText(/\d+ users? · \d+ bookings? this month/);
  await expect(tree).not.toContainText(/\b1 users\b|\b1 bookings\b/);
  await details.getByRole("link", { name: "Account statement" }).click();
  await expect(page).toHaveURL(/\/accounts\?tab=statement.*organisationId=3/);
  await expect(page.getByTestId("report-totals")).toContainText("Gulf Horizon Travel, in KWD");
});

test("a manager imports points of sale from the template: a wrong sheet is refused row by row, a right one lands in the tree", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/pos");
  const importCard = page.getByTestId("pos-import");
  const download = page.waitForEvent("download");
  await importCard.getByTestId("pos-template").click();
  const rows = XLSX.utils.sheet_to_json<string[]>(XLSX.read(readFileSync(await (await download).path())).Sheets["Points of sale"]!, { header: 1, defval: "" });
  expect(rows[0]).toEqual(["name", "type", "parentId", "currencyCode", "creditLimit", "payOptions", "officeId"]);
  expect(rows[1]?.[0]).toBe("Salmiya Kiosk");

  await importCard.locator('input[type="file"]').setInputFiles(
    XLSX_FILE("points.xlsx", [rows[0]!, ["", "CR", "3", "KWD", "10", "1", ""], ["Fahaheel Desk", "ZZ", "3", "KWD", "10.0001", "1", ""]]),
  );
  const problems = page.getByTestId("pos-upload-errors");
  await expect(problems).toContainText("Nothing was imported");
  await expect(problems).toContainText("Row 2, column name");
  await expect(problems).toContainText("Row 3, column creditLimit: KWD amounts have at most 3 decimals.");
  await expect(problems).not.toContainText("{{");
  await expect(page.getByTestId("pos-tree")).not.toContainText("Fahaheel Desk");

  await importCard.locator('input[type="file"]').setInputFiles(XLSX_FILE("points.xlsx", [rows[0]!, ["Fahaheel Desk", "CR", "3", "KWD", "250", "1,3", ""], ["Jahra Desk", "CR", "5", "KWD", "", "1", ""]]));
  await expect(page.getByText("2 points of sale imported.")).toBeVisible();
  await expect(problems).toHaveCount(0);
  await page.getByTestId("pos-search").fill("desk");
  await expect(page.getByTestId("pos-tree")).toContainText("Fahaheel Desk");
  await expect(page.getByTestId("pos-tree")).toContainText("Jahra Desk");
  await page.getByTestId("pos-search").fill("");

  // From the tree straight to booking for the agency chosen in it.
  await page.getByTestId("pos-tree").getByText("Desert Rose Tours", { exact: true }).click();
  await page.getByTestId("pos-book-for").click();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByTestId("booking-for-notice")).toContainText("Booking on behalf of Desert Rose Tours");
  await page.getByTestId("booking-for").getByRole("button", { name: "Book for my own agency" }).click();
});
