import { expect, test } from "@playwright/test";
import { chooseItinerary, isoDate, search, toPayment } from "./flightJourney";
import { shot } from "./connectedSupplier";
import { AGENT, signIn } from "./session";

const count = async (text: string | null) => Number(text?.match(/\d+/)?.[0] ?? Number.NaN);

test("the dashboard counts the agency's day: a hold just made shows with its countdown and a link to ticket it, without a reload", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, AGENT);
  const todayBookings = page.getByTestId("dashboard-today-bookings");
  await expect(todayBookings).toBeVisible();
  const before = await count(await todayBookings.textContent());
  await expect(page.getByTestId("dashboard-available")).toHaveText(/^KWD [\d,]+\.\d{3}$/);
  await expect(page.getByTestId("dashboard-trend-table").locator("tbody tr")).toHaveCount(30);
  // The figures say how current they are, as the reports do (a replica may lag the primary).
  await expect(page.getByTestId("dashboard-as-of")).toHaveText(/^Figures as of \u2066?\d{4}-\d{2}-\d{2} \d{2}:\d{2}\u2069? UTC$/);

  await search(page, { from: "KWI", to: "LHR", out: isoDate(33) });
  await page.getByTestId("filter-supplier").getByText("BA NDC").click();
  await chooseItinerary(page, 1);
  await toPayment(page, { title: "Ms.", first: "Dana", last: "Board", birth: "1991-02-03", document: "D1122334" }, { email: "dana@example.com", phone: "5555 7777" });
  await page.getByTestId("payment-hold").click();
  await page.getByTestId("place-order").click();
  const pnr = (await page.getByTestId("confirmation-pnr").textContent({ timeout: 30_000 }))!;

  await page.locator("[data-console-sider]").getByRole("menuitem", { name: "Dashboard" }).click();
  await expect(todayBookings.locator(".ant-statistic-content-value")).toHaveText(String(before + 1));
  // The month's chart has its table for screen readers; the agency leads its own subtree's ranking.
  await expect(page.getByTestId("dashboard-by-day-table").getByRole("row", { name: new RegExp(`${new Date().toISOString().slice(0, 10)} Flight \\d+`) })).toBeAttached();
  await expect(page.getByTestId("dashboard-agencies").getByRole("row").nth(1)).toContainText("Gulf Horizon Travel");
  await expect(page.getByTestId("dashboard-top-trips").getByRole("row", { name: /Flight KWI → LHR \d+/ })).toBeVisible();
  await expect(page.getByTestId("dashboard-supplier-share-table").getByRole("row", { name: /BA NDC \(sandbox\) \d+/ })).toBeAttached();
  // The same days by what they sold, in the agency's currency.
  await page.getByTestId("dashboard-by-day-measure").getByText("Sales").click();
  await expect(page.getByTestId("dashboard-by-day-table").getByRole("row", { name: new RegExp(`${new Date().toISOString().slice(0, 10)} Flight KWD [\\d,]+\\.\\d{3}`) })).toBeAttached();
  const recent = page.getByTestId("dashboard-recent").getByRole("row", { name: new RegExp(pnr) });
  await expect(recent).toContainText("Hold");
  await expect(recent).toContainText("Dana Board");
  const hold = page.getByTestId("dashboard-holds").getByRole("listitem").filter({ hasText: pnr });
  await expect(hold).toContainText(/\d{2}:\d{2}:\d{2}/);
  await hold.getByRole("link", { name: "Ticket" }).click();
  await expect(page.getByTestId("order-pnr")).toHaveText(pnr);
});

test("my bookings asks for the signed-in user's own work and shows it", async ({ page }) => {
  await signIn(page, AGENT);
  await expect(page.getByTestId("dashboard-today")).toBeVisible();
  const mine = page.waitForResponse((response) => response.url().includes("/api/dashboard?mine=true") && response.status() === 200);
  await page.getByTestId("dashboard-scope").getByText("My bookings").click();
  const figures = (await (await mine).json()) as { data: { scope: string } };
  expect(figures.data.scope).toBe("mine");
  await expect(page.getByTestId("dashboard-today")).toBeVisible();
});

test("the dashboard shows the provider's three latest posts, as text, each opening on its site in a new tab, in both languages", async ({ page }) => {
  await signIn(page, AGENT);
  const news = page.getByTestId("dashboard-latest-posts");
  await expect(news.locator(".ant-list-item")).toHaveCount(3);
  const first = news.getByRole("link", { name: "Umrah season 2027: what’s new for agencies" });
  await expect(first).toHaveAttribute("href", /\/2026\/11\/umrah-season-2027\/$/);
  await expect(first).toHaveAttribute("target", "_blank");
  await expect(news).toContainText("Visa windows, Rawdah permits & the new group quotas…");
  await expect(news).toContainText("2026-11-20");
  await news.scrollIntoViewIfNeeded();
  await shot(page, "dashboard-news");
  await page.getByTestId("language-switcher").locator('[lang="ar"]').click();
  await expect(news).toContainText("الأخبار");
  await shot(page, "dashboard-news-ar");
});
