import { expect, test } from "@playwright/test";
import { ADMIN, AGENT, signIn } from "./session";

test("an agency shares its referral link; the agency invited registers through it; the head office approves it, and the referrer sees it approved", async ({ page }) => {
  test.setTimeout(120_000);
  const agency = `Palm Travel ${Date.now()}`;
  await signIn(page, AGENT);
  await page.locator("[data-console-sider]").getByRole("menuitem", { name: "Refer a friend" }).click();
  const link = (await page.getByTestId("referral-link").textContent())!.trim();
  expect(link).toMatch(/\/register\?ref=[A-F0-9]{8}$/);

  await page.context().clearCookies();
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByTestId("register-referral")).toContainText(new URL(link).searchParams.get("ref")!);
  await page.getByLabel("Agency name").fill(agency);
  await page.getByLabel("Contact person").fill("Sami Palm");
  await page.getByLabel("Email").fill(`sami-${Date.now()}@palm.example`);
  await page.getByLabel("Country").click();
  await page.keyboard.type("Kuwait");
  await page.keyboard.press("Enter");
  await page.getByLabel("Phone").fill("+965 2211 3344");
  await page.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByText("Request sent")).toBeVisible();

  await signIn(page, ADMIN);
  await page.goto("/setup-configuration/registrations");
  const row = page.getByTestId("registration-table").getByRole("row", { name: new RegExp(agency) });
  await expect(row).toContainText("Gulf Horizon Travel");
  await row.getByRole("button", { name: "Approve" }).click();
  const drawer = page.getByTestId("registration-approve-drawer");
  await drawer.getByTestId("registration-username").fill(`palm${Date.now() % 100000}`);
  await drawer.getByTestId("registration-role").click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "Agency agent" }).click();
  await drawer.getByTestId("registration-approve-confirm").click();
  await expect(drawer).toBeHidden();
  await page.locator(".ant-radio-button-wrapper", { hasText: "Approved" }).click();
  await expect(page.getByTestId("registration-table").getByRole("row", { name: new RegExp(agency) })).toContainText(/First user: palm\d+/);

  await page.context().clearCookies();
  await signIn(page, AGENT);
  await page.goto("/refer-friend");
  await expect(page.getByTestId("referral-table").getByRole("row", { name: new RegExp(agency) })).toContainText("Approved");
});
