import { describe, expect, it } from "vitest";
import { inputProblem, MAX_JSON_DEPTH } from "./inputGuard";

const nested = (levels: number): unknown => {
  let value: unknown = "leaf";
  for (let level = 0; level < levels; level += 1) value = level % 2 === 0 ? [value] : { inner: value };
  return value;
};

describe("inputProblem", () => {
  it("accepts ordinary bodies, Arabic text and dates from 1900 to 2100", () => {
    expect(inputProblem({ name: "رحلات الخليج", passengers: [{ dateOfBirth: "1900-01-01" }, { expiry: "2100-12-31" }], at: "2026-11-23T10:00:00.000Z" })).toBeUndefined();
    expect(inputProblem(nested(MAX_JSON_DEPTH))).toBeUndefined();
  });

  it("names the field holding a NUL or a text-direction override", () => {
    expect(inputProblem({ passengers: [{ lastName: "Smith\u0000" }] })).toMatchObject({ field: "passengers.0.lastName" });
    for (const character of ["\u202A", "\u202E", "\u2066", "\u2069"]) {
      expect(inputProblem({ reason: `pay ${character}refund` })?.field).toBe("reason");
    }
    expect(inputProblem({ ["na\u202Eme"]: "x" })?.field).toBe("na\u202Eme");
  });

  it("refuses dates outside 1900-2100, date-times included", () => {
    expect(inputProblem({ departureDate: "1899-12-31" })).toMatchObject({ field: "departureDate", message: "Dates run from 1900 to 2100." });
    expect(inputProblem({ legs: [{ departureDate: "2101-01-01" }] })?.field).toBe("legs.0.departureDate");
    expect(inputProblem({ at: "9999-01-01T00:00:00Z" })?.field).toBe("at");
    expect(inputProblem({ at: "+275760-09-13" })?.field).toBe("at");
  });

  it("refuses JSON nested deeper than 32 levels without recursing", () => {
    expect(inputProblem(nested(MAX_JSON_DEPTH + 1))).toMatchObject({ tooDeep: true });
    expect(inputProblem(nested(100_000))).toMatchObject({ tooDeep: true });
  });
});
