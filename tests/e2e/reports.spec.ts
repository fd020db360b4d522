import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import * as XLSX from "xlsx";
import { drawnPieces, logical, SHAPED_ARABIC } from "../../src/lib/pdf/drawnText.testing";
import { chooseItinerary, isoDate, search, toPayment } from "./flightJourney";
import { AGENT, signIn } from "./session";

test("an agent reads the month's sales and bookings, finds a booking just paid, and exports the bookings to Excel read back whole", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, AGENT);
  await search(page, { from: "KWI", to: "DXB", out: isoDate(41) });
  await page.getByTestId("filter-supplier").getByText("BA NDC").click();
  await chooseItinerary(page, 1);
  await toPayment(page, { title: "Mr.", first: "Rami", last: "Report", birth: "1988-04-05", document: "R5544332" }, { email: "rami@example.com", phone: "5555 8888" });
  await expect(page.getByTestId("payment-method-1")).toBeChecked();
  await page.getByTestId("place-order").click();
  const pnr = (await page.getByTestId("confirmation-pnr").textContent({ timeout: 30_000 }))!;

  await page.locator("[data-console-sider]").getByRole("menuitem", { name: "Reports" }).click();
  await expect(page).toHaveURL(/\/report/);
  const month = new Intl.DateTimeFormat("en", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date());
  await expect(page.getByTestId("report-table").getByRole("row", { name: new RegExp(`${month} Flight \\d+ KWD`) })).toBeVisible();
  // The figures of a totals line are isolated (LRI … PDI) for Arabic; read without the marks.
  const totalsText = async () => (await page.getByTestId("report-totals").textContent())?.replace(/[\u2066-\u2069]/g, "");
  await expect.poll(totalsText).toMatch(/KWD — bookings: \d+, sales: KWD [\d,]+\.\d{3}/);
  // The figures say when they are current as of (a replica behind would say an earlier time).
  await expect(page.getByTestId("report-as-of")).toHaveText(/^Figures as of \u2066?\d{4}-\d{2}-\d{2} \d{2}:\d{2}\u2069? UTC$/);

  await page.getByTestId("report-kinds").getByRole("tab", { name: "Bookings" }).click();
  await expect(page).toHaveURL(/kind=bookings/);
  // Beside the totals, a line per way of paying, to reconcile each apart.
  await expect.poll(totalsText).toMatch(/Paid with Deposit, KWD — bookings: \d+, sales: KWD [\d,]+\.\d{3}/);
  const row = page.getByTestId("report-table").getByRole("row", { name: new RegExp(pnr) });
  await expect(row).toContainText("Rami Report");
  await expect(row).toContainText("BA NDC (sandbox)");
  // Filters narrow the result and stay in the address.
  await page.getByTestId("report-product").click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: "Hotel" }).click();
  await expect(page).toHaveURL(/product=hotel/);
  await expect(row).toHaveCount(0);
  await page.getByTestId("report-product").locator(".ant-select-clear").click({ force: true });
  await expect(row).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByTestId("export-excel").click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const sheet = XLSX.read(readFileSync((await file.path())!), { cellNF: true }).Sheets["Bookings"]!;
  const rows = XLSX.utils.sheet_to_json<(string | number)[]>(sheet, { header: 1 });
  expect(rows[0]).toEqual(["Booked (UTC)", "Reference", "Organisation", "User", "Booked on behalf by", "Product", "Supplier", "Status", "Travel date", "Where", "Travellers", "Paid with", "Sales", "Markup", "Commission", "Currency"]);
  const exported = rows.find((cells) => cells[1] === pnr)!;
  // The agent booked it itself: nobody booked it on its behalf.
  expect([...exported.slice(2, 4), exported[4] ?? "", ...exported.slice(5, 8), exported[10], exported[11]]).toEqual(["Gulf Horizon Travel", "agent", "", "Flight", "BA NDC (sandbox)", "Confirmed", "Rami Report", "Deposit"]);
  // Numbers a manager can compute with: the booking and travel days as dates, the amounts in KWD's three decimals, the currency apart.
  const at = (row: number, column: number) => sheet[XLSX.utils.encode_cell({ r: row, c: column })]!;
  const exportedRow = rows.indexOf(exported);
  expect(at(exportedRow, 0)).toMatchObject({ t: "n", z: "yyyy-mm-dd hh:mm" });
  expect(at(exportedRow, 8)).toMatchObject({ t: "n", z: "yyyy-mm-dd" });
  expect(at(exportedRow, 12)).toMatchObject({ t: "n", z: "#,##0.000" });
  expect(exported[15]).toBe("KWD");
  const total = Number(/([\d,]+) records?/.exec((await page.locator(".ant-pagination-total-text").textContent())!)![1]!.replaceAll(",", ""));
  // Every booked item, then a totals row per currency whose sales are the workbook's own SUMIF over the rows.
  expect(rows.slice(1).filter((cells) => typeof cells[0] === "number")).toHaveLength(total);
  const totals = rows.findIndex((cells) => cells[0] === "Total KWD");
  expect(at(totals, 12).f).toBe(`SUMIF(P2:P${total + 1},"KWD",M2:M${total + 1})`);
});

test("a manager working in Arabic reads the agency's account statement and exports it to a PDF in the Arabic font", async ({ page }) => {
  await signIn(page, AGENT);
  await page.evaluate(() => localStorage.setItem("language", "ar"));
  await page.goto(`/report?kind=statement&from=${isoDate(-300)}&to=${isoDate(0)}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const totals = page.getByTestId("report-totals");
  await expect(totals).toContainText("الرصيد الافتتاحي");
  await expect(totals).toContainText("الرصيد الختامي");
  await expect(page.getByTestId("report-table").locator("tbody tr.ant-table-row").first()).toBeVisible();
  // Why each entry was written reads in Arabic too: a booking's debit says حجز.
  await expect(page.getByTestId("report-table").locator("tbody td", { hasText: /^حجز$/ }).first()).toBeVisible();

  const download = page.waitForEvent("download");
  await page.getByTestId("export-pdf").click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^statement-.*\.pdf$/);
  const pdf = readFileSync((await file.path())!).toString("latin1");
  expect(pdf).toContain("/BaseFont /Amiri");
  const pieces = drawnPieces(pdf);
  const title = pieces.find((piece) => logical(piece.text) === "كشف الحساب")!;
  expect(SHAPED_ARABIC.test(title.text)).toBe(true);
  expect(pieces.some((piece) => logical(piece.text).includes("الرصيد الختامي"))).toBe(true);
  await page.evaluate(() => localStorage.setItem("language", "en"));
});
