import { describe, expect, it } from "vitest";
import { nextLevelOf } from "./upgrades";

const PLATINUM = { id: 1, rank: 1 };
const GOLD = { id: 2, rank: 2 };
const SILVER = { id: 3, rank: 3 };
const STANDARD = { id: 4, rank: 4 };

describe("the next partner level", () => {
  it("is one step up the ladder, whatever order the levels come in", () => {
    expect(nextLevelOf([GOLD, STANDARD, PLATINUM, SILVER], SILVER)).toBe(GOLD);
    expect(nextLevelOf([GOLD, STANDARD, PLATINUM, SILVER], STANDARD)).toBe(SILVER);
  });

  it("is the first step for an organisation on no level, and none at the top", () => {
    expect(nextLevelOf([GOLD, STANDARD, PLATINUM], null)).toBe(STANDARD);
    expect(nextLevelOf([GOLD, PLATINUM], PLATINUM)).toBeNull();
    expect(nextLevelOf([], null)).toBeNull();
  });

  it("skips a rank no level holds", () => {
    expect(nextLevelOf([PLATINUM, STANDARD], STANDARD)).toBe(PLATINUM);
  });
});
