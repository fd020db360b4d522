import { expect, test } from "@playwright/test";
import { DEV_PAYLOAD_SECRET, sealPayload } from "../../src/contract/envelope";
import { STORAGE_KEYS } from "../../src/providers/storageKeys";
import { decodeStoredToken, encodeStoredToken } from "../../src/providers/tokenStorage";
import { ADMIN, signIn } from "./session";

test("a session whose user_sid cookie is gone lands on /login", async ({ page, context }) => {
  await signIn(page, ADMIN);
  await context.clearCookies({ name: "user_sid" });
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
});

test("a session the server has ended (refresh token reused: 440) lands on /login with a notice", async ({ page, context }) => {
  await signIn(page, ADMIN);
  const stored = await page.evaluate((keys) => ({ refreshToken: localStorage.getItem(keys.refreshToken) }), STORAGE_KEYS);
  const refreshToken = decodeStoredToken(stored.refreshToken ?? "");
  const xsrf = (await context.cookies()).find((cookie) => cookie.name === "XSRF-TOKEN")?.value ?? "";

  // Someone else rotates the console's refresh token; the console's copy is now a reused one.
  const rotated = await page.request.post("/api/refresh", {
    headers: { "X-XSRF-TOKEN": decodeURIComponent(xsrf), "Content-Type": "application/json; charset=utf-8" },
    data: { payload: sealPayload({ refreshToken }, { secret: DEV_PAYLOAD_SECRET }) },
  });
  expect(rotated.status()).toBe(200);

  // An access token the server rejects forces the console to refresh, which the server refuses with 440.
  await page.evaluate(
    ({ key, value }) => localStorage.setItem(key, value),
    { key: STORAGE_KEYS.token, value: encodeStoredToken("not.a.valid-token") },
  );
  await page.reload();
  await expect(page.locator(".ant-notification-notice")).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
