import { describe, expect, it } from "vitest";
import { retryMessage, throttleVerdict } from "./throttleVerdict";

const now = new Date("2026-01-01T10:30:00Z");
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const rule = { limit: 3, windowSeconds: 900, now };

describe("throttleVerdict", () => {
  it("lets through while fewer failures than the limit are in the window", () => {
    expect(throttleVerdict([minutesAgo(1), minutesAgo(2)], rule)).toEqual({ blocked: false });
  });

  it("ignores failures older than the window", () => {
    expect(throttleVerdict([minutesAgo(16), minutesAgo(20), minutesAgo(1), minutesAgo(2)], rule)).toEqual({ blocked: false });
  });

  it("blocks at the limit until the oldest counted failure leaves the window", () => {
    expect(throttleVerdict([minutesAgo(1), minutesAgo(10), minutesAgo(5)], rule)).toEqual({
      blocked: true,
      retryAt: new Date(minutesAgo(10).getTime() + 900_000),
    });
  });

  it("with more failures than the limit, waits until the count falls below it", () => {
    const failures = [minutesAgo(14), minutesAgo(12), minutesAgo(8), minutesAgo(3)];
    expect(throttleVerdict(failures, rule)).toEqual({ blocked: true, retryAt: new Date(minutesAgo(12).getTime() + 900_000) });
  });
});

describe("retryMessage", () => {
  it("says when to try again, in minutes and as a UTC time", () => {
    expect(retryMessage(new Date("2026-01-01T10:45:00Z"), now)).toBe("Try again in 15 minutes (after 10:45 UTC).");
    expect(retryMessage(new Date("2026-01-01T10:30:20Z"), now)).toBe("Try again in 1 minute (after 10:30 UTC).");
  });
});
