import { randomBytes } from "node:crypto";
// The server's node:crypto twin of the envelope: the load clients spend little of the machine (crypto-js takes 25 times longer per body).
import { sealPayload } from "../../server/http/envelope";
import { DEV_PAYLOAD_SECRET } from "../../src/contract/envelopeOptions";
import type { PricedAirShoppingResponse, PricedOffer } from "../../src/contract/shopping";
import { BenchClient } from "./client";
import { startFloor } from "./floor";
import { benchDatabaseServer, freshDataDir, removeDataDir, startServer, startServerOnPostgres, type RunningServer } from "./server";
import { goal, ms, percentile, type BenchRow } from "./stats";

const PORT = 5072;
const SEARCH_ROUNDS = 30;
const CONCURRENT_SEARCHES = 50;
const ORDER_COUNT = 1_000;
const ORDER_CONCURRENCY = 50;
/** Orders sent first and not counted, so the figures are the steady state (the JIT warm). */
const ORDER_WARM_UP = 200;
/** Issue 17's goals. */
const FAN_OUT_P99_GOAL_MS = 150;
const CONCURRENT_SEARCH_P99_GOAL_MS = 2_000;
const ORDERS_PER_SECOND_GOAL = 700;
/** The round trips one deposit order makes to PostgreSQL, which the floor repeats (floorServer.ts). */
const FLOOR_ROUND_TRIPS = 17;
const ROUTES = [["KWI", "LHR"], ["LHR", "JFK"], ["FRA", "JFK"], ["KWI", "FRA"], ["LHR", "DXB"], ["MUC", "BKK"]] as const;

const searchBody = (round: number) => {
  const [origin, destination] = ROUTES[round % ROUTES.length]!;
  const day = String(1 + (round % 27)).padStart(2, "0");
  return {
    originDestinations: [
      { origin, destination, departureDate: `2027-04-${day}` },
      { origin: destination, destination: origin, departureDate: `2027-05-${day}` },
    ],
    passengers: { ADT: 2, CHD: 1 },
  };
};

async function search(client: BenchClient, token: string, round: number): Promise<PricedAirShoppingResponse> {
  const response = await client.post("/api/flights/search", searchBody(round), token);
  if (!response.ok) throw new Error(`Search answered ${response.status}.`);
  return ((await response.json()) as { data: PricedAirShoppingResponse }).data;
}

function orderBody(offer: PricedOffer) {
  const birthDates = { ADT: "1985-03-02", YTH: "2005-01-01", CHD: "2017-05-05", INF: "2026-09-01" } as const;
  return {
    supplierId: offer.supplierId,
    shoppingResponseId: offer.shoppingResponseId,
    offerId: offer.offerId,
    ownerCode: offer.ownerCode,
    passengers: offer.offerItems.flatMap((item) =>
      item.paxRefIds.map((paxId) => ({
        paxId,
        paxType: item.passengerType,
        salutation: item.passengerType === "ADT" ? "Mr." : "Master",
        firstName: "Bench",
        lastName: "Traveller",
        dateOfBirth: birthDates[item.passengerType],
        identificationType: "PT",
        passportId: `P${paxId}X`,
      })),
    ),
    contact: { email: "bench@aggregator.example", phoneCountryCode: "+965", phoneNumber: "22001234" },
    isBookAndHold: false,
    payment: { paymentMethodId: 1, card: null },
  };
}

/** Search fan-out latency over HTTP, one search at a time (three sandbox suppliers, no injected latency). */
async function sequentialSearches(server: RunningServer, database: string): Promise<BenchRow[]> {
  const client = new BenchClient(server.baseUrl);
  const token = await client.signIn("agent", "Agent#2026!");
  await search(client, token, 0);
  const samples: number[] = [];
  let offers = 0;
  for (let round = 0; round < SEARCH_ROUNDS; round += 1) {
    const started = performance.now();
    offers += (await search(client, token, round)).offers.length;
    samples.push(performance.now() - started);
  }
  const label = `search fan-out, 3 sandbox suppliers, priced, ${database} (${SEARCH_ROUNDS} searches, ~${Math.round(offers / SEARCH_ROUNDS)} offers each)`;
  const p99 = percentile(samples, 0.99);
  return [
    { area: "shopping", metric: `${label} p50`, value: ms(percentile(samples, 0.5)) },
    { area: "shopping", metric: `${label} p99`, value: ms(p99), budget: database === "PostgreSQL" ? goal(p99 <= FAN_OUT_P99_GOAL_MS, `<= ${FAN_OUT_P99_GOAL_MS} ms`) : undefined },
  ];
}

/** Searches started together, each on a route and day of its own. */
async function concurrentSearches(server: RunningServer, database: string): Promise<BenchRow[]> {
  const client = new BenchClient(server.baseUrl);
  const token = await client.signIn("agent", "Agent#2026!");
  const samples = await Promise.all(
    Array.from({ length: CONCURRENT_SEARCHES }, async (_, round) => {
      const started = performance.now();
      await search(client, token, SEARCH_ROUNDS + round);
      return performance.now() - started;
    }),
  );
  const p99 = percentile(samples, 0.99);
  const label = `search fan-out, ${CONCURRENT_SEARCHES} at once, ${database}`;
  return [
    { area: "shopping", metric: `${label} p50`, value: ms(percentile(samples, 0.5)) },
    { area: "shopping", metric: `${label} p99`, value: ms(p99), budget: goal(p99 <= CONCURRENT_SEARCH_P99_GOAL_MS, `<= ${CONCURRENT_SEARCH_P99_GOAL_MS} ms`) },
  ];
}

