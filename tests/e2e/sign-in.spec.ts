import { expect, test } from "@playwright/test";
import { ADMIN, OTP_USER, currentTotp, fillCredentials, signIn } from "./session";

test("an administrator signs in and reaches the dashboard greeting", async ({ page }) => {
  await signIn(page, ADMIN);
  await expect(page.getByTestId("dashboard-greeting")).toContainText("admin");
  await expect(page.getByTestId("dashboard-organisation")).not.toBeEmpty();
  await expect(page.getByTestId("dashboard-credit-card")).toBeVisible();
});

test("a wrong password shows a clear message and stays on /login", async ({ page }) => {
  await fillCredentials(page, { username: ADMIN.username, password: "wrong-password" });
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("the OTP user signs in through the one-time code screen", async ({ page }) => {
  await fillCredentials(page, OTP_USER);
  const codeInput = page.getByLabel("One-time code");
  await expect(codeInput).toBeVisible();
  await expect(page).not.toHaveURL(/\/dashboard/);
  await codeInput.fill(currentTotp(OTP_USER.secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("dashboard-greeting")).toContainText("otpuser");
});

test("signing out returns to /login and the dashboard is then guarded", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});

test("a signed-in user opening /login is sent to the dashboard", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("a page opened by its address shows who is signed in from its first paint", async ({ page }) => {
  await signIn(page, ADMIN);
  // What the header said the moment it first appeared, before the browser could paint it.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const menu = document.querySelector('[data-testid="user-menu"]');
      if (!menu) return;
      document.documentElement.dataset.firstHeader = menu.querySelector('[data-testid="header-username"]')?.textContent ?? "";
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  await page.goto("/setup-configuration/markets");
  await expect(page.getByTestId("header-username")).toHaveText("admin");
  expect(await page.evaluate(() => document.documentElement.dataset.firstHeader)).toBe("admin");
});

test("the login page shows without asking the API anything: its code loads while the credentials are typed", async ({ page }) => {
  const asked: string[] = [];
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/api/")) asked.push(request.url());
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/login", { waitUntil: "networkidle" });
  await expect(page.getByLabel("Username")).toBeVisible();
  expect(asked).toEqual([]);
  const shown = scripts.length;
  await page.getByLabel("Username").fill("admin");
  // The API code arrives on the first keystroke, before the user signs in.
  await expect.poll(() => scripts.length).toBeGreaterThan(shown);
  await page.getByLabel("Password").fill("Admin#2026!");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("dashboard-greeting")).toBeVisible();
});

test("when the code that signs in cannot arrive, the login page says so instead of waiting", async ({ page }) => {
  await page.goto("/login", { waitUntil: "networkidle" });
  // Whatever the page asks for from now on fails, as on a dropped connection.
  await page.route("**/assets/**", (route) => route.abort());
  await page.getByLabel("Username").fill("admin");
  await page.getByLabel("Password").fill("Admin#2026!");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Signing in could not start: part of the page did not load.", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  await expect(page).toHaveURL(/\/login$/);
});
