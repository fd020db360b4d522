import { expect, test } from "@playwright/test";
import { ADMIN, signIn } from "./session";

test("a manager searches the organisation tree, reads an agency's credit and users, and opens its statement", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.locator("[data-console-sider]").getByRole("menuitem", { name: "Point of Sale" }).click();
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
  await expect(page.getByTestId("pos-node-3")).toContainText(/\d+ users · \d+ bookings this month/);
  await details.getByRole("link", { name: "Account statement" }).click();
  await expect(page).toHaveURL(/\/accounts\?tab=statement.*organisationId=3/);
  await expect(page.getByTestId("report-totals")).toContainText("Gulf Horizon Travel, in KWD");
});
