import { describe, expect, it } from "vitest";
import { i18n } from "../../i18n/i18n";
import "../i18n/bookingStrings";
import { activityPageParams, activityPagePath, durationText } from "./activityPaths";

describe("activity page address", () => {
  it("round-trips the supplier, the dates and the party", () => {
    const path = activityPagePath({ activityCode: "A00F00004", supplierId: "desert-city-experiences" }, { from: "2027-02-10", to: "2027-02-12", participants: { adults: 2, children: 1, infants: 0 } });
    expect(path).toBe("/activities/A00F00004?supplier=desert-city-experiences&from=2027-02-10&to=2027-02-12&party=2-1-0");
    expect(activityPageParams(new URLSearchParams(path.split("?")[1]))).toEqual({ supplierId: "desert-city-experiences", from: "2027-02-10", to: "2027-02-12", participants: { adults: 2, children: 1, infants: 0 } });
  });

  it("refuses a malformed address", () => {
    expect(activityPageParams(new URLSearchParams("supplier=x&from=2027-02-10&to=2027-02-12&party=0-1-0"))).toBeNull();
    expect(activityPageParams(new URLSearchParams("supplier=x&from=2027-02-10&to=2027-02-12&party=2-1"))).toBeNull();
    expect(activityPageParams(new URLSearchParams("from=2027-02-10&to=2027-02-12&party=2-1-0"))).toBeNull();
  });

  it("says how long in hours and minutes, passes in days", () => {
    const t = i18n.getFixedT("en");
    expect([45, 120, 210, 1_440, 4_320].map((minutes) => durationText(minutes, t))).toEqual(["45 min", "2 h", "3 h 30 min", "1 day", "3 days"]);
  });
});