/** Searches on PGlite: one at a time, then 50 at once. */
async function benchSearchOnPglite(): Promise<BenchRow[]> {
  const dataDir = freshDataDir();
  const server = await startServer({ dataDir, port: PORT });
  try {
    return [...(await sequentialSearches(server, "PGlite")), ...(await concurrentSearches(server, "PGlite"))];
  } finally {
    await server.stop();
    removeDataDir(dataDir);
  }
}

/** Sends `count` orders, ORDER_CONCURRENCY at a time, each with a fresh idempotency key; every one must succeed. */
async function sendOrders(count: number, send: (idempotencyKey: string) => Promise<Response>): Promise<{ perSecond: number; samples: number[] }> {
  const samples: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < count) {
      next += 1;
      const begun = performance.now();
      const response = await send(`bench-${randomBytes(8).toString("hex")}`);
      await response.arrayBuffer();
      if (!response.ok) failures += 1;
      samples.push(performance.now() - begun);
    }
  };
  await Promise.all(Array.from({ length: ORDER_CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  if (failures > 0) throw new Error(`${failures} of ${count} bench orders failed.`);
  return { perSecond: count / seconds, samples };
}

/** ORDER_COUNT orders at steady state, after ORDER_WARM_UP of the same orders that are not counted. */
async function placeOrders(send: (idempotencyKey: string) => Promise<Response>): Promise<{ perSecond: number; samples: number[] }> {
  await sendOrders(ORDER_WARM_UP, send);
  return sendOrders(ORDER_COUNT, send);
}

/**
 * Searches, then deposit orders per second with the ledger on a throwaway PostgreSQL database,
 * beside the floor: Fastify and pg making the same database round trips per order (floorServer.ts),
 * with the project's order as the documents it writes, on the same database just after.
 */
async function benchOnPostgres(serverUrl: string): Promise<BenchRow[]> {
  const server = await startServerOnPostgres(serverUrl, PORT);
  try {
    const searches = await sequentialSearches(server, "PostgreSQL");
    const client = new BenchClient(server.baseUrl);
    const token = await client.signIn("admin", "Admin#2026!");
    const offer = (await search(client, token, 1)).offers.find((candidate) => candidate.fareBrand.code === "LIGHT")!;
    const body = orderBody(offer);
    const headers = (idempotencyKey: string) => ({
      "Content-Type": "application/json; charset=utf-8",
      Accept: "application/json",
      Authorization: `Bearer ${token}`,
      "Idempotency-Key": idempotencyKey,
    });
    let sample: unknown = null;
    const project = await placeOrders(async (idempotencyKey) => {
      const response = await fetch(`${server.baseUrl}/api/orders`, {
        method: "POST",
        headers: { ...headers(idempotencyKey), "X-XSRF-TOKEN": client.xsrfToken(), Cookie: client.cookieHeader() },
        body: JSON.stringify({ payload: sealPayload(body, { secret: DEV_PAYLOAD_SECRET }) }),
      });
      sample ??= (await response.clone().json()).data;
      return response;
    });
    const floorServer = await startFloor(server.databaseUrl);
    let floor: Awaited<ReturnType<typeof placeOrders>>;
    try {
      const floorBody = JSON.stringify({ document: sample });
      floor = await placeOrders((idempotencyKey) => fetch(`${floorServer.baseUrl}/floor/orders`, { method: "POST", headers: headers(idempotencyKey), body: floorBody }));
    } finally {
      floorServer.stop();
    }
    const label = `order creation on deposit with the ledger, one agency, PostgreSQL, sandbox latency 0 (${ORDER_COUNT} orders, ${ORDER_CONCURRENCY} at a time, after ${ORDER_WARM_UP} not counted)`;
    return [
      ...searches,
      { area: "orders", metric: `${label}: orders/s`, value: project.perSecond.toFixed(1), budget: goal(project.perSecond >= ORDERS_PER_SECOND_GOAL, `>= ${ORDERS_PER_SECOND_GOAL}`) },
      { area: "orders", metric: `${label}: p50`, value: ms(percentile(project.samples, 0.5)) },
      { area: "orders", metric: `${label}: p99`, value: ms(percentile(project.samples, 0.99)) },
      { area: "orders", metric: `floor: Fastify + pg, the same ${FLOOR_ROUND_TRIPS} database round trips per order, the same load: orders/s`, value: floor.perSecond.toFixed(1) },
      { area: "orders", metric: "orders: project / floor", value: (project.perSecond / floor.perSecond).toFixed(2) },
    ];
  } finally {
    await server.stop();
  }
}

export async function benchShopping(): Promise<BenchRow[]> {
  const rows = await benchSearchOnPglite();
  try {
    rows.push(...(await benchOnPostgres(benchDatabaseServer())));
  } catch (error) {
    rows.push({ area: "orders", metric: "searches and orders on PostgreSQL", value: `not measured: ${error instanceof Error ? error.message : String(error)}` });
  }
  return rows;
}
