import { expect, test } from "@playwright/test";
import { BROWSER_FAKE_OIDC } from "../fakes/oidc/browserFake";
import { shot } from "./connectedSupplier";
import { ADMIN, signIn } from "./session";

const ISSUER = `http://127.0.0.1:${BROWSER_FAKE_OIDC.port}`;

test("the head office sets its identity provider; an agent signs in with it, and a cancelled sign-in is said in the provider's words", async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signIn(page, ADMIN);
  await page.goto("/setup-configuration/single-sign-on");
  await expect(page.getByTestId("sso-return-address")).toContainText("/login?sso=1");
  await page.getByTestId("sso-name").fill("Contoso ID");
  await page.getByTestId("sso-issuer").fill(ISSUER);
  await page.getByTestId("sso-authorize-url").fill(`${ISSUER}/authorize`);
  await page.getByTestId("sso-jwks-url").fill("keys.contoso.example");
  await page.getByTestId("sso-client-id").fill(BROWSER_FAKE_OIDC.clientId);
  await page.getByTestId("sso-enabled").click();
  await page.getByTestId("sso-save").click();
  await expect(page.getByText("The key set (jwks_uri): an http(s) address")).toBeVisible();
  await page.getByTestId("sso-jwks-url").fill(`${ISSUER}/jwks`);
  await page.getByTestId("sso-save").click();
  await expect(page.getByText("Users can sign in with Contoso ID.")).toBeVisible();
  await shot(page, "sso-settings");

  const visitor = await browser.newPage();
  try {
    await visitor.goto(new URL("/login", page.url()).href);
    const button = visitor.getByTestId("login-sso");
    await expect(button).toHaveText("Sign in with Contoso ID");
    await shot(visitor, "sso-sign-in");
    await button.click();
    await expect(visitor.getByRole("heading", { name: "Contoso ID" })).toBeVisible();
    await visitor.getByRole("button", { name: "Cancel" }).click();
    await expect(visitor.getByTestId("login-error")).toContainText("Contoso ID did not sign you in: The user cancelled the sign-in.");
    await expect(visitor).toHaveURL(/\/login\?sso=1$/);

    await button.click();
    await visitor.getByLabel("Work email").fill("agent@gulfhorizon.example");
    await visitor.getByRole("button", { name: "Continue" }).click();
    await expect(visitor).toHaveURL(/\/dashboard$/);
    await expect(visitor.getByTestId("header-username")).toHaveText("agent");
  } finally {
    await visitor.close();
    // Other journeys sign in with passwords only.
    await page.getByTestId("sso-enabled").click();
    await page.getByTestId("sso-save").click();
    await expect(page.getByText("Single sign-on is off: users sign in with their passwords.")).toBeVisible();
  }
});
