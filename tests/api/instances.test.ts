import type { FastifyInstance } from "fastify";
import pg from "pg";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TransferQuote } from "../../src/contract/moneyTransfer";
import { paymentOptionsResponseSchema } from "../../src/contract/orders";
import { pricedAirShoppingResponseSchema } from "../../src/contract/shopping";
import { buildApp } from "../../server/app";
import { createPasswordHasher } from "../../server/auth/passwordHasher";
import { postgresChangeFeed, redisChangeFeed, type ChangeFeed } from "../../server/cluster/changeFeed";
import { loadConfig } from "../../server/config";
import { openPostgres } from "../../server/db/openDatabase";
import { prepareDatabase } from "../../server/db/prepareDatabase";
import type { Database } from "../../server/db/schema";
import { ApiTestClient } from "./apiClient";
import { cuttableRelay } from "./relay";
import { TEST_PASSWORD_COST, throwawayPostgres } from "./harness";
import { book, DEPOSIT, findOffer, newKey, orderOf, referenceOf, SEARCH } from "./orderFixtures";

const serverUrl = process.env.TEST_DATABASE_URL;

interface Instance {
  app: FastifyInstance;
  db: Kysely<Database>;
}

/** Two instances of the platform on a throwaway database, each with its own pool and change feed. */
async function startTwoInstances(url: string, changeFeedOf: (databaseUrl: string) => Promise<ChangeFeed>): Promise<{ instances: Instance[]; databaseUrl: string; close: () => Promise<void> }> {
  const database = await throwawayPostgres(url);
  const config = loadConfig({ LOG_LEVEL: "silent" });
  const instances: Instance[] = [];
  for (let index = 0; index < 2; index += 1) {
    const { db } = openPostgres(database.url);
    if (index === 0) await prepareDatabase(db, { production: false, hashPassword: createPasswordHasher(TEST_PASSWORD_COST).hash });
    const app = await buildApp({ db, config, passwordCost: TEST_PASSWORD_COST, changeFeed: await changeFeedOf(database.url) });
    await app.ready();
    instances.push({ app, db });
  }
  return {
    instances,
    databaseUrl: database.url,
    close: async () => {
      for (const instance of instances) {
        await instance.app.close();
        await instance.db.destroy();
      }
      await database.drop();
    },
  };
}

/** A markup rule made through one instance prices the next search on the other, within a second. */
async function expectMarkupRuleToSpread([first, second]: Instance[], afterCreating?: () => Promise<void>): Promise<void> {
  const client = (instance: Instance, address: string) => new ApiTestClient(instance.app, { address });
  const agent = client(second!, "10.9.1.1");
  await agent.signIn("agent", "Agent#2026!");
  const search = async () => pricedAirShoppingResponseSchema.parse(((await agent.post("/api/flights/search", SEARCH)).body as { data: unknown }).data).offers[0]!;
  expect((await search()).priceBreakdown.bookingMarkups).toEqual([]);
  const admin = client(first!, "10.9.1.2");
  await admin.signIn("admin", "Admin#2026!");
  const created = await admin.post("/api/markup-rules", {
    layer: "agency",
    head: { name: "Rule made on the first instance", status: 1, validFrom: "2026-01-01", validTo: null, priority: 1 },
    contentSource: { supplierIds: [] },
    pointOfSale: { organisationIds: [3], includeSubtree: true, markets: [], countries: [] },
    criteria: {},
    rule: { markupBy: "by_amount", amount: 4500, currency: "KWD", appliesPer: "booking" },
  });
  expect(created.status, created.text).toBe(200);
  const ruleId = (created.body as { data: { id: number } }).data.id;
  await afterCreating?.();
  // Within a second; within the feed's reconnection (ioredis backs off up to 2 s) when the link was down.
  const deadline = Date.now() + (afterCreating ? 10_000 : 1_000);
  let markups = (await search()).priceBreakdown.bookingMarkups;
  while (markups.length === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    markups = (await search()).priceBreakdown.bookingMarkups;
  }
  expect(markups).toContainEqual(expect.objectContaining({ ruleId, amount: 4500 }));
  expect((await admin.request("DELETE", `/api/markup-rules/${ruleId}`, undefined)).status).toBe(200);
}

/**
 * Two server processes' worth of the platform (each its own pool, pricing book and change feed)
 * on one PostgreSQL database, as behind a load balancer: they must give the same answers.
 */
