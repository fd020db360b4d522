import { expect, test } from "@playwright/test";
import { BenchClient } from "../../scripts/bench/client";
import { BROWSER_FAKE_WISE } from "../fakes/wise/browserFake";
import { removeSupplierAfterEach, shot, startSupplierWizard, wizardToReview } from "./connectedSupplier";
import { ADMIN, AGENT, pick, signIn } from "./session";

const SUPPLIER = "wise-business";
const BRAND = "WISEIN";
const wiseUrl = `http://127.0.0.1:${BROWSER_FAKE_WISE.port}`;

removeSupplierAfterEach(SUPPLIER);

/** The brand this journey sells is switched off after it, so the run's other money transfers see the sandbox brands only. */
test.afterEach(async ({ baseURL }) => {
  const admin = new BenchClient(baseURL!);
  const token = await admin.signIn(ADMIN.username, ADMIN.password);
  const brands = (await (await admin.get(`/api/dmtBrands?filter[code]=${BRAND}`, token)).json()) as { data: { id: number }[] };
  for (const brand of brands.data) expect((await admin.put(`/api/dmtBrands/${brand.id}`, { status: 0 }, token)).status).toBe(200);
});

test("an administrator connects Wise in the supplier wizard and sells it as a brand; an agent answers what Wise asks of the recipient's account and sends", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await startSupplierWizard(page, { code: SUPPLIER, name: "Wise Business", kind: "Money transfer partner", category: "other", source: "Other" });
  await pick(page, "field-connection", "Wise Platform");
  await expect(page.getByTestId("field-apiSecret")).toHaveCount(0);
  await page.getByTestId("field-endpointUrl").fill(wiseUrl);
  await page.getByTestId("field-apiKey").fill("not-the-token");
  await page.getByTestId("supplier-test-connection").click();
  await expect(page.getByTestId("supplier-connection-result")).toContainText("Full authentication is required");
  await page.getByTestId("field-apiKey").fill(BROWSER_FAKE_WISE.token);
  await page.getByTestId("supplier-test-connection").click();
  await expect(page.getByTestId("supplier-connection-result")).toContainText("sending from profile");
  const { publicKey } = (await (await fetch(`${wiseUrl}/_fake/webhook-public-key`)).json()) as { publicKey: string };
  await page.getByTestId("field-webhookPublicKey").fill(publicKey);
  await shot(page, "wise-wizard-connection");
  await wizardToReview(page, { settlement: "Prepaid deposit", currency: "(KWD)" });
  await page.getByTestId("resource-save").click();
  await expect(page.locator("tr.ant-table-row", { hasText: SUPPLIER })).toContainText("Wise Platform");

  // A brand selling through it (a retry finds the one a failed try left, and switches it back on).
  const admin = new BenchClient(baseURL!);
  const adminToken = await admin.signIn(ADMIN.username, ADMIN.password);
  const existing = (await (await admin.get(`/api/dmtBrands?filter[code]=${BRAND}`, adminToken)).json()) as { data: { id: number }[] };
  const brand = { code: BRAND, name: "Wise to India", partner: "wise", partnerBrand: SUPPLIER.toUpperCase(), rateSource: "Wise", fxMarginBps: 100, markets: [], status: 1 };
  const saved = existing.data[0] ? await admin.put(`/api/dmtBrands/${existing.data[0].id}`, brand, adminToken) : await admin.post("/api/dmtBrands", brand, adminToken);
  expect(saved.status).toBe(200);

  // The agent's remitter and beneficiary (their forms are the money-transfer journey's).
  const agent = new BenchClient(baseURL!);
  const agentToken = await agent.signIn(AGENT.username, AGENT.password);
  // Names are letters only: the run's time spelled in letters keeps this remitter apart from a retry's.
  const lastName = `Kumar-${[...Date.now().toString().slice(-6)].map((digit) => String.fromCharCode(97 + Number(digit))).join("")}`;
  const remitter = (await (
    await agent.post("/api/dmt/remitters", { firstName: "Ravi", lastName, idType: "civilId", idNumber: `29${Date.now().toString().slice(-10)}`, idExpiry: "2031-01-31", nationality: "IN", dateOfBirth: "1988-01-01", address: "Block 4, Street 12, House 7", city: "Kuwait City", country: "KW", phone: "+965 5012 3456" }, agentToken)
  ).json()) as { data: { id: number } };
  const beneficiary = (await (
    await agent.post(`/api/dmt/remitters/${remitter.data.id}/beneficiaries`, { firstName: "Anita", lastName: "Kumar", relationship: "spouse", country: "IN", payoutMethod: "bank", bankName: "State Bank of India", accountNumber: "30001234567", bankCode: "SBIN0001234" }, agentToken)
  ).json()) as { data: { id: number } };

  await page.context().clearCookies();
  await signIn(page, AGENT);
  await page.goto("/dmt");
  await page.getByTestId("remitter-search").fill(lastName);
  await page.getByTestId("remitter-search").press("Enter");
  await page.getByTestId(`remitter-${remitter.data.id}`).getByRole("button", { name: "Send for this remitter" }).click();
  await page.getByTestId(`beneficiary-${beneficiary.data.id}`).getByRole("button").click();
  await pick(page, "quote-brand", "Wise to India");
  await page.getByTestId("quote-amount").fill("100");
  await page.getByTestId("quote-get").click();
  // Wise's fee is in its rate: the customer pays the amount sent.
  await expect(page.getByTestId("quote-total")).toHaveText("KWD 100.000");
  await page.getByTestId("quote-continue").click();

  // Wise asks the recipient's address for rupees; the beneficiary's record does not have it.
  const details = page.getByTestId("recipient-details");
  await expect(details).toContainText("What Wise to India needs of the recipient's account");
  await page.getByTestId("transfer-purpose").fill("Family support");
  await page.getByTestId("recipient-address-city").fill("Mumbai");
  await page.getByTestId("recipient-address-firstLine").fill("12 Marine Drive");
  await page.getByTestId("recipient-address-postCode").fill("4000");
  await expect(details).toContainText("Not in the form the partner expects, such as 400020");
  await expect(page.getByTestId("transfer-send")).toBeDisabled();
  await page.getByTestId("recipient-address-postCode").fill("400020");
  await shot(page, "wise-review");
  await page.getByTestId("transfer-send").click();

  await expect(page).toHaveURL(/\/dmt\/transfers\/\d+$/);
  // Funded from the Wise balance at once, and paid out by the fake Wise as soon as it is read.
  await expect(page.getByTestId("transfer-state")).toHaveText(/With the partner|Paid out/);
  await page.reload();
  await expect(page.getByTestId("transfer-state")).toHaveText("Paid out", { timeout: 20_000 });
  await shot(page, "wise-paid");
});
