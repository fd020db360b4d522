import { describe, expect, it } from "vitest";
import { parseInt8 } from "./int8";

describe("parseInt8", () => {
  it("reads bigint text as a number", () => {
    expect(parseInt8("5000000")).toBe(5_000_000);
    expect(parseInt8("-42")).toBe(-42);
    expect(parseInt8(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("refuses values a number cannot hold exactly", () => {
    expect(() => parseInt8("9007199254740993")).toThrow(RangeError);
  });
});
