import { describe, expect, it } from "vitest";
import { matchingBranches, type OrganisationNode } from "./organisationTree";

const node = (id: number, name: string, children: OrganisationNode[] = []): OrganisationNode => ({ id, name, type: "CR", hierarchyLevel: 0, currency: "KWD", creditLimit: 0, creditUsed: 0, creditUnlimited: false, users: 0, bookingsThisMonth: 0, children });
const TREE = node(1, "Head Office", [node(2, "Gulf Partner", [node(3, "Gulf Horizon Travel", [node(5, "Salmiya Branch")]), node(4, "Desert Rose Tours")])]);

describe("searching the organisation tree", () => {
  it("keeps the organisations whose name matches, in any case, with every one above them", () => {
    expect([...matchingBranches(TREE, "salmiya")].sort()).toEqual([1, 2, 3, 5]);
    expect([...matchingBranches(TREE, "ROSE")].sort()).toEqual([1, 2, 4]);
  });

  it("keeps everything for no text and nothing for a name nobody has", () => {
    expect(matchingBranches(TREE, "  ").size).toBe(5);
    expect(matchingBranches(TREE, "Atlantis").size).toBe(0);
  });
});
