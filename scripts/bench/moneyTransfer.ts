import { randomUUID } from "node:crypto";
import pg from "pg";
import type { TransferQuote } from "../../src/contract/moneyTransfer";
import { BenchClient } from "./client";
import { benchDatabaseServer, startServerOnPostgres } from "./server";
import type { BenchRow } from "./stats";

/** A number as letters (0 -> "a", 27 -> "bb"): names take letters only. */
const lettersOf = (index: number) => index.toString(26).replace(/./g, (digit) => String.fromCharCode(97 + parseInt(digit, 26)));

const PORT = 5079;
const REMITTERS = 40;
const CONCURRENCY = 10;
const QUOTES = 600;
const SENDS = 400;

/** Runs `count` calls, `concurrency` at a time; returns the calls per second. */
async function throughput(count: number, concurrency: number, call: (index: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let index = next++; index < count; index = next++) await call(index);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

async function ok<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/**
 * Money transfer on PostgreSQL, 10 at a time: quotes (rate from the sandbox partner, margin, fee,
 * written with their lock) and sends (quote claimed, the remitter's limits counted under the
 * identity's lock, the credit debited, the partner asked), each per second.
 */
export async function benchMoneyTransfer(): Promise<BenchRow[]> {
  const server = await startServerOnPostgres(benchDatabaseServer(), PORT);
  const database = new pg.Client({ connectionString: server.databaseUrl });
  try {
    await database.connect();
    await database.query("update organisations set credit_limit = 1000000000 where name = 'Gulf Horizon Travel'");
    const client = new BenchClient(server.baseUrl);
    const agent = await client.signIn("agent", "Agent#2026!");
    const pairs: { remitterId: number; beneficiaryId: number }[] = [];
    for (let index = 0; index < REMITTERS; index += 1) {
      const remitter = await ok<{ id: number }>(
        await client.post("/api/dmt/remitters", {
          firstName: "Bench", lastName: `Sender ${lettersOf(index)}`, idType: "civilId", idNumber: `BENCH${String(index).padStart(6, "0")}`, idExpiry: "2035-01-01", nationality: "IN",
          dateOfBirth: "1985-01-01", address: "Block 1, Street 2, House 3", city: "Kuwait City", country: "KW", phone: "+965 5012 3456",
        }, agent),
        "A remitter",
      );
      const beneficiary = await ok<{ id: number }>(
        await client.post(`/api/dmt/remitters/${remitter.id}/beneficiaries`, { firstName: "Bench", lastName: `Payee ${lettersOf(index)}`, relationship: "family", country: "IN", payoutMethod: "bank", bankName: "State Bank of India", accountNumber: "30001234567", bankCode: "SBIN0001234" }, agent),
        "A beneficiary",
      );
      pairs.push({ remitterId: remitter.id, beneficiaryId: beneficiary.id });
    }
    const quote = async (index: number) => ok<TransferQuote>(await client.post("/api/dmt/quotes", { brandCode: "SWIFTREMIT", ...pairs[index % REMITTERS]!, sendAmount: 25_000 + index }, agent), "A quote");
    const quotesPerSecond = await throughput(QUOTES, CONCURRENCY, async (index) => void (await quote(index)));
    const quotes: TransferQuote[] = [];
    for (let index = 0; index < SENDS; index += 1) quotes.push(await quote(index));
    const sendsPerSecond = await throughput(SENDS, CONCURRENCY, async (index) => {
      await ok(await client.post("/api/dmt/transfers", { quoteId: quotes[index]!.id, payment: { paymentMethodId: 1, card: null }, purpose: "Family support" }, agent, { "Idempotency-Key": randomUUID() }), "A send");
    });
    return [
      { area: "money transfer", metric: `quotes per second, PostgreSQL, ${CONCURRENCY} concurrent (${QUOTES} quotes)`, value: `${quotesPerSecond.toFixed(0)} /s` },
      { area: "money transfer", metric: `sends per second, PostgreSQL, ${CONCURRENCY} concurrent, paid from credit (${SENDS} transfers)`, value: `${sendsPerSecond.toFixed(0)} /s` },
    ];
  } finally {
    await database.end();
    await server.stop();
  }
}
