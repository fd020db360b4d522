import { describe, expect, it } from "vitest";
import { BOOKING_STRINGS } from "./bookingStrings";
import { i18n } from "../../i18n/i18n";

function leafKeys(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "object" && value !== null ? leafKeys(value, `${prefix}${key}.`) : [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, "")}`],
  );
}

describe("booking strings", () => {
  it("has every area in English and Arabic with the same keys", () => {
    expect(Object.keys(BOOKING_STRINGS.ar).sort()).toEqual(Object.keys(BOOKING_STRINGS.en).sort());
    expect(new Set(leafKeys(BOOKING_STRINGS.ar))).toEqual(new Set(leafKeys(BOOKING_STRINGS.en)));
  });

  it("is reachable through i18next under booking.<area>", () => {
    const [area] = Object.keys(BOOKING_STRINGS.en);
    expect(area).toBeDefined();
    expect(i18n.exists(`booking.${area}`, { lng: "en" })).toBe(true);
  });
});
