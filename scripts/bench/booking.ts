import { chromium, type Page } from "@playwright/test";
import path from "node:path";
import { CHROMIUM_LAUNCH, gzipSizeOfBuiltFile } from "./bundle";
import { freshDataDir, removeDataDir, startServer } from "./server";
import { kb, ms, percentile, type BenchRow } from "./stats";

const PORT = 5074;
const ROUNDS = 5;
const MANY_OFFERS = 2_000;
const DAY_MS = 86_400_000;
const isoDate = (daysAhead: number) => new Date(Date.now() + daysAhead * DAY_MS).toISOString().slice(0, 10);
const searchPath = (daysAhead: number, destination = "LHR") =>
  `/search?q=${encodeURIComponent(JSON.stringify({ originDestinations: [{ origin: "KWI", destination, departureDate: isoDate(daysAhead) }], passengers: { ADT: 1 } }))}`;

/**
 * Milliseconds from a click inside the page until the next frame is painted, measured by the
 * page itself; `text` picks among the matches by their text.
 */
export function clickToPaint(page: Page, selector: string, text?: string): Promise<number> {
  return page.evaluate(
    ({ target, label }) =>
      new Promise<number>((resolve) => {
        const element = [...document.querySelectorAll<HTMLElement>(target)].find((candidate) => label === undefined || candidate.textContent?.trim() === label);
        if (!element) throw new Error(`Nothing matches ${target} ${label ?? ""}.`);
        const started = performance.now();
        element.click();
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - started)));
      }),
    { target: selector, label: text },
  );
}

/** Every search answer grows to MANY_OFFERS distinct offers (other flight numbers and prices), as a busy route would. */
async function multiplyOffers(page: Page): Promise<void> {
  await page.route("**/api/flights/search", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { offers: Array<Record<string, unknown>> } };
    const originals = body.data.offers;
    body.data.offers = Array.from({ length: MANY_OFFERS }, (_, index) => {
      const copy = structuredClone(originals[index % originals.length]!) as {
        offerId: string;
        journeys: Array<{ segments: Array<{ marketingCarrier: { flightNumber: string } }> }>;
        priceBreakdown: { totals: { total: number } };
      };
      copy.offerId = `${copy.offerId}-x${index}`;
      for (const segment of copy.journeys.flatMap((journey) => journey.segments)) segment.marketingCarrier.flightNumber = String(1_000 + index);
      copy.priceBreakdown.totals.total += index * 7;
      return copy;
    });
    await route.fulfill({ response, json: body });
  });
}

