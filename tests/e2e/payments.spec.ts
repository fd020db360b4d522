import { expect, test } from "@playwright/test";
import { chooseItinerary, isoDate, search, toPayment, typeDate } from "./flightJourney";
import { offerPayOption } from "./payOptions";
import { ADMIN, AGENT, pickExactly, signIn, switchUser } from "./session";

test("the head office records an agency's bank guarantee; the agent pays a flight with it and reads it apart from the credit line", async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const { admin, token, restore } = await offerPayOption(baseURL!, 4, [4]);
  let guaranteeId: number | undefined;
  try {
    await signIn(page, ADMIN);
    await page.goto("/point-sales-management/bank-guarantees");
    await page.getByTestId("resource-create").click();
    await pickExactly(page, "field-backedOrganisationId", "Gulf Horizon Travel");
    await page.getByTestId("field-bankName").fill("Gulf Bank");
    await page.getByTestId("field-reference").fill("GB-LG-77120");
    await page.getByTestId("field-amount").fill("15000.000");
    await typeDate(page, "field-validUntil", isoDate(365));
    await page.getByTestId("resource-save").click();
    await expect(page.getByTestId("resource-drawer")).toBeHidden();
    const row = page.getByRole("row", { name: /GB-LG-77120/ });
    await expect(row.getByRole("cell", { name: "Gulf Horizon Travel", exact: true })).toBeVisible();
    await expect(row).toContainText("15,000.000");
    await expect(row).toContainText("KWD");
    guaranteeId = Number(await row.getAttribute("data-row-key"));

    await switchUser(page, AGENT);
    await search(page, { from: "KWI", to: "LHR", out: isoDate(33) });
    await page.getByTestId("filter-supplier").getByText("BA NDC").click();
    await chooseItinerary(page, 1);
    await toPayment(page, { title: "Mr.", first: "Yousef", last: "Karam", birth: "1981-11-02", document: "Y5566778" }, { email: "yousef@example.com", phone: "5555 8888" });
    const guarantee = page.getByRole("radio", { name: /^Bank Guarantee/ });
    await expect(guarantee).toBeEnabled();
    const explained = page.locator("label", { has: page.getByTestId("payment-method-4") });
    await expect(explained).toContainText("Available on the bank guarantee");
    await expect(explained).toContainText("15,000.000");
    await guarantee.check();
    await page.screenshot({ path: test.info().outputPath("bank-guarantee-at-payment.png") });
    await page.getByTestId("place-order").click();
    await expect(page).toHaveURL(/\/search\/confirmation\/\d+$/, { timeout: 30_000 });
    const pnr = (await page.getByTestId("confirmation-pnr").textContent())!;

    // The statement reads the guarantee apart from the credit line.
    await page.goto("/report?kind=statement&account=guarantee");
    await expect(page.getByTestId("report-account")).toBeVisible();
    const entry = page.getByRole("row", { name: new RegExp(pnr) });
    await expect(entry).toContainText("Gulf Bank GB-LG-77120");
    await expect(page.getByText(/Closing balance \(drawn on bank guarantees\)/)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("bank-guarantee-statement.png"), fullPage: true });
    await page.getByTestId("report-account").getByText("Credit line").click();
    await expect(page.getByText(/Closing balance \(credit used\)/)).toBeVisible();
    await expect(page.getByRole("row", { name: new RegExp(pnr) })).toHaveCount(0);
  } finally {
    await restore();
    if (guaranteeId) await admin.put(`/api/bankGuarantees/${guaranteeId}`, { status: 0 }, token);
  }
});

