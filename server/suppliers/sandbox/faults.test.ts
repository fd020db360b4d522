import { describe, expect, it } from "vitest";
import { applyFaults, NO_FAULTS, validateSwitches } from "./faults";

const live = () => new AbortController().signal;

describe("sandbox fault switches", () => {
  it("do nothing when off", async () => {
    await expect(applyFaults(NO_FAULTS, live(), () => 0)).resolves.toBeUndefined();
  });

  it("fail the share of calls the error rate asks for", async () => {
    const switches = { ...NO_FAULTS, errorRate: 0.25 };
    await expect(applyFaults(switches, live(), () => 0.2)).rejects.toMatchObject({ code: "SUPPLIER_FAILURE" });
    await expect(applyFaults(switches, live(), () => 0.3)).resolves.toBeUndefined();
  });

  it("add latency, cut short by the caller's abort", async () => {
    const started = Date.now();
    await applyFaults({ ...NO_FAULTS, latencyMs: 40 }, live(), () => 1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
    await expect(applyFaults({ ...NO_FAULTS, latencyMs: 10_000 }, AbortSignal.timeout(20), () => 1)).rejects.toMatchObject({ code: "TIMEOUT" });
    await expect(applyFaults({ ...NO_FAULTS, timeout: true }, AbortSignal.timeout(20), () => 1)).rejects.toMatchObject({ code: "TIMEOUT" });
  });

  it("refuse impossible values", () => {
    expect(() => validateSwitches({ ...NO_FAULTS, errorRate: 1.5 })).toThrow(RangeError);
    expect(() => validateSwitches({ ...NO_FAULTS, latencyMs: -1 })).toThrow(RangeError);
    expect(() => validateSwitches({ ...NO_FAULTS, latencyMs: 2.5 })).toThrow(RangeError);
  });
});
