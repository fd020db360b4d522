import { expect, test } from "@playwright/test";
import { shot } from "./connectedSupplier";
import { NEW_USER_PASSWORD, newUser } from "./newUser";

test("after three failed attempts the sign-in page asks the captcha; the server asks it too of a tab that never saw the failures", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const username = await newUser(page, baseURL!, 3);
  await page.goto("/login");
  const tryPassword = async (password: string) => {
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
  };
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    await expect(page.getByTestId("login-captcha")).toHaveCount(0);
    await tryPassword(`wrong-${attempt}`);
    await expect(page.getByTestId("login-error")).toContainText(`${attempt} failed attempt`);
  }
  await expect(page.getByTestId("login-captcha-why")).toBeVisible();
  const checkbox = page.getByTestId("fake-recaptcha-checkbox");
  await expect(checkbox).toBeVisible();
  await shot(page, "captcha-sign-in");

  // Not solved: nothing is sent. Solved with a wrong password: refused, and the captcha is asked again (a token works once).
  await tryPassword(NEW_USER_PASSWORD);
  await expect(page.getByTestId("login-error")).toContainText("Solve the captcha first.");
  await checkbox.check();
  await tryPassword("wrong-4");
  await expect(page.getByTestId("login-error")).toContainText("The username or password is not correct.");
  await expect(checkbox).not.toBeChecked();

  // A fresh tab does not know of the failures; the server does, for this account from this address.
  const fresh = await browser.newPage();
  await fresh.goto(new URL("/login", baseURL!).href);
  await fresh.getByLabel("Username").fill(username);
  await fresh.getByLabel("Password").fill(NEW_USER_PASSWORD);
  await fresh.getByRole("button", { name: "Sign in" }).click();
  await expect(fresh.getByTestId("login-error")).toContainText("complete the captcha");
  await fresh.getByTestId("fake-recaptcha-checkbox").check();
  await fresh.getByRole("button", { name: "Sign in" }).click();
  await expect(fresh.getByRole("dialog", { name: "Terms and conditions" })).toBeVisible();
  await fresh.close();
});
