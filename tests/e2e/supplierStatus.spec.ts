import { expect, test } from "@playwright/test";
import { BenchClient } from "../../scripts/bench/client";
import { isoDate } from "./flightJourney";
import { ADMIN, AGENT, signIn } from "./session";

test("an administrator makes a sandbox supplier fail, sees its circuit open after repeated failures, and restores it", async ({ page, baseURL }) => {
  await signIn(page, ADMIN);
  await page.goto("/setup-configuration/supplier-status");
  const row = page.getByTestId("supplier-travelfusion");
  await expect(row.getByTestId("circuit-travelfusion")).toHaveText("Asked as usual");
  const errorRate = row.getByTestId("error-rate-travelfusion");
  await errorRate.fill("100");
  await expect(page.getByText("Supplier settings saved.")).toBeVisible();

  // Agents' searches fail at Travelfusion until its circuit opens (five failures in a row).
  const agent = new BenchClient(baseURL!);
  const token = await agent.signIn(AGENT.username, AGENT.password);
  const search = { originDestinations: [{ origin: "KWI", destination: "LHR", departureDate: isoDate(45) }], passengers: { ADT: 1 } };
  for (let attempt = 0; attempt < 5; attempt += 1) expect((await agent.post("/api/flights/search", search, token)).status).toBe(200);
  await page.reload();
  await expect(page.getByTestId("circuit-travelfusion")).toHaveText("Paused after repeated failures");
  await page.screenshot({ path: test.info().outputPath("supplier-status.png") });

  await page.getByTestId("error-rate-travelfusion").fill("0");
  await expect(page.getByTestId("circuit-travelfusion")).toHaveText("Asked as usual");
});
