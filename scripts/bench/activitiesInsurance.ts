import type { ActivitySearchResponse } from "../../src/contract/activities";
import type { InsuranceQuoteResponse } from "../../src/contract/insurance";
import { BenchClient } from "./client";
import { freshDataDir, removeDataDir, startServer } from "./server";
import { ms, percentile, type BenchRow } from "./stats";

const PORT = 5077;
const ROUNDS = 50;
const DAY_MS = 86_400_000;
const isoDate = (daysAhead: number) => new Date(Date.now() + daysAhead * DAY_MS).toISOString().slice(0, 10);

/** A family of five to Paris (two adults, three children), every plan quoted and priced; each round another date. */
const familyTrip = (round: number) => ({
  destination: "FR",
  departureDate: isoDate(30 + round),
  returnDate: isoDate(40 + round),
  product: "020108",
  benefit: "TEROSM",
  plan: "All",
  travellers: [{ dateOfBirth: "1984-02-01" }, { dateOfBirth: "1986-03-02" }, { dateOfBirth: "2012-04-03" }, { dateOfBirth: "2015-05-04" }, { dateOfBirth: "2019-06-05" }],
});

/** Insurance quotes over HTTP: the sandbox insurer rates the seventeen plans, the platform prices each quote. */
async function benchInsuranceQuote(baseUrl: string): Promise<BenchRow[]> {
  const client = new BenchClient(baseUrl);
  const token = await client.signIn("agent", "Agent#2026!");
  const samples: number[] = [];
  let quotes = 0;
  for (let round = 0; round <= ROUNDS; round += 1) {
    const started = performance.now();
    const response = await client.post("/api/insurance/quote", familyTrip(round), token);
    if (!response.ok) throw new Error(`Insurance quote answered ${response.status}.`);
    const answer = ((await response.json()) as { data: InsuranceQuoteResponse }).data;
    // The first round warms the pricing and the route; it is left out.
    if (round > 0) {
      samples.push(performance.now() - started);
      quotes += answer.quotes.length;
    }
  }
  const label = `insurance quote, family of 5 to France, every plan (${ROUNDS} quotes, ${Math.round(quotes / ROUNDS)} plans priced each)`;
  return [
    { area: "insurance", metric: `${label} p50`, value: ms(percentile(samples, 0.5)) },
    { area: "insurance", metric: `${label} p99`, value: ms(percentile(samples, 0.99)) },
  ];
}

/** Dubai: a large city of the sandbox catalogue (some thirty activities, start times over three days). */
const activitySearch = (round: number) => ({ cityId: "AE-dubai", from: isoDate(30 + round), to: isoDate(32 + round), participants: { adults: 2, children: 1, infants: 0 } });

/** Activity search over HTTP: the sandbox supplier's city catalogue, each activity's options and start times, priced for the party. */
async function benchActivitySearch(baseUrl: string): Promise<BenchRow[]> {
  const client = new BenchClient(baseUrl);
  const token = await client.signIn("agent", "Agent#2026!");
  const samples: number[] = [];
  let activities = 0;
  for (let round = 0; round <= ROUNDS; round += 1) {
    const started = performance.now();
    const response = await client.post("/api/activities/search", activitySearch(round), token);
    if (!response.ok) throw new Error(`Activity search answered ${response.status}.`);
    const answer = ((await response.json()) as { data: ActivitySearchResponse }).data;
    // The first round also loads the city list; it is left out.
    if (round > 0) {
      samples.push(performance.now() - started);
      activities += answer.activities.length;
    }
  }
  const label = `activity search, Dubai, 3 days, a family of 3 (${ROUNDS} searches, ${Math.round(activities / ROUNDS)} activities priced each)`;
  return [
    { area: "activities", metric: `${label} p50`, value: ms(percentile(samples, 0.5)) },
    { area: "activities", metric: `${label} p99`, value: ms(percentile(samples, 0.99)) },
  ];
}

export async function benchActivitiesAndInsurance(): Promise<BenchRow[]> {
  const dataDir = freshDataDir();
  const server = await startServer({ dataDir, port: PORT });
  try {
    return [...(await benchActivitySearch(server.baseUrl)), ...(await benchInsuranceQuote(server.baseUrl))];
  } finally {
    await server.stop();
    removeDataDir(dataDir);
  }
}
