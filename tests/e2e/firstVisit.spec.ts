import { expect, test } from "@playwright/test";
import { shot } from "./connectedSupplier";
import { NEW_USER_PASSWORD as PASSWORD, newUser } from "./newUser";
import { ADMIN, fillCredentials, signIn } from "./session";

test("a new user accepts the head office's terms before anything else, then takes the console's short tour once", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const username = await newUser(page, baseURL!, 3);
  await fillCredentials(page, { username, password: PASSWORD });
  const terms = page.getByRole("dialog", { name: "Terms and conditions" });
  await expect(terms).toBeVisible();
  await expect(page.getByTestId("terms-version")).toContainText("Version 1");
  await expect(page.getByTestId("terms-body")).toContainText("1. Bookings.");
  // Nothing behind the terms can be used until they are accepted, and accepting needs the box ticked.
  await expect(page.getByTestId("terms-accept")).toBeDisabled();
  await shot(page, "first-visit-terms");
  await page.getByTestId("terms-read").click();
  await page.getByTestId("terms-accept").click();
  await expect(terms).toBeHidden();

  const tour = page.locator(".ant-tour:visible");
  await expect(tour).toContainText("Welcome to the console");
  await tour.getByRole("button", { name: "Show me" }).click();
  await expect(tour).toContainText("The menu");
  await shot(page, "first-visit-tour-menu");
  await tour.getByRole("button", { name: "Next" }).click();
  await expect(tour).toContainText("Prices in your currency");
  await tour.getByRole("button", { name: "Next" }).click();
  await expect(tour).toContainText("English or Arabic");
  await tour.getByRole("button", { name: "Next" }).click();
  await expect(tour).toContainText("Your account");
  await tour.getByRole("button", { name: "Finish" }).click();
  await expect(page.locator(".ant-tour:visible")).toHaveCount(0);

  // Neither is asked again.
  await page.reload();
  await expect(page.getByTestId("header-username")).toHaveText(username);
  await expect(page.getByRole("dialog", { name: "Terms and conditions" })).toHaveCount(0);
  await expect(page.locator(".ant-tour:visible")).toHaveCount(0);
});

test("a new user who signs out at the terms is asked again next time; one who skips the tour is not offered it again", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const username = await newUser(page, baseURL!, 3);
  await fillCredentials(page, { username, password: PASSWORD });
  await page.getByTestId("terms-sign-out").click();
  await expect(page).toHaveURL(/\/login$/);
  await fillCredentials(page, { username, password: PASSWORD });
  await page.getByTestId("terms-read").click();
  await page.getByTestId("terms-accept").click();
  await page.getByTestId("tour-skip").click();
  await expect(page.locator(".ant-tour:visible")).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("header-username")).toHaveText(username);
  await expect(page.locator(".ant-tour:visible")).toHaveCount(0);
});

test("the head office reads its published terms with who accepted them, and a new version's English is required", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/setup-configuration/terms");
  const versions = page.getByTestId("terms-versions");
  await expect(versions.getByRole("row").nth(1)).toContainText("In force");
  await expect(versions.getByRole("row").nth(1)).toContainText("admin");
  await page.getByTestId("terms-body-en").fill("Too short");
  await page.getByTestId("terms-publish").click();
  await page.locator(".ant-popconfirm").getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Write the terms in English (at least 20 characters)")).toBeVisible();
  await shot(page, "terms-admin");
});
