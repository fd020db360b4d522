import { expect, test } from "@playwright/test";
import { ADMIN, signIn } from "./session";

test("the not-found page shows the spec's texts and Take Me Home goes to the dashboard", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "404 Not Found" })).toBeVisible();
  await expect(page.getByText("Sorry, an error has occured. Requested page not found!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Not Found", exact: true })).toBeVisible();
  await expect(page.getByText("Error: The requested address /no/such/page was not found on this server.")).toBeVisible();
  await expect(page.getByText("Try pressing the back button or clicking on this button.")).toBeVisible();
  await page.getByRole("button", { name: "Take Me Home" }).click();
  // Signed out, the dashboard guard sends the visitor on to /login.
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, ADMIN);
  await page.goto("/not-found");
  await page.getByRole("button", { name: "Take Me Home" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

const variants = [
  { project: "ndc", providerName: "", title: "NDC Marketplace Platform" },
  { project: "aggregator", providerName: "", title: "Aggregator Platform" },
  { project: "fclive", providerName: "Gulf", title: "Gulf FC Live" },
  { project: "custom", providerName: "Gulf", title: "Gulf Aggregator Platform" },
];

for (const variant of variants) {
  test(`the page title of the ${variant.project} variant is "${variant.title}" and survives navigation`, async ({ page }) => {
    await page.route("**/app-config.js", (route) =>
      route.fulfill({
        contentType: "application/javascript",
        body: `window.__APP_CONFIG__ = ${JSON.stringify({ project: variant.project, providerName: variant.providerName, chatWidgetSrc: "" })};`,
      }),
    );
    await page.goto("/login");
    await expect(page).toHaveTitle(variant.title);
    await page.goto("/not-found");
    await expect(page).toHaveTitle(variant.title);
  });
}
