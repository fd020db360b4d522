import { describe, expect, it } from "vitest";
import { benchMarkupEngine } from "./bench";

describe("benchMarkupEngine", () => {
  it("prices sandbox offers against synthetic rules and reports a rate", () => {
    const figures = benchMarkupEngine(200, 50);
    expect(figures.offersPerSecond).toBeGreaterThan(0);
    expect(figures.searchMs).toBeGreaterThan(0);
    expect(figures.firstSearchMs).toBeGreaterThan(0);
  });
});
