import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import ar from "./ar.json";
import en from "./en.json";
import { CONSOLE_STRINGS } from "../console/consoleStrings";
import { BOOKING_STRINGS } from "../booking/i18n/bookingStrings";

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

  it("counts every counted word through i18next plurals, in both languages", () => {
    // A number before a word ("{{count}} days") is a plural form, never "(s)" or a fixed word.
    const strings = (tree: object, prefix = ""): [string, string][] =>
      Object.entries(tree).flatMap(([key, value]) => (typeof value === "object" && value !== null ? strings(value, `${prefix}${key}.`) : [[`${prefix}${key}`, String(value)] as [string, string]]));
    const english = [...strings(en), ...strings(CONSOLE_STRINGS.en), ...strings({ booking: BOOKING_STRINGS.en })];
    const arabic = new Map([...strings(ar), ...strings(CONSOLE_STRINGS.ar), ...strings({ booking: BOOKING_STRINGS.ar })]);
    expect(english.filter(([key, text]) => /\{\{count\}\}\s*\p{L}/u.test(text) && !PLURAL_SUFFIX.test(key)).map(([key]) => key)).toEqual([]);
    expect(english.filter(([, text]) => /\(s\)|\(ren\)/.test(text)).map(([key]) => key)).toEqual([]);
    // Arabic counts in six forms (zero, one, two, few, many, other).
    const pluralBases = new Set(english.filter(([key]) => PLURAL_SUFFIX.test(key)).map(([key]) => key.replace(PLURAL_SUFFIX, "")));
    const missing = [...pluralBases].flatMap((base) => ["zero", "one", "two", "few", "many", "other"].filter((form) => !arabic.has(`${base}_${form}`)).map((form) => `${base}_${form}`));
    expect(missing).toEqual([]);
  });
});
