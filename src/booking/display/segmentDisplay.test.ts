import { describe, expect, it } from "vitest";
import { airlineDisplayName, dayShift, formatMinutes, isoDurationMinutes, localTime } from "./segmentDisplay";

describe("segment display (spec section 5)", () => {
  it("shows Deutsche Lufthansa AG as Lufthansa and cuts bracketed text", () => {
    expect(airlineDisplayName("Deutsche Lufthansa AG")).toBe("Lufthansa");
    expect(airlineDisplayName("British Airways [BA Euroflyer]")).toBe("British Airways");
    expect(airlineDisplayName("Kuwait Airways")).toBe("Kuwait Airways");
  });

  it("turns ISO durations into minutes and hours-and-minutes", () => {
    expect(isoDurationMinutes("PT7H25M")).toBe(445);
    expect(isoDurationMinutes("PT45M")).toBe(45);
    expect(isoDurationMinutes("P1DT2H")).toBe(1_560);
    expect(() => isoDurationMinutes("7h")).toThrow(RangeError);
    expect(formatMinutes(445)).toBe("7h 25m");
    expect(formatMinutes(45)).toBe("45m");
    expect(formatMinutes(120, { hours: " س", minutes: " د" })).toBe("2 س");
  });

  it("reads local times and the day shift of an overnight flight", () => {
    expect(localTime("2026-12-10T21:30:00+03:00")).toBe("21:30");
    expect(dayShift("2026-12-10T21:30:00+03:00", "2026-12-11T01:10:00+00:00")).toBe(1);
  });
});
