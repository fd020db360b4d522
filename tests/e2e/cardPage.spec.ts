import { expect, test } from "@playwright/test";
import { BenchClient } from "../../scripts/bench/client";
import { BROWSER_FAKE_CHECKOUT_COM } from "../fakes/checkoutCom/browserFake";
import { chooseItinerary, isoDate, search, toPayment, typeDate } from "./flightJourney";
import { ADMIN, AGENT, pickExactly, signIn, switchUser } from "./session";

const SIGNATURE_KEY = "e2e-checkout-com-signature-key";
const fakeUrl = `http://127.0.0.1:${BROWSER_FAKE_CHECKOUT_COM.port}`;

test("the head office sets up Checkout.com's hosted payments page; the agent pays a flight on it and comes back to its confirmation", async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const admin = new BenchClient(baseURL!);
  const token = await admin.signIn(ADMIN.username, ADMIN.password);
  const rules = (await (await admin.get("/api/fetchFopRules?filter[name][contains]=Gulf%20Horizon&pageSize=10", token)).json()) as { data: { id: number; paymentMethodIds: number[] }[] };
  const fopRule = rules.data[0]!;
  expect((await admin.post("/api/updateFopRule", { id: fopRule.id, paymentMethodIds: [...fopRule.paymentMethodIds, 19] }, token)).status).toBe(200);
  let merchantRuleId: number | undefined;
  try {
    await signIn(page, ADMIN);
    await page.goto("/setup-configuration/merchant-rules");
    await page.getByTestId("resource-create").click();
    await page.getByTestId("field-name").fill("Checkout.com hosted page");
    await typeDate(page, "field-validFrom", isoDate(-1));
    await pickExactly(page, "field-gateway", "Checkout.com (hosted payments page)");
    await page.getByTestId("field-merchantId").fill("cko-gulf-horizon");
    await page.getByTestId("field-apiUrl").fill(fakeUrl);
    await page.getByTestId("field-secretKey").fill("sk_sbox_notthekeynotthekeynotthekey2");
    await page.getByTestId("supplier-test-connection").click();
    await expect(page.getByTestId("supplier-connection-result")).toContainText("refused the merchant account's secret key");
    await page.getByTestId("field-secretKey").fill(BROWSER_FAKE_CHECKOUT_COM.secretKey);
    await page.getByTestId("supplier-test-connection").click();
    await expect(page.getByTestId("supplier-connection-result")).toContainText("Connected");
    await page.getByTestId("field-webhookSecret").fill(SIGNATURE_KEY);
    await page.screenshot({ path: test.info().outputPath("merchant-rule-checkout-com.png") });
    await page.getByTestId("resource-save").click();
    await expect(page.getByTestId("resource-drawer")).toBeHidden();
    const row = page.getByRole("row", { name: /Checkout.com hosted page/ });
    await expect(row).toBeVisible();
    merchantRuleId = Number(await row.getAttribute("data-row-key"));
    // Checkout.com's webhooks for the account go to the rule's address (a workflow set up in its dashboard).
    await fetch(`${fakeUrl}/_fake/webhooks`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ url: `${baseURL}/api/webhooks/checkout-com/${merchantRuleId}`, signatureKey: SIGNATURE_KEY }) });

    await switchUser(page, AGENT);
    await search(page, { from: "KWI", to: "LHR", out: isoDate(38) });
    await page.getByTestId("filter-supplier").getByText("BA NDC").click();
    await chooseItinerary(page, 1);
    await toPayment(page, { title: "Mrs.", first: "Noura", last: "Saleh", birth: "1987-02-14", document: "N7788990" }, { email: "noura@example.com", phone: "5555 4444" });
    await page.getByRole("radio", { name: /^Hosted payment page/ }).check();
    await expect(page.locator("label", { has: page.getByTestId("payment-method-19") })).toContainText("Checkout.com's secure page");
    await page.screenshot({ path: test.info().outputPath("card-page-at-payment.png") });
    await page.getByTestId("place-order").click();

    // The card is entered on Checkout.com's page, never on the console's.
    await expect(page).toHaveURL(new RegExp(`^${fakeUrl}/pay/hpp_`), { timeout: 30_000 });
    // Giving up on the card page comes back to the console with nothing booked, and the way back to the page.
    await page.getByRole("link", { name: "Cancel and go back" }).click();
    await expect(page).toHaveURL(/\/search\/card-page\/[0-9a-f-]+\?outcome=cancel/);
    await expect(page.getByTestId("card-page-result")).toContainText("The card was not paid");
    await page.screenshot({ path: test.info().outputPath("card-page-not-paid.png") });
    await page.getByRole("link", { name: "Back to the card page" }).click();
    await expect(page).toHaveURL(new RegExp(`^${fakeUrl}/pay/hpp_`));
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry").fill("12/30");
    await page.getByLabel("Security code").fill("100");
    await page.getByRole("button", { name: /^Pay/ }).click();
    await expect(page).toHaveURL(/\/search\/confirmation\/\d+$/, { timeout: 30_000 });
    await expect(page.getByTestId("confirmation-pnr")).not.toBeEmpty();
    const orderId = Number(/confirmation\/(\d+)$/.exec(page.url())![1]);
    await page.screenshot({ path: test.info().outputPath("card-page-confirmation.png") });

    const order = ((await (await admin.get(`/api/orders/${orderId}`, token)).json()) as { data: { status: string; paymentMethodId: number; paid: number } }).data;
    expect(order).toMatchObject({ status: "confirm", paymentMethodId: 19 });
    expect(order.paid).toBeGreaterThan(0);
  } finally {
    await admin.post("/api/updateFopRule", { id: fopRule.id, paymentMethodIds: fopRule.paymentMethodIds }, token);
    if (merchantRuleId) await admin.post("/api/updateMerchantRule", { id: merchantRuleId, status: 0 }, token);
  }
});