test("an agency with its IATA number pays a flight through BSP: nothing leaves its credit, and the bookings report says how it was paid", async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const { creditUsed, restore } = await offerPayOption(baseURL!, 7, [5, 6], { officeId: "42212345" });
  try {
    await signIn(page, AGENT);
    const creditBefore = await creditUsed();
    await search(page, { from: "KWI", to: "LHR", out: isoDate(34) });
    await page.getByTestId("filter-supplier").getByText("BA NDC").click();
    await chooseItinerary(page, 1);
    await toPayment(page, { title: "Ms.", first: "Huda", last: "Nasser", birth: "1992-04-18", document: "H3344556" }, { email: "huda@example.com", phone: "5555 9999" });
    const bsp = page.getByRole("radio", { name: /^BSP Cash/ });
    await expect(page.locator("label", { has: page.getByTestId("payment-method-5") })).toContainText("Billed through BSP to your agency's IATA number");
    await expect(page.getByRole("radio", { name: /^BSP Card/ })).toBeVisible();
    await bsp.check();
    await page.screenshot({ path: test.info().outputPath("bsp-at-payment.png") });
    await page.getByTestId("place-order").click();
    await expect(page).toHaveURL(/\/search\/confirmation\/\d+$/, { timeout: 30_000 });
    const pnr = (await page.getByTestId("confirmation-pnr").textContent())!;
    expect(await creditUsed()).toBe(creditBefore);

    await page.goto("/report?kind=bookings");
    const row = page.getByRole("row", { name: new RegExp(pnr) });
    await expect(row).toContainText("BSP Cash");
  } finally {
    await restore();
  }
});

test("an agent books a flight to pay by cheque; the head office records the cheque in Accounts, which tickets it, then marks it bounced", async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const { restore } = await offerPayOption(baseURL!, 5, [14, 18]);
  try {
    await signIn(page, AGENT);
    await search(page, { from: "KWI", to: "LHR", out: isoDate(36) });
    await page.getByTestId("filter-supplier").getByText("BA NDC").click();
    await chooseItinerary(page, 1);
    await toPayment(page, { title: "Mr.", first: "Fahad", last: "Omar", birth: "1979-06-30", document: "F7788990" }, { email: "fahad@example.com", phone: "5555 2222" });
    await expect(page.getByRole("radio", { name: /^Cash/ })).toBeVisible();
    await expect(page.locator("label", { has: page.getByTestId("payment-method-14") })).toContainText("held at the airline until the organisation above yours records the money");
    await page.getByRole("radio", { name: /^Cheque/ }).check();
    await page.getByTestId("place-order").click();
    await expect(page).toHaveURL(/\/search\/confirmation\/\d+$/, { timeout: 30_000 });
    await expect(page.getByTestId("confirmation-held-hint")).toContainText("Bring the money to the organisation above yours");
    const pnr = (await page.getByTestId("confirmation-pnr").textContent())!;
    const orderId = page.url().split("/").pop();

    await switchUser(page, ADMIN);
    await page.goto("/accounts?tab=receipts");
    const waiting = page.getByTestId("receipts-awaiting").getByRole("row", { name: new RegExp(pnr) });
    await expect(waiting).toContainText("Gulf Horizon Travel");
    await expect(waiting).toContainText("Cheque");
    await page.getByTestId(`receipt-record-${orderId}`).click();
    await page.getByTestId("receipt-save").click();
    await expect(page.getByText("The cheque's number")).toBeVisible();
    await page.getByTestId("receipt-cheque-number").fill("000518");
    await page.getByTestId("receipt-bank").fill("Gulf Bank");
    await page.screenshot({ path: test.info().outputPath("cheque-receipt.png") });
    await page.getByTestId("receipt-save").click();
    await expect(page.getByText(`Money recorded: ${pnr} is ticketed.`)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("receipts-awaiting").getByRole("row", { name: new RegExp(pnr) })).toHaveCount(0);
    const recorded = page.getByTestId("receipts-recorded").getByRole("row", { name: new RegExp(pnr) });
    await expect(recorded).toContainText("Cheque 000518 · Gulf Bank");
    await expect(recorded).toContainText("Received");

    await recorded.getByRole("button", { name: "Bounced" }).click();
    await page.locator(".ant-popconfirm").getByRole("button", { name: "Bounced" }).click();
    await expect(recorded.locator(".ant-tag")).toHaveText("Bounced");
    await page.screenshot({ path: test.info().outputPath("cheque-bounced.png"), fullPage: true });

    await page.goto(`/bookings/${orderId}`);
    await expect(page.getByTestId("order-status")).toHaveText("Confirmed");
    await expect(page.getByTestId("order-ledger")).toContainText("Cheque 000518 for");
  } finally {
    await restore();
  }
});

