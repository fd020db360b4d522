import { describe, expect, it } from "vitest";
import { i18n } from "../../i18n/i18n";
import "../i18n/bookingStrings";
import { stayCounts } from "./stayCounts";

describe("a stay's counts in a sentence", () => {
  it("reads whole in Arabic, numbers isolated, plural forms kept", () => {
    const t = i18n.getFixedT("ar");
    const line = t("booking.hotel.results.stay", { checkIn: "2027-01-25", checkOut: "2027-01-27", ...stayCounts(t, { nights: 2, rooms: 1, guests: 3 }) });
    expect(line).not.toMatch(/[{}$]/);
    expect(line).toContain("ليلتان");
    const summary = t("booking.hotel.search.recentSummary", { checkIn: "2027-01-25", ...stayCounts(t, { nights: 5, rooms: 2, guests: 4 }) });
    expect(summary).not.toMatch(/[{}$]/);
  });

  it("reads in English", () => {
    const t = i18n.getFixedT("en");
    expect(t("booking.hotel.results.stay", { checkIn: "2027-01-25", checkOut: "2027-01-27", ...stayCounts(t, { nights: 2, rooms: 1, guests: 3 }) })).toBe("2027-01-25 to 2027-01-27 · 2 nights · 1 room · 3 guests");
  });
});
