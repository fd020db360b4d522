import { randomBytes } from "node:crypto";
import { DEV_PAYLOAD_SECRET, sealPayload } from "../../src/contract/envelope";
import type { PricedAirShoppingResponse, PricedOffer } from "../../src/contract/shopping";
import { BenchClient } from "./client";
import { benchDatabaseServer, freshDataDir, removeDataDir, startServer, startServerOnPostgres } from "./server";
import { ms, percentile, type BenchRow } from "./stats";

const PORT = 5072;
const SEARCH_ROUNDS = 30;
const ORDER_COUNT = 200;
const ORDER_CONCURRENCY = 10;
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

/** Search fan-out latency over HTTP (three sandbox suppliers, PGlite). */
async function benchSearch(): Promise<BenchRow[]> {
  const dataDir = freshDataDir();
  const server = await startServer({ dataDir, port: PORT });
  try {
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
    const label = `search fan-out, 3 sandbox suppliers, priced (${SEARCH_ROUNDS} searches, ~${Math.round(offers / SEARCH_ROUNDS)} offers each)`;
    return [
      { area: "shopping", metric: `${label} p50`, value: ms(percentile(samples, 0.5)) },
      { area: "shopping", metric: `${label} p99`, value: ms(percentile(samples, 0.99)) },
    ];
  } finally {
    await server.stop();
    removeDataDir(dataDir);
  }
}

/** Deposit orders per second with the ledger, on a throwaway PostgreSQL database. */
async function benchOrders(serverUrl: string): Promise<BenchRow[]> {
  const server = await startServerOnPostgres(serverUrl, PORT);
  try {
    const client = new BenchClient(server.baseUrl);
    const token = await client.signIn("admin", "Admin#2026!");
    const offer = (await search(client, token, 1)).offers.find((candidate) => candidate.fareBrand.code === "LIGHT")!;
    const body = orderBody(offer);
    const samples: number[] = [];
    let next = 0;
    let failures = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < ORDER_COUNT) {
        next += 1;
        const begun = performance.now();
        const response = await fetch(`${server.baseUrl}/api/orders`, {
          method: "POST",
          headers: {
            "Content-Type": "application/json; charset=utf-8",
            Accept: "application/json",
            "X-XSRF-TOKEN": client.xsrfToken(),
            Cookie: client.cookieHeader(),
            Authorization: `Bearer ${token}`,
            "Idempotency-Key": `bench-${randomBytes(8).toString("hex")}`,
          },
          body: JSON.stringify({ payload: sealPayload(body, { secret: DEV_PAYLOAD_SECRET }) }),
        });
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
        samples.push(performance.now() - begun);
      }
    };
    await Promise.all(Array.from({ length: ORDER_CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    if (failures > 0) throw new Error(`${failures} of ${ORDER_COUNT} bench orders failed.`);
    const label = `order creation on deposit with the ledger, PostgreSQL (${ORDER_COUNT} orders, ${ORDER_CONCURRENCY} at a time)`;
    return [
      { area: "orders", metric: `${label}: orders/s`, value: (ORDER_COUNT / seconds).toFixed(1) },
      { area: "orders", metric: `${label}: p50`, value: ms(percentile(samples, 0.5)) },
      { area: "orders", metric: `${label}: p99`, value: ms(percentile(samples, 0.99)) },
    ];
  } finally {
    await server.stop();
  }
}

export async function benchShopping(): Promise<BenchRow[]> {
  const rows = await benchSearch();
  const serverUrl = benchDatabaseServer();
  try {
    rows.push(...(await benchOrders(serverUrl)));
  } catch (error) {
    rows.push({ area: "orders", metric: "order creation on PostgreSQL", value: `not measured: ${error instanceof Error ? error.message : String(error)}` });
  }
  return rows;
}
