import { expect, type Page } from "@playwright/test";
import { TOTP } from "otpauth";

export const ADMIN = { username: "admin", password: "Admin#2026!" };
export const AGENT = { username: "agent", password: "Agent#2026!" };
export const OTP_USER = { username: "otpuser", password: "Otp#2026!", secret: "JBSWY3DPEHPK3PXP" };

export async function fillCredentials(page: Page, credentials: { username: string; password: string }) {
  await page.goto("/login");
  await page.getByLabel("Username").fill(credentials.username);
  await page.getByLabel("Password").fill(credentials.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

export async function signIn(page: Page, credentials: { username: string; password: string }) {
  await fillCredentials(page, credentials);
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function signOut(page: Page) {
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** Signs out and back in as someone else, as two people sharing a desk would. */
export async function switchUser(page: Page, credentials: { username: string; password: string }) {
  await signOut(page);
  await signIn(page, credentials);
}

/** The current code of the demo OTP user's authenticator. */
export function currentTotp(secret: string): string {
  return new TOTP({ secret, digits: 6, period: 30, algorithm: "SHA1" }).generate();
}

/** Chooses an option of an antd Select by typing its text. */
export async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(option);
  // The dropdown just opened is the last one; an earlier one may still be fading out with a matching option.
  await page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)").last().locator(".ant-select-item-option", { hasText: option }).first().click();
  // A multiple select stays open: Escape closes it. A single one has closed; Escape would close the drawer around it.
  if ((await page.getByTestId(testId).locator('[role="combobox"]').getAttribute("aria-expanded")) === "true") await page.keyboard.press("Escape");
}

/** Picks the option of an antd Select whose label is exactly this, in the dropdown that just opened (typing narrows long lists). */
export async function pickExactly(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(option);
  await page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)").last().getByTitle(option, { exact: true }).click();
}
