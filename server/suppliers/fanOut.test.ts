import { describe, expect, it } from "vitest";
import { airShoppingRequestSchema, type AirShoppingResponse } from "../../src/contract/shopping";
import { askEach, fanOut, type SupplierCallLog } from "./fanOut";
import { BA_NDC, LUFTHANSA_GROUP_NDC, TRAVELFUSION } from "./sandbox/profiles";
import { SandboxSupplier } from "./sandbox/sandboxSupplier";
import type { SupplierAdapter } from "./types";

const NOW = new Date("2025-05-01T10:00:00Z");
const request = airShoppingRequestSchema.parse({
  originDestinations: [{ origin: "LHR", destination: "FRA", departureDate: "2025-06-10" }],
  passengers: { ADT: 1 },
});

/** A supplier that only searches. */
function stubSupplier(name: string, airShopping: SupplierAdapter["airShopping"]): SupplierAdapter {
  const unused = () => Promise.reject(new Error("Not part of a search."));
  return {
    supplierId: name,
    supplierName: name,
    isSandbox: true,
    airShopping,
    offerPrice: unused,
    serviceList: unused,
    seatAvailability: unused,
    orderCreate: unused,
    orderRetrieve: unused,
    orderRetrieveByClientReference: unused,
    orderReshop: unused,
    orderChange: unused,
    orderCancel: unused,
  };
}

const suppliers = () => [BA_NDC, LUFTHANSA_GROUP_NDC, TRAVELFUSION].map((profile) => new SandboxSupplier(profile, () => NOW));

describe("fanOut", () => {
  it("merges every supplier's offers when all answer", async () => {
    const [ba, lufthansa, travelfusion] = suppliers();
    const result = await fanOut([ba!, lufthansa!, travelfusion!], request, { timeoutMs: 5_000 });
    expect(result.warnings).toEqual([]);
    const bySupplier = new Set(result.offers.map((offer) => offer.supplierId));
    expect(bySupplier).toEqual(new Set(["ba-ndc", "lufthansa-group-ndc"]));
  });

  it("keeps a failing and a slow supplier from failing the search, naming both", async () => {
    const [ba, lufthansa, travelfusion] = suppliers();
    lufthansa!.setSwitches({ errorRate: 1 });
    travelfusion!.setSwitches({ latencyMs: 2_000 });
    const started = Date.now();
    const result = await fanOut([ba!, lufthansa!, travelfusion!], request, { timeoutMs: 150 });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(result.offers.length).toBeGreaterThan(0);
    expect(result.offers.every((offer) => offer.supplierId === "ba-ndc")).toBe(true);
    expect(result.warnings).toEqual([
      {
        supplierId: "lufthansa-group-ndc",
        supplierName: "Lufthansa Group NDC (sandbox)",
        reason: "error",
        message: "Lufthansa Group NDC (sandbox) failed: The sandbox supplier failed (fault injection).",
      },
      {
        supplierId: "travelfusion",
        supplierName: "Travelfusion (sandbox)",
        reason: "timeout",
        message: "Travelfusion (sandbox) did not answer within 150 ms.",
      },
    ]);
  });

  it("times out a supplier switched to never answer", async () => {
    const [ba] = suppliers();
    ba!.setSwitches({ timeout: true });
    const result = await fanOut([ba!], request, { timeoutMs: 50 });
    expect(result).toEqual({ offers: [], warnings: [expect.objectContaining({ supplierId: "ba-ndc", reason: "timeout" })] });
  });

  it("abandons an adapter that ignores its abort signal", async () => {
    const stubborn = stubSupplier("Stubborn", () => new Promise<AirShoppingResponse>(() => {}));
    const result = await fanOut([stubborn], request, { timeoutMs: 30 });
    expect(result.warnings).toEqual([expect.objectContaining({ supplierId: "Stubborn", reason: "timeout" })]);
  });

  it("hides the details of unexpected errors", async () => {
    const broken = stubSupplier("Broken", () => Promise.reject(new TypeError("x is undefined")));
    const result = await fanOut([broken], request, { timeoutMs: 1_000 });
    expect(result.warnings[0]).toMatchObject({ reason: "error", message: "Broken failed: unexpected error" });
  });

  it("stops when the caller aborts", async () => {
    const [ba] = suppliers();
    ba!.setSwitches({ latencyMs: 1_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const result = await fanOut([ba!], request, { timeoutMs: 5_000, signal: controller.signal });
    expect(result.warnings).toEqual([expect.objectContaining({ supplierId: "ba-ndc", reason: "timeout" })]);
  });

  it("times each supplier's own call, though in-process suppliers share the thread", async () => {
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    const working = (name: string, ms: number) => ({ supplierId: name, supplierName: name, work: async () => {
      await Promise.resolve();
      busy(ms);
      return name;
    } });
    const logged: Parameters<SupplierCallLog>[0][] = [];
    await askEach([working("quick", 40), working("slow", 200)], (adapter) => adapter.work(), { timeoutMs: 5_000, log: async (calls) => void logged.push(calls) });
    const [quick, slow] = logged[0]!;
    // Timed apart, the quick one is some 160 ms quicker; timed together, both took about 240 ms.
    expect(slow!.durationMs).toBeGreaterThanOrEqual(200);
    expect(slow!.durationMs - quick!.durationMs).toBeGreaterThanOrEqual(120);
  });
});
