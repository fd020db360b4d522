import { expect, test, type Page } from "@playwright/test";
import { BenchClient } from "../../scripts/bench/client";
import { ADMIN } from "./session";

/** Screenshots for a person to look at, when SCREENSHOTS names a folder. */
export async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: `${process.env.SCREENSHOTS}/${name}.png`, fullPage: true });
}

/**
 * The run's other journeys expect the sandbox suppliers only: a supplier a journey connects goes
 * again after it, also after a failure (so a retry can create it anew).
 */
export function removeSupplierAfterEach(code: string) {
  test.afterEach(async ({ baseURL }) => {
    const admin = new BenchClient(baseURL!);
    const token = await admin.signIn(ADMIN.username, ADMIN.password);
    const suppliers = (await (await admin.get("/api/get-all-suppliers", token)).json()) as { data: { id: number; code: string }[] };
    const connected = suppliers.data.find((supplier) => supplier.code === code);
    if (connected) expect((await admin.delete(`/api/suppliers/${connected.id}`, token)).status).toBe(200);
  });
}
