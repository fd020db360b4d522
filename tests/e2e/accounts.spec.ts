import { expect, test } from "@playwright/test";
import { chooseItinerary, isoDate, search, toPayment } from "./flightJourney";
import { ADMIN, AGENT, signIn } from "./session";

const RECEIPT = { name: "receipt.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7\nTransfer TT-E2E-77\n%%EOF") };

test("an agency requests two top-ups with their receipts; the head office approves one and rejects the other, and the agency reads both outcomes", async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, AGENT);
  // The agency owes what a deposit booking took.
  await search(page, { from: "KWI", to: "CAI", out: isoDate(47) });
  await page.getByTestId("filter-supplier").getByText("BA NDC").click();
  await chooseItinerary(page, 1);
  await toPayment(page, { title: "Ms.", first: "Lina", last: "Ledger", birth: "1990-06-07", document: "L7788990" }, { email: "lina@example.com", phone: "5555 6666" });
  await page.getByTestId("place-order").click();
  await expect(page.getByTestId("confirmation-pnr")).toBeVisible({ timeout: 30_000 });

  await page.locator("[data-console-sider]").getByRole("menuitem", { name: "Accounts" }).click();
  await page.getByTestId("top-up-new").click();
  const drawer = page.getByTestId("top-up-drawer");
  await expect(drawer).toContainText(/Your organisation owes KWD [\d,]+\.\d{3}/);
  // Nothing is sent without the receipt.
  await page.getByLabel("Amount (KWD)").fill("1.250");
  await page.getByTestId("top-up-reference").fill("TT-E2E-77");
  await page.getByTestId("top-up-send").click();
  await expect(drawer).toContainText("Upload the payment's receipt");
  await page.getByTestId("top-up-receipt").locator('input[type="file"]').setInputFiles(RECEIPT);
  await expect(page.getByTestId("top-up-receipt")).toContainText("Uploaded");
  await page.getByTestId("top-up-send").click();
  const mine = page.getByTestId("top-up-table").getByRole("row", { name: /TT-E2E-77/ });
  await expect(mine).toContainText("Pending");
  await expect(mine).toContainText("KWD 1.250");
  await page.getByTestId("top-up-new").click();
  await page.getByLabel("Amount (KWD)").fill("0.001");
  await page.getByTestId("top-up-reference").fill("TT-E2E-REJ");
  await page.getByTestId("top-up-receipt").locator('input[type="file"]').setInputFiles({ ...RECEIPT, buffer: Buffer.from("%PDF-1.7\nTransfer TT-E2E-REJ\n%%EOF") });
  await expect(page.getByTestId("top-up-receipt")).toContainText("Uploaded");
  await page.getByTestId("top-up-send").click();
  await expect(page.getByTestId("top-up-table").getByRole("row", { name: /TT-E2E-REJ/ })).toContainText("Pending");

  await page.context().clearCookies();
  await signIn(page, ADMIN);
  await page.goto("/accounts");
  const toDecide = page.getByTestId("top-up-table").getByRole("row", { name: /TT-E2E-77/ });
  await expect(toDecide).toContainText("Gulf Horizon Travel");
  // The head office opens the agency's receipt through a link signed for it; the PDF comes as an attachment.
  const receiptServed = page.context().waitForEvent("response", (response) => response.url().includes("/api/uploads/") && response.url().includes("?link="));
  await toDecide.getByTestId(/^top-up-receipt-/).click();
  const receipt = await receiptServed;
  expect(receipt.status()).toBe(200);
  expect(receipt.headers()["content-disposition"]).toContain("attachment");
  await toDecide.getByRole("button", { name: "Approve" }).click();
  await page.getByRole("button", { name: "Approve" }).last().click();
  await expect(toDecide).toContainText("Approved");
  await expect(toDecide).toContainText("admin");
  const rejected = page.getByTestId("top-up-table").getByRole("row", { name: /TT-E2E-REJ/ });
  await rejected.getByRole("button", { name: "Reject" }).click();
  await page.getByTestId("top-up-reject-reason").fill("The transfer never reached our account");
  await page.getByTestId("top-up-reject-confirm").click();
  await expect(rejected).toContainText("Rejected");

  await page.context().clearCookies();
  await signIn(page, AGENT);
  await page.goto("/accounts");
  await expect(page.getByTestId("top-up-table").getByRole("row", { name: /TT-E2E-REJ/ })).toContainText("The transfer never reached our account");
  await page.goto(`/accounts?tab=statement&from=${isoDate(-1)}&to=${isoDate(0)}`);
  await expect(page.getByTestId("report-table").getByRole("row", { name: /Top-up TT-E2E-77 approved/ })).toContainText("KWD 1.250");
});
