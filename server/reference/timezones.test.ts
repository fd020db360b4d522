import { describe, expect, it } from "vitest";
import { listTimezones, utcOffset } from "./timezones";

const winter = new Date("2026-01-15T12:00:00Z");
const summer = new Date("2026-07-15T12:00:00Z");

describe("utcOffset", () => {
  it("gives the offset in effect at the moment asked", () => {
    expect(utcOffset("Asia/Kuwait", winter)).toBe("+03:00");
    expect(utcOffset("Europe/London", winter)).toBe("+00:00");
    expect(utcOffset("Europe/London", summer)).toBe("+01:00");
    expect(utcOffset("America/St_Johns", winter)).toBe("-03:30");
    expect(utcOffset("Asia/Kolkata", summer)).toBe("+05:30");
  });
});

describe("listTimezones", () => {
  it("lists the IANA zones with offsets", () => {
    const zones = listTimezones(winter);
    expect(zones.length).toBeGreaterThan(300);
    expect(zones).toContainEqual({ name: "Asia/Kuwait", offset: "+03:00" });
    for (const zone of zones) expect(zone.offset).toMatch(/^[+-]\d{2}:\d{2}$/);
  });
});
