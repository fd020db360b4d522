import { chromium, type Page } from "@playwright/test";
import type { HotelSearchResponse, HotelSummary } from "../../src/contract/hotels";
import { clickToPaint } from "./booking";
import { CHROMIUM_LAUNCH } from "./bundle";
import { BenchClient } from "./client";
import { freshDataDir, removeDataDir, startServer } from "./server";
import { ms, percentile, type BenchRow } from "./stats";

const PORT = 5076;
const SEARCH_ROUNDS = 20;
const UI_ROUNDS = 10;
const MANY_HOTELS = 5_000;
/** Riyadh: several hundred hotels, sold by both sandbox wholesalers (a Gulf city). */
const LARGE_CITY = "SA-riyadh";
const DAY_MS = 86_400_000;
const isoDate = (daysAhead: number) => new Date(Date.now() + daysAhead * DAY_MS).toISOString().slice(0, 10);

const stay = (round: number) => ({
  cityId: LARGE_CITY,
  checkIn: isoDate(30 + round),
  checkOut: isoDate(33 + round),
  rooms: [{ adults: 2, childAges: [] }, { adults: 1, childAges: [7] }],
  nationality: "KW",
});

/** Hotel search over HTTP: both sandbox wholesalers, merged and priced, each round another date. */
async function benchHotelSearch(baseUrl: string): Promise<BenchRow[]> {
  const client = new BenchClient(baseUrl);
  const token = await client.signIn("agent", "Agent#2026!");
  const samples: number[] = [];
  let hotels = 0;
  for (let round = 0; round <= SEARCH_ROUNDS; round += 1) {
    const started = performance.now();
    const response = await client.post("/api/hotels/search", stay(round), token);
    if (!response.ok) throw new Error(`Hotel search answered ${response.status}.`);
    const answer = ((await response.json()) as { data: HotelSearchResponse }).data;
    // The first round also loads the city list and builds the catalogue; it is left out.
    if (round > 0) {
      samples.push(performance.now() - started);
      hotels += answer.hotels.length;
    }
  }
  const label = `hotel search, ${LARGE_CITY}, 2 rooms, 2 sandbox wholesalers merged and priced (${SEARCH_ROUNDS} searches, ~${Math.round(hotels / SEARCH_ROUNDS)} hotels each)`;
  return [
    { area: "hotels", metric: `${label} p50`, value: ms(percentile(samples, 0.5)) },
    { area: "hotels", metric: `${label} p99`, value: ms(percentile(samples, 0.99)) },
  ];
}

/** Every hotel search answer grows to MANY_HOTELS distinct hotels (other codes, names, prices), as the largest cities of a real bedbank would. */
async function multiplyHotels(page: Page): Promise<void> {
  await page.route("**/api/hotels/search", async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: HotelSearchResponse };
    const originals = body.data.hotels;
    body.data.hotels = Array.from({ length: MANY_HOTELS }, (_, index): HotelSummary => {
      const copy = structuredClone(originals[index % originals.length]!);
      copy.hotel.hotelCode = `H${(0xf0000000 + index).toString(16).toUpperCase()}`;
      copy.hotel.name = `${copy.hotel.name} ${index}`;
      copy.hotel.distanceKm = Math.round(((index * 37) % 300) + 1) / 10;
      for (const offer of copy.stayOffers) offer.total += index * 13;
      return copy;
    });
    await route.fulfill({ response, json: body });
  });
}

/** Filter and sort over 5,000 hotels in Chromium. */
async function benchHotelList(baseUrl: string): Promise<BenchRow[]> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel("Username").fill("agent");
    await page.getByLabel("Password").fill("Agent#2026!");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByTestId("dashboard-greeting").waitFor();
    await multiplyHotels(page);
    const query = new URLSearchParams({ city: LARGE_CITY, in: isoDate(50), out: isoDate(53), rooms: "2,1-7", nat: "KW" });
    await page.goto(`${baseUrl}/search/hotels?${query}`);
    await page.getByTestId("hotel-card").first().waitFor({ timeout: 60_000 });
    const filtering: number[] = [];
    const sorting: number[] = [];
    const sorts = ["Lowest price", "Most stars", "Nearest the centre", "Recommended"];
    for (let round = 0; round < UI_ROUNDS; round += 1) {
      filtering.push(await clickToPaint(page, '[data-testid="hotel-filter-refundable"]'));
      filtering.push(await clickToPaint(page, '[data-testid="hotel-filter-stars"] label', "★★★★"));
      sorting.push(await clickToPaint(page, '[data-testid="hotel-sort"] .ant-segmented-item', sorts[round % sorts.length]));
    }
    return [
      { area: "hotels", metric: `filter (free cancellation, 4 stars) on ${MANY_HOTELS.toLocaleString("en")} hotels, click to paint (median of ${UI_ROUNDS * 2})`, value: ms(percentile(filtering, 0.5)), budget: "< 50 ms" },
      { area: "hotels", metric: `filter on ${MANY_HOTELS.toLocaleString("en")} hotels, click to paint (worst)`, value: ms(Math.max(...filtering)) },
      { area: "hotels", metric: `sort on ${MANY_HOTELS.toLocaleString("en")} hotels, click to paint (median of ${UI_ROUNDS})`, value: ms(percentile(sorting, 0.5)), budget: "< 50 ms" },
      { area: "hotels", metric: `sort on ${MANY_HOTELS.toLocaleString("en")} hotels, click to paint (worst)`, value: ms(Math.max(...sorting)) },
    ];
  } finally {
    await browser.close();
  }
}

/** Issue 11: hotel search for a large city over both suppliers, and the result list's filters and sorts over 5,000 hotels. */
export async function benchHotels(): Promise<BenchRow[]> {
  const dataDir = freshDataDir();
  const server = await startServer({ dataDir, port: PORT });
  try {
    return [...(await benchHotelSearch(server.baseUrl)), ...(await benchHotelList(server.baseUrl))];
  } finally {
    await server.stop();
    removeDataDir(dataDir);
  }
}
