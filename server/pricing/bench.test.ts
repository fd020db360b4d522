import { describe, expect, it } from "vitest";
import { benchMarkupEngine } from "./bench";

describe("benchMarkupEngine", () => {
  it("prices sandbox offers against synthetic rules and reports a rate", () => {
    const offersPerSecond = benchMarkupEngine(200, 50);
    expect(Number.isFinite(offersPerSecond)).toBe(true);
    expect(offersPerSecond).toBeGreaterThan(0);
  });
});
