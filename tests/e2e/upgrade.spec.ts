import { expect, test } from "@playwright/test";
import { shot } from "./connectedSupplier";
import { ADMIN, AGENT, signIn } from "./session";

test("an agency asks for the next partner level; the head office approves and the agency is on it", async ({ page }) => {
  await signIn(page, AGENT);
  await page.locator("[data-console-sider]").getByRole("menuitem", { name: "Upgrade" }).click();
  const next = page.getByTestId("upgrade-next");
  const level = (await next.locator("h3").textContent())!;
  await page.getByTestId("upgrade-note").fill("Our volumes doubled this year");
  await page.getByTestId("upgrade-request").click();
  await expect(next).toContainText("Your request is waiting for the head office.");
  await expect(page.getByTestId("upgrade-requests").getByRole("row").nth(1)).toContainText("Pending");

  await page.context().clearCookies();
  await signIn(page, ADMIN);
  await page.goto("/upgrade");
  const row = page.getByTestId("upgrade-decisions").getByRole("row", { name: /Our volumes doubled this year/ });
  await expect(row).toContainText("Gulf Horizon Travel");
  await row.getByRole("button", { name: "Approve" }).click();
  await page.locator(".ant-popconfirm").getByRole("button", { name: "Approve" }).click();
  await expect(row).toHaveCount(0);

  await page.context().clearCookies();
  await signIn(page, AGENT);
  await page.goto("/upgrade");
  await expect(page.getByTestId("upgrade-current").locator("h3")).toHaveText(level);
  await expect(page.getByTestId("upgrade-requests").getByRole("row").nth(1)).toContainText("Approved");
});

test("an agent reads their agency's package on the Upgrade page, in English and in Arabic", async ({ page }) => {
  await signIn(page, AGENT);
  await page.goto("/upgrade");
  const details = page.getByTestId("user-package");
  await expect(details).toContainText("Gulf Horizon Travel");
  await expect(details).toContainText("Customer");
  await expect(details.getByText("Credit limit")).toBeVisible();
  await expect(details).toContainText("KWD");
  await expect(page.getByTestId("user-package-pay-options").locator(".ant-tag")).toHaveText(["Deposit", "Credit/Debit Card", "Book and Hold"]);
  await expect(page.getByTestId("user-package-sections")).toContainText("Search");
  await expect(page.getByTestId("user-package-sections")).not.toContainText("Setup & Configuration");
  await shot(page, "user-package-en");

  await page.getByTestId("language-switcher").locator('[lang="ar"]').click();
  await expect(details).toContainText("باقتك");
  await expect(page.getByTestId("user-package-pay-options").locator(".ant-tag").first()).not.toHaveText("Deposit");
  await shot(page, "user-package-ar");
});
