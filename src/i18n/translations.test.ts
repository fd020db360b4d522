import { describe, expect, it } from "vitest";
import ar from "./ar.json";
import en from "./en.json";

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function keys(tree: object, prefix = ""): Set<string> {
  const found = new Set<string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = `${prefix}${key.replace(PLURAL_SUFFIX, "")}`;
    if (typeof value === "object" && value !== null) for (const nested of keys(value, `${path}.`)) found.add(nested);
    else found.add(path);
  }
  return found;
}

describe("translations", () => {
  it("has the same keys in English and Arabic", () => {
    expect([...keys(ar)].sort()).toEqual([...keys(en)].sort());
  });
});