test("the head office issues an agency an e-voucher; the agent pays part of a flight with it and the rest from the deposit", async ({ page, baseURL }) => {
  test.setTimeout(150_000);
  const { admin, token, creditUsed, restore } = await offerPayOption(baseURL!, 8, [7]);
  let voucherId: number | undefined;
  try {
    await signIn(page, ADMIN);
    await page.goto("/point-sales-management/vouchers");
    await page.getByTestId("resource-create").click();
    await pickExactly(page, "field-holderOrganisationId", "Gulf Horizon Travel");
    await page.getByTestId("field-amount").fill("25.000");
    await typeDate(page, "field-validUntil", isoDate(365));
    await page.getByTestId("field-notes").fill("Goodwill for the delayed Eid group");
    await page.getByTestId("resource-save").click();
    await expect(page.getByTestId("resource-drawer")).toBeHidden();
    const row = page.getByRole("row", { name: /Gulf Horizon Travel/ }).filter({ hasText: "25.000" }).first();
    const code = (await row.getByRole("cell").filter({ hasText: /^EV-/ }).textContent())!;
    expect(code).toMatch(/^EV-\w{4}-\w{4}-\w{4}$/);
    voucherId = Number(await row.getAttribute("data-row-key"));

    await switchUser(page, AGENT);
    const creditBefore = await creditUsed();
    await search(page, { from: "KWI", to: "LHR", out: isoDate(37) });
    await page.getByTestId("filter-supplier").getByText("BA NDC").click();
    await chooseItinerary(page, 1);
    await toPayment(page, { title: "Mrs.", first: "Mariam", last: "Saleh", birth: "1987-03-09", document: "M1122334" }, { email: "mariam@example.com", phone: "5555 3333" });
    const voucher = page.getByTestId("voucher");
    await expect(page.locator("label", { has: page.getByTestId("payment-method-7") })).toContainText("Enter its code above to pay with it.");
    await voucher.getByLabel("Voucher code").fill("EV-NONE-NONE-NONE");
    await voucher.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("voucher-error")).toContainText("There is no voucher EV-NONE-NONE-NONE for your agency.");
    await voucher.getByLabel("Voucher code").fill(code.toLowerCase());
    await voucher.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByTestId("voucher-pays")).toContainText("25.000");
    await expect(page.getByTestId("voucher-rest")).toContainText("Left to pay");
    await expect(page.locator("label", { has: page.getByTestId("payment-method-7") })).toContainText("The code applied above does not cover the whole booking");
    await expect(page.getByRole("radio", { name: /^Deposit/ })).toBeChecked();
    await page.screenshot({ path: test.info().outputPath("voucher-at-payment.png"), fullPage: true });
    await page.getByTestId("place-order").click();
    await expect(page).toHaveURL(/\/search\/confirmation\/\d+$/, { timeout: 30_000 });
    const orderId = Number(page.url().split("/").pop());
    const order = ((await (await admin.get(`/api/orders/${orderId}`, token)).json()) as { data: { total: number; paymentMethodId: number } }).data;
    expect(order.paymentMethodId).toBe(1);
    expect(await creditUsed()).toBe(creditBefore + order.total - 25_000);
    const issued = ((await (await admin.get(`/api/vouchers/${voucherId}`, token)).json()) as { data: { used: number } }).data;
    expect(issued.used).toBe(25_000);

    await page.goto("/report?kind=bookings");
    await expect(page.getByText(/Of these, paid with e-vouchers, KWD — bookings: \d+, amount: KWD [\d,]+\.\d{3}/)).toBeVisible();
  } finally {
    await restore();
    if (voucherId) await admin.put(`/api/vouchers/${voucherId}`, { status: 0 }, token);
  }
});
