import type { PackageOffer } from "../../src/contract/packages";
import { BenchClient } from "./client";
import { freshDataDir, removeDataDir, startServer } from "./server";
import { ms, percentile, type BenchRow } from "./stats";

const PORT = 5078;
const PACKAGES = 1_000;
const ROUNDS = 50;
const TYPES = ["umrah", "hajj", "ziarat"] as const;
const CITIES = ["Kuwait City", "Riyadh", "Dubai", "Doha", "Manama"];

/** The nth package of the catalogue the bench publishes: types, months, cities, prices, stars and distances spread out. */
function packageBody(index: number) {
  const month = String((index % 12) + 1).padStart(2, "0");
  const day = String((index % 27) + 1).padStart(2, "0");
  const type = TYPES[index % TYPES.length]!;
  return {
    code: `BENCH-${index}`,
    name: `${type} package ${index}`,
    packageType: type,
    season: "Bench",
    departureCity: CITIES[index % CITIES.length]!,
    departureDate: `2027-${month}-${day}`,
    returnDate: `2027-${month}-${String(Math.min(28, Number(day) + 1)).padStart(2, "0")}`,
    bookingDeadline: `2027-${month}-01`,
    itinerary: ["Day 1: arrive", "Day 2: leave"],
    hotel1City: "Makkah",
    hotel1Name: `Hotel ${index}`,
    hotel1Stars: 3 + (index % 3),
    hotel1DistanceM: 100 + ((index * 37) % 1_500),
    hotel1Nights: 1,
    transport: "bus",
    meals: "breakfast",
    currency: "KWD",
    quadPrice: 150_000 + (index % 50) * 10_000,
    triplePrice: 170_000 + (index % 50) * 10_000,
    doublePrice: 200_000 + (index % 50) * 10_000,
    singlePrice: 280_000 + (index % 50) * 10_000,
    childPrice: 100_000,
    infantPrice: 20_000,
    quota: 40,
  };
}

/** What agents filter by, round after round. */
const QUERIES = ["", "?type=umrah", "?month=2027-05", "?type=hajj&minStars=5", "?maxPrice=300000&maxDistance=500", "?departureCity=Riyadh&type=ziarat"];

/** Package search over HTTP with 1,000 packages published: filtered, sorted and the first page answered. */
async function benchPackageSearch(baseUrl: string): Promise<BenchRow[]> {
  const client = new BenchClient(baseUrl);
  const admin = await client.signIn("admin", "Admin#2026!");
  for (let index = 0; index < PACKAGES; index += 1) {
    const response = await client.post("/api/packages", packageBody(index), admin);
    if (!response.ok) throw new Error(`Publishing a package answered ${response.status}.`);
  }
  const agent = await client.signIn("agent", "Agent#2026!");
  const samples: number[] = [];
  for (let round = 0; round <= ROUNDS; round += 1) {
    const started = performance.now();
    const response = await client.get(`/api/packages/offered${QUERIES[round % QUERIES.length]}`, agent);
    if (!response.ok) throw new Error(`Package search answered ${response.status}.`);
    (await response.json()) as { data: PackageOffer[] };
    if (round > 0) samples.push(performance.now() - started);
  }
  const label = `package search over ${PACKAGES.toLocaleString("en")} packages, filtered, first page of 20 (${ROUNDS} searches)`;
  return [
    { area: "packages", metric: `${label} p50`, value: ms(percentile(samples, 0.5)) },
    { area: "packages", metric: `${label} p99`, value: ms(percentile(samples, 0.99)) },
  ];
}

export async function benchPackages(): Promise<BenchRow[]> {
  const dataDir = freshDataDir();
  const server = await startServer({ dataDir, port: PORT });
  try {
    return await benchPackageSearch(server.baseUrl);
  } finally {
    await server.stop();
    removeDataDir(dataDir);
  }
}
