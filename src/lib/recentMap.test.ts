import { describe, expect, it } from "vitest";
import { setRecent } from "./recentMap";

describe("a map of the most recent entries", () => {
  it("drops the entry set longest ago once past its limit; setting a key again makes it recent", () => {
    const map = new Map<string, number>();
    setRecent(map, "a", 1, 2);
    setRecent(map, "b", 2, 2);
    setRecent(map, "a", 3, 2);
    setRecent(map, "c", 4, 2);
    expect([...map]).toEqual([["a", 3], ["c", 4]]);
  });
});
