import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { LedgerEntry, PlatformOrder } from "../../src/contract/orders";
import type { PricedAirShoppingResponse } from "../../src/contract/shopping";
import { databaseKinds, throwawayPostgres } from "./harness";
import { HttpClient } from "./httpClient";
import { CONTACT, passengersFor, referenceOf } from "./orderFixtures";
import { exited, startServer } from "./serverProcess";

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe.each(databaseKinds())("a kill -9 in the middle of a burst of orders [%s]", (kind) => {
  it("leaves every acknowledged order, no pending order, a ledger equal to the credit used, and every key answering", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "aggregator-crash-"));
    const postgres = kind === "postgres" ? await throwawayPostgres(process.env.TEST_DATABASE_URL!) : undefined;
    const env: Record<string, string> = postgres ? { DATABASE_URL: postgres.url } : { DATA_DIR: dataDir };
    let server = await startServer(env);
    try {
      const admin = new HttpClient(server.baseUrl);
      await admin.signIn("admin", "Admin#2026!");
      // A slow supplier widens the window between the debit and the supplier's answer.
      expect((await admin.request("PUT", "/api/admin/supplier-settings/ba-ndc", { latencyMs: 600 })).status).toBe(200);

      const agent = new HttpClient(server.baseUrl);
      await agent.signIn("agent", "Agent#2026!");
      const search = await agent.request("POST", "/api/flights/search", { originDestinations: [{ origin: "KWI", destination: "DXB", departureDate: inDays(45) }], passengers: { ADT: 1 } });
      expect(search.status).toBe(200);
      const offers = (search.body as { data: PricedAirShoppingResponse }).data.offers.filter((offer) => offer.supplierId === "ba-ndc");
      const offer = offers.sort((left, right) => left.priceBreakdown.totals.total - right.priceBreakdown.totals.total)[0]!;
      const body = { ...referenceOf(offer), passengers: passengersFor(offer), contact: CONTACT, isBookAndHold: false, payment: { paymentMethodId: 1, card: null } };

      const watcher = new HttpClient(server.baseUrl);
      await watcher.signIn("admin", "Admin#2026!");
      const keys = Array.from({ length: 24 }, (_, index) => `crash-${kind}-${Date.now()}-${index}`);
      const acknowledged: PlatformOrder[] = [];
      let killed = false;
      const order = (key: string) =>
        agent
          .request("POST", "/api/orders", body, { "idempotency-key": key })
          .then((response) => {
            if (!killed && response.status === 200) acknowledged.push((response.body as { data: PlatformOrder }).data);
          })
          .catch(() => undefined);
      // Four orders acknowledged first, then a burst: under load the burst's answers can all arrive at once, after the last
      // supplier answer, so orders acknowledged before the kill are not left to the burst's timing.
      await Promise.all(keys.slice(0, 4).map(order));
      const burst = keys.slice(4).map(order);
      // Kill the server the moment one order of the burst is paid for and waiting for the supplier.
      const giveUpAt = Date.now() + 60_000;
      while (!killed) {
        if (Date.now() > giveUpAt) throw new Error("No order was ever seen between its payment and the supplier's answer.");
        const pending = await watcher.request("GET", "/api/orders?status=pending&pageSize=50").catch(() => undefined);
        if (pending && (pending.body as { data?: unknown[] }).data?.length) {
          killed = true;
          server.child.kill("SIGKILL");
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await Promise.all(burst);
      await exited(server.child);
      expect(acknowledged.length).toBeGreaterThanOrEqual(4);

      server = await startServer(env);
      const after = new HttpClient(server.baseUrl);
      await after.signIn("agent", "Agent#2026!");
      // The restart finds the orders the kill left between the payment and the supplier's answer, and settles them.
      const settledBy = Date.now() + 60_000;
      for (;;) {
        const pending = (await after.request("GET", "/api/orders?status=pending&pageSize=50")).body as { data: PlatformOrder[] };
        if (pending.data.length === 0) break;
        if (Date.now() > settledBy) throw new Error(`Still pending after a minute: ${pending.data.map((order) => order.id).join(", ")}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // The pass logs what it settled once it has finished every stage (holds, add-ons, keys), a moment after the orders are settled.
      while (!server.output().includes("reconciled orders left pending") && Date.now() < settledBy) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(server.output()).toContain("reconciled orders left pending");
      for (const order of acknowledged) {
        const found = await after.request("GET", `/api/orders/${order.id}`);
        expect(found.status).toBe(200);
        expect((found.body as { data: PlatformOrder }).data).toMatchObject({ status: order.status, bookingReference: order.bookingReference });
      }
      const listed = (await after.request("GET", "/api/orders?pageSize=200")).body as { data: PlatformOrder[] };
      expect(listed.data.filter((order) => order.status === "pending")).toEqual([]);

      const credit = (await after.request("GET", "/api/check_credit_unlimited")).body as { data: { creditUsed: { amount: number } } };
      const ledger = { data: [] as LedgerEntry[] };
      for (let page = 1; ; page += 1) {
        const read = (await after.request("GET", `/api/get-transaction-detail-by-agent/3?page=${page}&pageSize=50`)).body as { data: LedgerEntry[]; total: number };
        ledger.data.push(...read.data);
        if (ledger.data.length >= read.total || read.data.length === 0) break;
      }
      const sum = ledger.data.reduce((total, entry) => total + (entry.kind === "debit" ? entry.amount : -entry.amount), 0);
      expect(sum).toBe(credit.data.creditUsed.amount);

      // Every key again at once, as agents' browsers retrying after the outage would.
      const retried = await Promise.all(keys.map((key) => after.request("POST", "/api/orders", body, { "idempotency-key": key }).then((response) => ({ key, status: response.status }))));
      for (const { key, status } of retried) {
        expect(status, key).not.toBe(409);
        expect(status, key).not.toBe(500);
      }
    } finally {
      server.child.kill("SIGTERM");
      await exited(server.child);
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
