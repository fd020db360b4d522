import { describe, expect, it } from "vitest";
import { blockMinutes, greatCircleKm, isoDuration } from "./flightTime";
import { hashHex, seededRandom } from "./prng";

describe("flight times", () => {
  it("measure great-circle distances", () => {
    const heathrow = { latitude: 51.4706, longitude: -0.461941 };
    const kennedy = { latitude: 40.639751, longitude: -73.778925 };
    expect(greatCircleKm(heathrow, kennedy)).toBeGreaterThan(5_500);
    expect(greatCircleKm(heathrow, kennedy)).toBeLessThan(5_600);
    expect(greatCircleKm(heathrow, heathrow)).toBe(0);
  });

  it("turn distance into block time in whole five minutes", () => {
    expect(blockMinutes(0)).toBe(35);
    expect(blockMinutes(830)).toBe(90);
    expect(blockMinutes(5_540) % 5).toBe(0);
  });

  it("write durations the ISO way", () => {
    expect(isoDuration(445)).toBe("PT7H25M");
    expect(isoDuration(120)).toBe("PT2H");
    expect(isoDuration(45)).toBe("PT45M");
  });
});

describe("seeded randomness", () => {
  it("repeats for the same seed and differs for another", () => {
    const draw = (seed: string) => {
      const random = seededRandom(seed);
      return [random.next(), random.integer(1, 6), random.pick(["a", "b", "c"])];
    };
    expect(draw("LHR|JFK")).toEqual(draw("LHR|JFK"));
    expect(draw("LHR|JFK")).not.toEqual(draw("LHR|BOS"));
    expect(hashHex("anything")).toMatch(/^[0-9A-F]{8}$/);
  });
});
