import { describe, expect, it } from "vitest";
import { AIRLINE_FILTER_LETTERS, FARE_FAMILIES, INSURANCE_PLANS, nextTwentyYears } from "./referenceLists";

describe("reference lists", () => {
  it("has the twelve fare families, all selected and available", () => {
    expect(FARE_FAMILIES.map((family) => family.code)).toEqual(
      Array.from({ length: 12 }, (_, index) => `F${String(index + 1).padStart(2, "0")}`),
    );
    expect(FARE_FAMILIES.every((family) => family.selected && family.available)).toBe(true);
  });

  it("lists insurance plans with All first", () => {
    expect(INSURANCE_PLANS[0]?.code).toBe("All");
    expect(INSURANCE_PLANS).toHaveLength(18);
  });

  it("offers ALL plus A to Z as airline initials", () => {
    expect(AIRLINE_FILTER_LETTERS).toHaveLength(27);
    expect(AIRLINE_FILTER_LETTERS.at(-1)).toBe("Z");
  });

  it("lists the next 20 calendar years from this one", () => {
    const years = nextTwentyYears(new Date("2026-03-01T00:00:00Z"));
    expect(years).toHaveLength(20);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(2045);
  });
});
