import { describe, expect, it } from "vitest";
import { isPaused, SupplierBreakers, withBreaker } from "./breakers";
import { SupplierError } from "./supplierError";

const failing = () => Promise.reject(new Error("supplier down"));
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("supplier circuit breakers", () => {
  it("pause a supplier after failures in a row without asking it, try it once after the pause, and close on an answer", async () => {
    const breakers = new SupplierBreakers({ failures: 2, pausedForMs: 50 });
    let asked = 0;
    const counted = () => ((asked += 1), failing());
    await expect(breakers.run("ba", counted)).rejects.toThrow("supplier down");
    expect(breakers.circuitOf("ba")).toBe("closed");
    await expect(breakers.run("ba", counted)).rejects.toThrow("supplier down");
    expect(breakers.circuitOf("ba")).toBe("open");
    // Paused: refused at once, the supplier not asked; the others are not affected.
    const refused = await breakers.run("ba", counted).catch((error: unknown) => error);
    expect(isPaused(refused)).toBe(true);
    expect(asked).toBe(2);
    await expect(breakers.run("lh", () => Promise.resolve("offers"))).resolves.toBe("offers");
    await wait(70);
    await expect(breakers.run("ba", () => Promise.resolve("offers"))).resolves.toBe("offers");
    expect(breakers.circuitOf("ba")).toBe("closed");
  });

  it("open again when the try after the pause fails, and close at once when reset", async () => {
    const breakers = new SupplierBreakers({ failures: 1, pausedForMs: 30 });
    await breakers.run("tf", failing).catch(() => undefined);
    await wait(50);
    await expect(breakers.run("tf", failing)).rejects.toThrow("supplier down");
    expect(breakers.circuitOf("tf")).toBe("open");
    breakers.reset("tf");
    expect(breakers.circuitOf("tf")).toBe("closed");
    await expect(breakers.run("tf", () => Promise.resolve(1))).resolves.toBe(1);
  });

  it("count breakdowns only: a supplier that refuses (an expired offer) is answering", async () => {
    const breakers = new SupplierBreakers({ failures: 2, pausedForMs: 1_000 });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await expect(breakers.run("ba", () => Promise.reject(new SupplierError("OFFER_EXPIRED", "gone")))).rejects.toThrow("gone");
    }
    expect(breakers.circuitOf("ba")).toBe("closed");
    for (const code of ["SUPPLIER_FAILURE", "RATE_LIMITED"] as const) {
      breakers.reset("ba");
      await breakers.run("ba", () => Promise.reject(new SupplierError(code, "down"))).catch(() => undefined);
      await breakers.run("ba", () => Promise.reject(new SupplierError(code, "down"))).catch(() => undefined);
      expect(breakers.circuitOf("ba")).toBe("open");
    }
  });

  it("guard the named calls of an adapter: a paused supplier's booking is refused without asking it; other calls pass", async () => {
    const breakers = new SupplierBreakers({ failures: 1, pausedForMs: 1_000 });
    let booked = 0;
    const adapter = {
      supplierId: "hb",
      book: async () => {
        booked += 1;
        throw new SupplierError("SUPPLIER_FAILURE", "down");
      },
      name: () => "Hotelbeds",
    };
    const guarded = withBreaker(adapter, ["book"], breakers);
    await expect(guarded.book()).rejects.toThrow("down");
    const refused = await guarded.book().catch((error: unknown) => error);
    expect(isPaused(refused)).toBe(true);
    expect(booked).toBe(1);
    expect(guarded.name()).toBe("Hotelbeds");
    expect(guarded.supplierId).toBe("hb");
  });
});
