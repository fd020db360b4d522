import { expect, test, type Page } from "@playwright/test";
import { shot } from "./connectedSupplier";
import { NEW_USER_PASSWORD, newUser } from "./newUser";
import { ADMIN, fillCredentials, signIn } from "./session";
import { serveDesertRoseOnItsDomain } from "./agencyDomain";

/** A logo drawn by the browser itself, as the PNG an organisation would upload. */
async function drawnLogo(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 180;
    canvas.height = 60;
    const context = canvas.getContext("2d")!;
    context.fillStyle = "#b5442c";
    context.fillRect(0, 0, 180, 60);
    context.fillStyle = "#ffffff";
    context.font = "bold 30px sans-serif";
    context.fillText("DESERT", 14, 42);
    return canvas.toDataURL("image/png");
  });
  return Buffer.from(dataUrl.split(",")[1]!, "base64");
}

test("an organisation's logo uploaded from its form shows on its own domain's sign-in page and in its users' console", async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  await signIn(page, ADMIN);
  await page.goto("/point-sales-management/organisations");
  const row = page.getByRole("row", { name: /Desert Rose Tours/ });
  await row.getByRole("button", { name: "Edit" }).click();
  const logo = page.getByTestId("branding-logo");
  await expect(logo).toContainText("None yet");
  await logo.locator('input[type="file"]').setInputFiles({ name: "desert-rose.png", mimeType: "image/png", buffer: await drawnLogo(page) });
  await expect(page.getByTestId("branding-logo-image")).toBeVisible();
  const logoUrl = (await page.getByTestId("branding-logo-image").getAttribute("src"))!;
  expect(logoUrl).toMatch(/^\/api\/uploads\/[a-f0-9]+\.png$/);
  // A file that is not an image is refused in the server's words, and the logo stays.
  await logo.locator('input[type="file"]').setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") });
  await expect(logo.getByRole("alert")).toBeVisible();
  await expect(page.getByTestId("branding-logo-image")).toHaveAttribute("src", logoUrl);
  await shot(page, "branding-form");
  await page.getByTestId("resource-save").click();
  await expect(page.getByTestId("resource-drawer")).toBeHidden();
  const signInPage = await serveDesertRoseOnItsDomain(page, baseURL!);

  const visitor = await browser.newPage();
  await visitor.goto(signInPage);
  await expect(visitor.getByTestId("host-logo")).toHaveAttribute("src", logoUrl);
  await shot(visitor, "branding-sign-in");
  await visitor.goto(new URL("/login", baseURL!).href);
  await expect(visitor.getByRole("button", { name: "Sign in" })).toBeVisible();
  await expect(visitor.getByTestId("host-logo")).toHaveCount(0);
  await visitor.close();

  const member = await browser.newPage();
  const username = await newUser(member, baseURL!, 4);
  await fillCredentials(member, { username, password: NEW_USER_PASSWORD });
  await member.getByTestId("terms-read").click();
  await member.getByTestId("terms-accept").click();
  await member.getByTestId("tour-skip").click();
  await expect(member.getByTestId("organisation-logo")).toHaveAttribute("src", logoUrl);
  await expect(member.getByTestId("organisation-logo")).toHaveAttribute("alt", "Desert Rose Tours");
  await shot(member, "branding-console");
});
