import { describe, expect, it } from "vitest";
import { importPlan, type ImportTarget } from "./importPlan";

const credential = (supplierCode: string, apiKey = "k".repeat(32)) => ({ supplierCode, endpointUrl: `https://connector.example/${supplierCode}`, username: `ACC-${supplierCode}`, apiKey });
const target = (code: string, apiKey: string | undefined, id = 1): ImportTarget => ({ id, code, name: code.toUpperCase(), endpointUrl: null, username: "old-user", apiKey });

describe("importPlan", () => {
  it("says for each connection what the supplier holds now and after, and whether its key is added, replaced or kept", () => {
    const plan = importPlan(
      [credential("ba-ndc"), credential("tf", "same-key"), credential("lh", "new-key")],
      [target("ba-ndc", undefined, 1), target("tf", "same-key", 2), target("lh", "old-key", 3)],
    );
    expect(plan.skipped).toEqual([]);
    expect(plan.changes.map((change) => [change.supplierCode, change.apiKey])).toEqual([["ba-ndc", "added"], ["tf", "unchanged"], ["lh", "replaced"]]);
    expect(plan.changes[0]).toMatchObject({ supplierId: 1, supplierName: "BA-NDC", endpointUrl: { before: null, after: "https://connector.example/ba-ndc" }, username: { before: "old-user", after: "ACC-ba-ndc" } });
  });

  it("skips the connections the caller has no supplier for, writing nothing for them", () => {
    const plan = importPlan([credential("ba-ndc"), credential("unknown")], [target("ba-ndc", undefined)]);
    expect(plan.changes.map((change) => change.supplierCode)).toEqual(["ba-ndc"]);
    expect(plan.skipped).toEqual(["unknown"]);
  });
});