/** Issue 5, in Chromium: search to first results, filter and sort on 2,000 offers, the seat map of a twin-aisle aircraft, and the booking chunks. */
export async function benchBooking(): Promise<BenchRow[]> {
  const dataDir = freshDataDir();
  const server = await startServer({ dataDir, port: PORT });
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const scripts = new Set<string>();
    page.on("response", (response) => {
      const url = response.url();
      if (url.startsWith(server.baseUrl) && url.endsWith(".js") && url.includes("/assets/")) scripts.add(url);
    });
    await page.goto(`${server.baseUrl}/login`);
    await page.getByLabel("Username").fill("agent");
    await page.getByLabel("Password").fill("Agent#2026!");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByTestId("dashboard-greeting").waitFor();
    await page.waitForLoadState("networkidle");
    const beforeBooking = new Set(scripts);

    // Search submit to the first offer painted; each round another date, so nothing is cached.
    const toResults: number[] = [];
    for (let round = 0; round <= ROUNDS; round += 1) {
      await page.goto(server.baseUrl + searchPath(20 + round));
      await page.getByTestId("search-submit").waitFor();
      const started = Date.now();
      await page.getByTestId("search-submit").click();
      await page.getByTestId("offer-card-0").waitFor({ timeout: 30_000 });
      if (round > 0) toResults.push(Date.now() - started);
    }

    // Filter and sort over 2,000 offers.
    await multiplyOffers(page);
    await page.goto(server.baseUrl + searchPath(40));
    await page.getByTestId("search-submit").click();
    await page.getByTestId("offer-card-0").waitFor({ timeout: 30_000 });
    const filtering: number[] = [];
    const sorting: number[] = [];
    const sorts = ["Cheapest", "Fastest", "Earliest", "Recommended"];
    for (let round = 0; round < ROUNDS * 2; round += 1) {
      filtering.push(await clickToPaint(page, '[data-testid="filter-baggage"]'));
      sorting.push(await clickToPaint(page, '[data-testid="sort-select"] .ant-segmented-item', sorts[round % sorts.length]));
    }
    await page.unroute("**/api/flights/search");

    // The seat map of a twin-aisle aircraft (BA's direct KWI-LHR flies a 777 or an A380): the first day, from 45 days out, the sandbox schedules one.
    for (let day = 45; ; day += 1) {
      if (day > 60) throw new Error("No direct BA NDC flight KWI-LHR in the sandbox between 45 and 60 days out.");
      await page.goto(server.baseUrl + searchPath(day).replace("%22ADT%22%3A1%7D", "%22ADT%22%3A2%7D"));
      await page.getByTestId("search-submit").click();
      await page.getByTestId("offer-card-0").waitFor({ timeout: 30_000 });
      const ba = page.getByTestId("filter-supplier").getByText("BA NDC");
      const direct = page.getByTestId("filter-stops").getByText("Direct");
      if ((await ba.count()) === 0 || (await direct.count()) === 0) continue;
      await ba.click();
      await direct.click();
      if ((await page.getByTestId("offer-select-0").count()) > 0) break;
    }
    await page.getByTestId("offer-select-0").click();
    await page.locator('[data-testid^="fare-choose-"]').first().click();
    await page.getByTestId("open-seat-map").waitFor({ timeout: 30_000 });
    const aircraft = await page.evaluate(() => JSON.parse(localStorage.getItem("passengerDetail") ?? "{}").data.response.journeys[0].segments[0].aircraftName as string);
    const seatMapOpen: number[] = [];
    for (let round = 0; round <= ROUNDS; round += 1) {
      const started = Date.now();
      await page.getByTestId("open-seat-map").click();
      await page.locator('[role="gridcell"]').first().waitFor({ timeout: 30_000 });
      // The first opening also fetches the seat maps; the others only render them.
      if (round > 0) seatMapOpen.push(Date.now() - started);
      else seatMapOpen.unshift(Date.now() - started);
      await page.getByTestId("seat-map-done").click();
      await page.getByTestId("seat-map-dialog").waitFor({ state: "hidden" });
    }
    const firstOpen = seatMapOpen.shift()!;

    const bookingChunks = [...scripts].filter((url) => !beforeBooking.has(url));
    const bookingBytes = bookingChunks.reduce((sum, url) => sum + gzipSizeOfBuiltFile(url), 0);
    const rows: BenchRow[] = [
      { area: "booking", metric: `search submit to first results painted, 3 sandbox suppliers (median of ${ROUNDS})`, value: ms(percentile(toResults, 0.5)) },
      { area: "booking", metric: `filter (baggage) on ${MANY_OFFERS.toLocaleString("en")} offers, click to paint (median of ${ROUNDS * 2})`, value: ms(percentile(filtering, 0.5)), budget: "< 50 ms" },
      { area: "booking", metric: `filter (baggage) on ${MANY_OFFERS.toLocaleString("en")} offers, click to paint (worst)`, value: ms(Math.max(...filtering)) },
      { area: "booking", metric: `sort on ${MANY_OFFERS.toLocaleString("en")} offers, click to paint (median of ${ROUNDS * 2})`, value: ms(percentile(sorting, 0.5)), budget: "< 50 ms" },
      { area: "booking", metric: `sort on ${MANY_OFFERS.toLocaleString("en")} offers, click to paint (worst)`, value: ms(Math.max(...sorting)) },
      { area: "booking", metric: `seat map of a ${aircraft}, first opening incl. SeatAvailability`, value: ms(firstOpen) },
      { area: "booking", metric: `seat map of a ${aircraft}, opening again (median of ${ROUNDS})`, value: ms(percentile(seatMapOpen, 0.5)) },
      { area: "booking", metric: `booking pages JavaScript, gzip (${bookingChunks.length} files beyond the dashboard)`, value: kb(bookingBytes) },
    ];
    for (const url of bookingChunks.sort((left, right) => gzipSizeOfBuiltFile(right) - gzipSizeOfBuiltFile(left)).slice(0, 6)) {
      rows.push({ area: "booking", metric: `  chunk ${path.basename(new URL(url).pathname)}, gzip`, value: kb(gzipSizeOfBuiltFile(url)) });
    }
    return rows;
  } finally {
    await browser.close();
    await server.stop();
    removeDataDir(dataDir);
  }
}
