import { describe, expect, it } from "vitest";
import { SUPPLIER_SOURCES } from "../../../src/config/referenceLists";
import { createSandboxSuppliers } from "./sandboxSupplier";

describe("createSandboxSuppliers", () => {
  it("configures the spec's three sources, each clearly a sandbox", () => {
    const suppliers = createSandboxSuppliers();
    expect(suppliers.map((supplier) => supplier.supplierName)).toEqual(SUPPLIER_SOURCES.map((source) => `${source} (sandbox)`));
    expect(suppliers.every((supplier) => supplier.isSandbox)).toBe(true);
    expect(suppliers.map((supplier) => supplier.supplierId)).toEqual(["ba-ndc", "lufthansa-group-ndc", "travelfusion"]);
  });

  it("lets switches be set at runtime, one supplier at a time", () => {
    const [ba, lufthansa] = createSandboxSuppliers();
    expect(ba!.setSwitches({ latencyMs: 250, errorRate: 0.5 })).toEqual({ latencyMs: 250, errorRate: 0.5, timeout: false });
    expect(ba!.setSwitches({ timeout: true })).toEqual({ latencyMs: 250, errorRate: 0.5, timeout: true });
    expect(lufthansa!.switches).toEqual({ latencyMs: 0, errorRate: 0, timeout: false });
    expect(() => ba!.setSwitches({ errorRate: 2 })).toThrow(RangeError);
    expect(ba!.switches.errorRate).toBe(0.5);
  });
});
