import { expect, test, type Page } from "@playwright/test";
import { BenchClient } from "../../scripts/bench/client";
import { shot } from "./connectedSupplier";
import { ADMIN, fillCredentials, signIn } from "./session";

const PASSWORD = "Newcomer#2026!";

/** A user the head office just created, with the password chosen from the welcome mail's link. */
async function newUser(page: Page, baseURL: string): Promise<string> {
  const admin = new BenchClient(baseURL);
  const token = await admin.signIn(ADMIN.username, ADMIN.password);
  const username = `newcomer${Date.now() % 1_000_000}`;
  const roles = (await (await admin.get("/api/roles?filter[name]=Agency%20agent", token)).json()) as { data: { id: number }[] };
  const created = await admin.post("/api/users", { username, email: `${username}@gulfhorizon.example`, organisationId: 3, roleIds: [roles.data[0]!.id] }, token);
  expect(created.status).toBe(200);
  const outbox = (await (await admin.get("/api/dev-outbox?pageSize=50", token)).json()) as { data: { to: string; link: string | null }[] };
  const link = outbox.data.find((mail) => mail.to === `${username}@gulfhorizon.example` && mail.link !== null)!.link!;
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel("New password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm new password").fill(PASSWORD);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText("Your password has been changed.")).toBeVisible();
  return username;
}

test("a new user accepts the head office's terms before anything else, then takes the console's short tour once", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const username = await newUser(page, baseURL!);
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
  const username = await newUser(page, baseURL!);
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
