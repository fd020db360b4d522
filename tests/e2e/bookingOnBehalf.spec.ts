import { expect, test } from "@playwright/test";
import { chooseItinerary, isoDate, search, toPayment } from "./flightJourney";
import { ADMIN, AGENT, pick, signIn } from "./session";

test("a manager books a flight on behalf of an agent of an agency below it, on that agency's deposit", async ({ page }) => {
  test.setTimeout(150_000);
  await signIn(page, ADMIN);
  await page.goto("/search");
  const bar = page.getByTestId("booking-for");
  await bar.getByTestId("booking-for-organisation").click();
  await page.keyboard.type("Gulf Horizon Travel");
  await page.locator(".ant-select-dropdown:visible .ant-select-tree-title", { hasText: /^Gulf Horizon Travel$/ }).click();
  await expect(page.getByTestId("booking-for-notice")).toHaveText("Booking on behalf of Gulf Horizon Travel: prices, payment options and credit are theirs.");
  await pick(page, "booking-for-agent", "agent");
  await expect(page.getByTestId("booking-for-notice")).toHaveText("Booking on behalf of Gulf Horizon Travel for agent: prices, payment options and credit are theirs.");
  await page.screenshot({ path: test.info().outputPath("booking-for-search.png"), fullPage: true });

  await search(page, { from: "KWI", to: "LHR", out: isoDate(33) });
  // The pages after the search say whom the booking is for.
  await expect(page.getByTestId("booking-for-notice")).toContainText("Gulf Horizon Travel for agent");
  await page.getByTestId("filter-supplier").getByText("BA NDC").click();
  await chooseItinerary(page, 1);
  await expect(page.getByTestId("booking-for-notice")).toContainText("Gulf Horizon Travel for agent");
  await toPayment(page, { title: "Mr.", first: "Hamad", last: "Behalf", birth: "1979-02-11", document: "H5566778" }, { email: "hamad@example.com", phone: "5555 8888" });
  // Gulf Horizon's own payment options: its deposit, and book and hold.
  await expect(page.getByTestId("payment-method-1")).toBeChecked();
  await expect(page.getByTestId("payment-hold")).toBeVisible();
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/search\/confirmation\/\d+$/, { timeout: 30_000 });
  await page.getByTestId("open-booking").click();
  await expect(page.getByTestId("booked-on-behalf")).toContainText("Booked on behalf of this agency by admin of");
  await expect(page.getByTestId("order-ledger")).toContainText("Debit");
  // An administrator reads what the supplier was told and answered, card data masked.
  await page.getByTestId("supplier-messages-open").click();
  const created = page.getByTestId("supplier-messages").getByTestId("supplier-message-orderCreate");
  await expect(created).toContainText("Answered");
  await created.getByText("Sent").click();
  await expect(created.locator("pre").first()).toContainText('"clientReference": "AGG-');
  await page.screenshot({ path: test.info().outputPath("supplier-messages.png") });
  await page.keyboard.press("Escape");

  // Back to booking for its own organisation: the notice goes.
  await page.goto("/search");
  await page.getByTestId("booking-for").getByRole("button", { name: "Book for my own agency" }).click();
  await expect(page.getByTestId("booking-for-notice")).toHaveCount(0);
});

test("an agent without the point-of-sale section sees no booking-for picker", async ({ page }) => {
  await signIn(page, AGENT);
  await page.goto("/search");
  await expect(page.getByTestId("search-products")).toBeVisible();
  await expect(page.getByTestId("booking-for")).toHaveCount(0);
});
