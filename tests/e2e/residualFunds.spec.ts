import { expect, test } from "@playwright/test";
import { BROWSER_FAKE_DUFFEL } from "../fakes/duffel/browserFake";
import { removeSupplierAfterEach, shot } from "./connectedSupplier";
import { chooseItinerary, isoDate, search, toPayment } from "./flightJourney";
import { offerPayOption } from "./payOptions";
import { AGENT, signIn } from "./session";

removeSupplierAfterEach("duffel-gulf");

// Duffel refunds a ticket at once (no void window), so a refund happens within the journey.
test("an agent keeps a refunded ticket as residual travel funds, and pays the traveller's next ticket on that airline with them", async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const { admin, token, creditUsed, restore } = await offerPayOption(baseURL!, 11, [10]);
  try {
    const created = await admin.post(
      "/api/suppliers",
      { code: "duffel-gulf", name: "Duffel Gulf", kind: "flight", category: "airline", source: "Duffel", connection: "duffel", endpointUrl: `http://127.0.0.1:${BROWSER_FAKE_DUFFEL.port}`, apiKey: BROWSER_FAKE_DUFFEL.accessToken, commercialModel: "net", settlement: "Prepaid deposit", currency: "USD" },
      token,
    );
    expect(created.status).toBe(200);
    const traveller = { title: "Mr.", first: "Nabil", last: "Haddad", birth: "1984-02-14", document: "N2233445" };
    const contact = { email: "nabil@example.com", phone: "5555 4444" };

    await signIn(page, AGENT);
    await search(page, { from: "KWI", to: "LHR", out: isoDate(76) });
    await page.getByTestId("filter-supplier").getByText("Duffel Gulf").click();
    await chooseItinerary(page, 1, "mostFlexible");
    await toPayment(page, traveller, contact);
    await page.getByRole("radio", { name: /^Deposit/ }).check();
    await page.getByTestId("place-order").click();
    await expect(page).toHaveURL(/\/search\/confirmation\/\d+$/, { timeout: 30_000 });
    await page.getByTestId("open-booking").click();
    await expect(page.getByTestId("order-status")).toHaveText("Confirmed");
    const creditAfterBooking = await creditUsed();

    await page.getByTestId("cancel-open").click();
    await expect(page.getByTestId("cancel-quote")).toBeVisible();
    await page.getByTestId("cancel-refund-as").getByText(/^Residual travel funds for each traveller, for a new ticket on ZZ/).click();
    await shot(page, "residual-funds-cancel");
    await page.getByTestId("cancel-confirm").click();
    await expect(page.getByTestId("order-status")).toHaveText("Unconfirmed", { timeout: 20_000 });
    const fund = page.getByTestId("order-residual-funds").getByRole("row", { name: /NABIL HADDAD/ });
    await expect(fund).toContainText("ZZ");
    const code = (await fund.getByRole("cell").filter({ hasText: /^RTF-/ }).textContent())!.trim();
    expect(code).toMatch(/^RTF-\w{4}-\w{4}-\w{4}$/);
    // Kept for the traveller: nothing went back on the credit line.
    expect(await creditUsed()).toBe(creditAfterBooking);
    await shot(page, "residual-funds-order");

    await search(page, { from: "KWI", to: "LHR", out: isoDate(90) });
    await page.getByTestId("filter-supplier").getByText("Duffel Gulf").click();
    await chooseItinerary(page, 1);
    await toPayment(page, traveller, contact);
    const box = page.getByTestId("voucher");
    await expect(box).toContainText("Residual travel funds");
    // Offered for this airline and traveller: the agent picks it instead of typing it.
    await box.getByTestId("voucher-usable").getByRole("button", { name: new RegExp(code) }).click();
    await expect(box).toContainText(`Residual travel funds ${code}, for NABIL HADDAD on ZZ`);
    await expect(page.getByTestId("voucher-pays")).toBeVisible();
    await shot(page, "residual-funds-checkout");
    const creditBefore = await creditUsed();
    await page.getByTestId("place-order").click();
    await expect(page).toHaveURL(/\/search\/confirmation\/\d+$/, { timeout: 30_000 });
    const orderId = Number(page.url().split("/").pop());
    const order = ((await (await admin.get(`/api/orders/${orderId}`, token)).json()) as { data: { total: number } }).data;
    // The funds paid what they had left of the new ticket; the deposit paid the rest.
    expect(await creditUsed()).toBeLessThan(creditBefore + order.total);
  } finally {
    await restore();
  }
});
