import { expect, type Page } from "@playwright/test";
import { BenchClient } from "../../scripts/bench/client";
import { ADMIN } from "./session";

export const NEW_USER_PASSWORD = "Newcomer#2026!";

/** A user the head office just created in the organisation, with the password chosen from the welcome mail's link. */
export async function newUser(page: Page, baseURL: string, organisationId: number): Promise<string> {
  const admin = new BenchClient(baseURL);
  const token = await admin.signIn(ADMIN.username, ADMIN.password);
  const username = `newcomer${Date.now() % 1_000_000}`;
  const roles = (await (await admin.get("/api/roles?filter[name]=Agency%20agent", token)).json()) as { data: { id: number }[] };
  const created = await admin.post("/api/users", { username, email: `${username}@newcomers.example`, organisationId, roleIds: [roles.data[0]!.id] }, token);
  expect(created.status).toBe(200);
  const outbox = (await (await admin.get("/api/dev-outbox?pageSize=50", token)).json()) as { data: { to: string; link: string | null }[] };
  const link = outbox.data.find((mail) => mail.to === `${username}@newcomers.example` && mail.link !== null)!.link!;
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel("New password", { exact: true }).fill(NEW_USER_PASSWORD);
  await page.getByLabel("Confirm new password").fill(NEW_USER_PASSWORD);
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByText("Your password has been changed.")).toBeVisible();
  return username;
}