describe.skipIf(serverUrl === undefined)("two server instances on one PostgreSQL database", () => {
  let instances: Instance[] = [];
  let close: (() => Promise<void>) | undefined;
  let addresses = 0;
  const client = (instance: Instance, address = `10.9.0.${(addresses += 1)}`) => new ApiTestClient(instance.app, { address });
  const signedIn = async (instance: Instance, username = "agent", password = "Agent#2026!") => {
    const signed = client(instance);
    await signed.signIn(username, password);
    return signed;
  };

  beforeAll(async () => {
    ({ instances, close } = await startTwoInstances(serverUrl!, (url) => postgresChangeFeed(url, (error) => console.error(error))));
  });

  afterAll(async () => close?.());

  it("prices the next search on one instance with a markup rule created on the other, within a second", async () => {
    await expectMarkupRuleToSpread(instances);
  });

  it("applies on one instance, within a second, a payment rule created or removed on the other", async () => {
    const [first, second] = instances as [Instance, Instance];
    const agent = await signedIn(second);
    const offer = await findOffer(agent, "ba-ndc", "LIGHT");
    const settlements = async () =>
      paymentOptionsResponseSchema.parse(((await agent.post("/api/orders/payment-options", referenceOf(offer))).body as { data: unknown }).data).methods.map((method) => method.settlement);
    const eventually = async (expected: (settlements: string[]) => boolean) => {
      const deadline = Date.now() + 1_000;
      let seen = await settlements();
      while (!expected(seen) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        seen = await settlements();
      }
      return seen;
    };
    expect(await settlements()).toContain("credit");
    const admin = await signedIn(first, "admin", "Admin#2026!");
    const rule = await admin.post("/api/insertAgencyRule", { name: "Made on the first instance: no credit", validFrom: "2026-01-01", organisationIds: [3], creditUsageAllowed: false });
    expect(rule.status, rule.text).toBe(200);
    expect(await eventually((seen) => !seen.includes("credit"))).not.toContain("credit");
    expect((await admin.post("/api/deleteAgencyRule", { id: (rule.body as { data: { id: number } }).data.id })).status).toBe(200);
    expect(await eventually((seen) => seen.includes("credit"))).toContain("credit");
  });

  it("throttles wrong passwords spread over both instances as one", async () => {
    const [first, second] = instances as [Instance, Instance];
    const address = "192.0.2.77";
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const instance = attempt % 2 === 0 ? second : first;
      expect((await client(instance, address).post("/api/sign-in", { username: "agent", password: `wrong-${attempt}` })).status).toBe(401);
    }
    expect((await client(second, address).post("/api/sign-in", { username: "agent", password: "Agent#2026!" })).status).toBe(429);
    expect((await client(first, address).post("/api/sign-in", { username: "agent", password: "Agent#2026!" })).status).toBe(429);
  });

  it("counts a client's requests to a rate-limited call once, whichever instance answers", async () => {
    const [first, second] = instances as [Instance, Instance];
    const address = "192.0.2.78";
    // Ten reset mails per address in 15 minutes, over both instances together.
    for (let request = 1; request <= 10; request += 1) {
      expect((await client(request % 2 === 0 ? second : first, address).post("/api/send_password", { username: "nobody-here" })).status).toBe(200);
    }
    expect((await client(first, address).post("/api/send_password", { username: "nobody-here" })).status).toBe(429);
    expect((await client(second, address).post("/api/send_password", { username: "nobody-here" })).status).toBe(429);
  });

  it("refuses on one instance, within a second, a session signed out on the other, though it had just accepted it", async () => {
    const [first, second] = instances as [Instance, Instance];
    const onFirst = await signedIn(first);
    const onSecond = client(second);
    onSecond.token = onFirst.token;
    // Accepted twice on the second instance: the second time from what it remembers of the session.
    expect((await onSecond.get("/api/get-rfic-list")).status).toBe(200);
    expect((await onSecond.get("/api/get-rfic-list")).status).toBe(200);
    expect((await onFirst.get("/api/logout")).status).toBe(200);
    expect((await onFirst.get("/api/get-rfic-list")).status).toBe(440);
    // Well inside the ten seconds a session is remembered: the change feed said it ended.
    const deadline = Date.now() + 1_000;
    let status = (await onSecond.get("/api/get-rfic-list")).status;
    while (status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      status = (await onSecond.get("/api/get-rfic-list")).status;
    }
    expect(status).toBe(440);
  });

  it("cancels on one instance an order booked on the other", async () => {
    const [first, second] = instances as [Instance, Instance];
    const onFirst = await signedIn(first);
    const order = orderOf(await book(onFirst, await findOffer(onFirst, "ba-ndc", "CLASSIC"), DEPOSIT));
    const onSecond = await signedIn(second);
    const voided = orderOf(await onSecond.post(`/api/orders/${order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } }));
    expect(voided).toMatchObject({ id: order.id, status: "Voided", refunded: order.total });
  });

  it("of 100 transfers sent at once over both instances against credit for 10, makes exactly 10", async () => {
    const [first, second] = instances as [Instance, Instance];
    const agents = [await signedIn(first), await signedIn(second)];
    const quotes: TransferQuote[] = [];
    for (let person = 0; person < 10; person += 1) {
      const remitter = (await agents[0]!.post("/api/dmt/remitters", {
        firstName: "Load", lastName: `Sender ${String.fromCharCode(65 + (person % 26))}`, idType: "civilId", idNumber: `LOAD${String(person).padStart(6, "0")}`, idExpiry: "2035-01-01", nationality: "IN",
        dateOfBirth: "1985-01-01", address: "Block 1, Street 2, House 3", city: "Kuwait City", country: "KW", phone: "+965 5012 3456",
      })).body as { data: { id: number } };
      const beneficiary = (await agents[0]!.post(`/api/dmt/remitters/${remitter.data.id}/beneficiaries`, {
        firstName: "Load", lastName: `Payee ${String.fromCharCode(65 + (person % 26))}`, relationship: "family", country: "IN", payoutMethod: "bank", bankName: "State Bank of India", accountNumber: "30001234567", bankCode: "SBIN0001234",
      })).body as { data: { id: number } };
      for (let transfer = 0; transfer < 10; transfer += 1) {
        const quoted = await agents[0]!.post("/api/dmt/quotes", { brandCode: "SWIFTREMIT", remitterId: remitter.data.id, beneficiaryId: beneficiary.data.id, sendAmount: 100_000 });
        expect(quoted.status, quoted.text).toBe(200);
        quotes.push((quoted.body as { data: TransferQuote }).data);
      }
    }
    const each = quotes[0]!.totalToPay.amount;
    const agency = await first.db.selectFrom("organisations").select("credit_used").where("id", "=", 3).executeTakeFirstOrThrow();
    await first.db.updateTable("organisations").set({ credit_limit: agency.credit_used + 10 * each }).where("id", "=", 3).execute();
    const answers = await Promise.all(
      quotes.map((quoted, index) =>
        agents[index % 2]!.post("/api/dmt/transfers", { quoteId: quoted.id, payment: { ...DEPOSIT, card: null }, purpose: "Family support" }, { headers: { "idempotency-key": newKey() } }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(10);
    expect(new Set(answers.filter((answer) => answer.status !== 200).map((answer) => (answer.body as { code: string }).code))).toEqual(new Set(["credit_limit_exceeded"]));
    const after = await second.db.selectFrom("organisations").select(["credit_used", "credit_limit"]).where("id", "=", 3).executeTakeFirstOrThrow();
    expect(after.credit_used).toBe(after.credit_limit);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(serverUrl === undefined || redisUrl === undefined)("two server instances telling each other of changes over Redis", () => {
  let instances: Instance[] = [];
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ instances, close } = await startTwoInstances(serverUrl!, () => redisChangeFeed(redisUrl!, (error) => console.error(error))));
  });

  afterAll(async () => close?.());

  it("prices the next search on one instance with a markup rule created on the other, within a second", async () => {
    await expectMarkupRuleToSpread(instances);
  });
});

/** The connections listening on the change feed of a database: one per instance. */
async function listenersOn(databaseUrl: string): Promise<number> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ listening: string }>("select count(*) as listening from pg_stat_activity where datname = $1 and query ilike 'listen %'", [new URL(databaseUrl).pathname.slice(1)]);
    return Number(rows[0]!.listening);
  } finally {
    await admin.end();
  }
}

describe.skipIf(serverUrl === undefined)("two server instances after PostgreSQL ends every connection (a restart, an administrator)", () => {
  it("listen again on their own and keep telling each other of changes", async () => {
    const feedErrors: unknown[] = [];
    const { instances, databaseUrl, close } = await startTwoInstances(serverUrl!, (url) => postgresChangeFeed(url, (error) => feedErrors.push(error)));
    try {
      // A change first, so that each instance's publishing connection is open and idle when it is ended.
      await expectMarkupRuleToSpread(instances);
      expect(await listenersOn(databaseUrl)).toBe(2);
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1", [new URL(databaseUrl).pathname.slice(1)]);
      await admin.end();
      const deadline = Date.now() + 10_000;
      while ((await listenersOn(databaseUrl)) < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await listenersOn(databaseUrl)).toBe(2);
      expect(feedErrors.length).toBeGreaterThan(0);
      await expectMarkupRuleToSpread(instances);
    } finally {
      await close();
    }
  });
});

describe.skipIf(serverUrl === undefined || redisUrl === undefined)("a change made while the instance that made it cannot reach Redis", () => {
  it("is saved and answered at once, and reaches the other instance once Redis is back", async () => {
    const relay = await cuttableRelay(new URL(redisUrl!), 6379);
    let started = 0;
    // The first instance reaches Redis through the relay, the second directly.
    const { instances, close } = await startTwoInstances(serverUrl!, () => redisChangeFeed(started++ === 0 ? relay.url : redisUrl!, () => undefined));
    try {
      const [first, second] = instances as [Instance, Instance];
      await relay.cut();
      await expectMarkupRuleToSpread([first, second], async () => {
        // Saved and applied on the first instance although its message could not go out; the others learn of it once Redis is back.
        await relay.restore();
      });
    } finally {
      await close();
      await relay.close();
    }
  });
});
