import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import ar from "./ar.json";
import en from "./en.json";
import { CONSOLE_STRINGS } from "../console/consoleStrings";

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
    expect([...keys(CONSOLE_STRINGS.ar)].sort()).toEqual([...keys(CONSOLE_STRINGS.en)].sort());
  });

  it("keeps the sign-in bundle's strings and the console's apart", () => {
    // Read from disk: i18next merges the console's strings into the imported objects.
    const signIn = JSON.parse(readFileSync(new URL("./en.json", import.meta.url), "utf8")) as object;
    expect(Object.keys(CONSOLE_STRINGS.en).filter((namespace) => namespace in signIn)).toEqual([]);
  });
});
