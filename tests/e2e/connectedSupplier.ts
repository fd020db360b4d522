import { expect, test, type Page } from "@playwright/test";
import { BenchClient } from "../../scripts/bench/client";
import { ADMIN, pick, signIn } from "./session";

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

/** An administrator opens the supplier wizard and fills its first step (who the supplier is), then goes on to the connection. */
export async function startSupplierWizard(page: Page, supplier: { code: string; name: string; kind: "Flight supplier" | "Hotel supplier" | "Activity supplier" | "Insurer" | "Money transfer partner"; category: string; source: string }) {
  await signIn(page, ADMIN);
  await page.goto("/setup-configuration/suppliers");
  await page.getByTestId("resource-create").click();
  await page.getByTestId("field-code").fill(supplier.code);
  await page.getByTestId("field-name").fill(supplier.name);
  await pick(page, "field-kind", supplier.kind);
  await pick(page, "field-category", supplier.category);
  await pick(page, "field-source", supplier.source);
  await page.getByTestId("wizard-next").click();
}

/** From the connection step: the commercial relationship (net fares), past the features to the review. */
export async function wizardToReview(page: Page, commercial: { settlement: string; currency: string }) {
  await page.getByTestId("wizard-next").click();
  await pick(page, "field-commercialModel", "Net fares");
  await pick(page, "field-settlement", commercial.settlement);
  await pick(page, "field-currency", commercial.currency);
  await page.getByTestId("wizard-next").click();
  await page.getByTestId("wizard-next").click();
}

/** On the hotel checkout: each guest named (room, place in the room, first name; all Saleh), the contact given, the order placed and confirmed. */
export async function checkOutHotel(page: Page, guests: readonly (readonly [number, number, string])[]) {
  await expect(page).toHaveURL(/\/search\/hotels\/checkout$/);
  for (const [room, position, first] of guests) {
    const guest = page.getByTestId(`hotel-guest-${room}-${position}`);
    await guest.getByLabel("First name").fill(first);
    await guest.getByLabel("Last name").fill("Saleh");
    await pick(page, `hotel-guest-${room}-${position}-title`, "Mr.");
  }
  await page.getByLabel("Email").fill("booker@gulfhorizon.example");
  await page.getByLabel("Phone").fill("+965 22001234");
  await expect(page.getByTestId("place-order")).toBeEnabled({ timeout: 20_000 });
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/search\/confirmation\/\d+$/, { timeout: 30_000 });
}

/** The agency's latest booking, a hotel stay with this guest, cancelled from its page. */
export async function cancelLatestHotelBooking(page: Page, guestName: string) {
  await page.goto("/bookings");
  await page.locator("[data-testid^='order-row-']").first().click();
  await expect(page.getByTestId("hotel-stay")).toContainText(guestName);
  await page.getByTestId("cancel-open").click();
  await expect(page.getByTestId("cancel-quote")).toBeVisible();
  await page.getByTestId("cancel-confirm").click();
  await expect(page.getByTestId("order-status")).toHaveText("Cancelled", { timeout: 20_000 });
}
