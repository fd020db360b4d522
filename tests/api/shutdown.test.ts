import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { PlatformOrder } from "../../src/contract/orders";
import type { PricedAirShoppingResponse } from "../../src/contract/shopping";
import { HttpClient } from "./httpClient";
import { CONTACT, passengersFor, referenceOf } from "./orderFixtures";
import { exited, startServer } from "./serverProcess";

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe("a SIGTERM while a booking waits for its supplier", () => {
  // A whole server process starts here (a fresh embedded database, migrated and seeded): on a loaded machine that alone can take half a minute.
  it("stops taking connections, finishes the booking, and exits cleanly", { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "aggregator-shutdown-"));
    const server = await startServer({ DATA_DIR: dataDir });
    try {
      const admin = new HttpClient(server.baseUrl);
      await admin.signIn("admin", "Admin#2026!");
      expect((await admin.request("PUT", "/api/admin/supplier-settings/ba-ndc", { latencyMs: 1_500 })).status).toBe(200);
      const agent = new HttpClient(server.baseUrl);
      await agent.signIn("agent", "Agent#2026!");
      const search = await agent.request("POST", "/api/flights/search", { originDestinations: [{ origin: "KWI", destination: "DXB", departureDate: inDays(40) }], passengers: { ADT: 1 } });
      const offer = (search.body as { data: PricedAirShoppingResponse }).data.offers.find((candidate) => candidate.supplierId === "ba-ndc")!;
      const booking = agent.request(
        "POST",
        "/api/orders",
        { ...referenceOf(offer), passengers: passengersFor(offer), contact: CONTACT, isBookAndHold: false, payment: { paymentMethodId: 1, card: null } },
        { "idempotency-key": `shutdown-${Date.now()}` },
      );
      // The booking is paid for and waiting for the slow supplier when the signal comes.
      const watcher = new HttpClient(server.baseUrl);
      await watcher.signIn("admin", "Admin#2026!");
      for (let tries = 0; tries < 100; tries += 1) {
        const pending = (await watcher.request("GET", "/api/orders?status=pending&pageSize=5")).body as { data: PlatformOrder[] };
        if (pending.data.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      server.child.kill("SIGTERM");
      await new Promise((resolve) => setTimeout(resolve, 100));
      await expect(new HttpClient(server.baseUrl).request("GET", "/health/live")).rejects.toThrow();

      const answered = await booking;
      expect(answered.status).toBe(200);
      expect((answered.body as { data: PlatformOrder }).data.status).toBe("confirm");
      await exited(server.child);
      expect(server.child.exitCode).toBe(0);
    } finally {
      server.child.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
