import { describe, expect, it } from "vitest";
import { countdownText, timeLeft } from "./countdown";

describe("hold countdown", () => {
  const limit = "2026-11-23T12:00:00.000Z";

  it("counts down days, hours, minutes and seconds to the time limit", () => {
    const left = timeLeft(limit, Date.parse("2026-11-22T09:54:51.000Z"));
    expect(left).toEqual({ expired: false, days: 1, hours: 2, minutes: 5, seconds: 9 });
    expect(countdownText(left)).toBe("1d 02:05:09");
    expect(countdownText(timeLeft(limit, Date.parse("2026-11-23T11:59:30.000Z")))).toBe("00:00:30");
  });

  it("expires at the limit and stays at zero after it", () => {
    expect(timeLeft(limit, Date.parse(limit)).expired).toBe(true);
    expect(timeLeft(limit, Date.parse(limit) + 60_000)).toEqual({ expired: true, days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
