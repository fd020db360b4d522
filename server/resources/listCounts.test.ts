import { describe, expect, it } from "vitest";
import { ListCounts } from "./listCounts";

describe("list totals", () => {
  it("are counted once a moment per key, again after two seconds or a write", async () => {
    let now = 0;
    let counted = 0;
    const counts = new ListCounts(() => now);
    const count = async () => ((counted += 1), 40 + counted);
    expect(await counts.total("org 1, kind flight", count)).toBe(41);
    now = 1_999;
    expect(await counts.total("org 1, kind flight", count)).toBe(41);
    expect(await counts.total("org 3, kind flight", count)).toBe(42);
    now = 2_000;
    expect(await counts.total("org 1, kind flight", count)).toBe(43);
    counts.forget();
    expect(await counts.total("org 1, kind flight", count)).toBe(44);
    expect(counted).toBe(4);
  });
});
