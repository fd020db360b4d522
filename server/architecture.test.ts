import { createRequire } from "node:module";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import { describe, expect, it } from "vitest";

const ruleSet = createRequire(import.meta.url)("../.dependency-cruiser.cjs");

describe("dependency rules (.dependency-cruiser.cjs)", () => {
  it("the order core imports no product: products register with it", async () => {
    const { output } = await cruise(["server"], { validate: true, ruleSet, doNotFollow: { path: "node_modules" }, tsPreCompilationDeps: true }, undefined, { tsConfig: { fileName: "tsconfig.json" } });
    const violations = (output as ICruiseResult).summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`);
    expect(violations).toEqual([]);
  }, 60_000);
});
