import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";
import { describe, expect, it } from "vitest";
import { addDays, instantOfLocalTime, localDate, localDateTime } from "./localTime";

dayjs.extend(utc);
dayjs.extend(timezone);

const ZONES = ["Europe/London", "Asia/Kuwait", "America/New_York", "Australia/Lord_Howe", "Asia/Kathmandu", "America/St_Johns", "Pacific/Chatham", "UTC"];
/** Days around the changes of clocks in both hemispheres, and ordinary ones. */
const DAYS = ["2027-03-14", "2027-03-28", "2027-04-04", "2027-06-15", "2027-09-26", "2027-10-31", "2027-11-07", "2027-12-31"];

describe("airport wall-clock times", () => {
  it("agree with dayjs's timezone plugin on every quarter hour around the changes of clocks", () => {
    for (const zone of ZONES) {
      for (const day of DAYS) {
        for (let minute = 0; minute < 24 * 60; minute += 15) {
          const wall = `${day} ${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
          const instant = instantOfLocalTime(day, minute, zone);
          const shown = localDateTime(instant, zone);
          expect(shown, `${wall} ${zone}`).toBe(dayjs(instant).tz(zone).format("YYYY-MM-DDTHH:mm:ssZ"));
          expect(localDate(instant, zone)).toBe(dayjs(instant).tz(zone).format("YYYY-MM-DD"));
          // dayjs reads a time the clocks pass twice in today's offset; ours is always the first of the two.
          const theirs = dayjs.tz(wall, zone).valueOf();
          if (shown.startsWith(wall.replace(" ", "T"))) {
            expect(dayjs(theirs).tz(zone).format("YYYY-MM-DD HH:mm"), `${wall} ${zone}`).toBe(wall);
            expect(instant, `${wall} ${zone}`).toBeLessThanOrEqual(theirs);
            expect(localDateTime(instant - 60 * 60_000, zone).startsWith(wall.replace(" ", "T")), `${wall} ${zone}`).toBe(false);
          }
        }
      }
    }
  }, 30_000);

  it("keep UTC for an airport without a known zone", () => {
    expect(localDateTime(Date.UTC(2027, 0, 2, 3, 4, 5), "")).toBe("2027-01-02T03:04:05+00:00");
    expect(instantOfLocalTime("2027-01-02", 90, "")).toBe(Date.UTC(2027, 0, 2, 1, 30));
  });

  it("count days across months and years", () => {
    expect(addDays("2027-12-30", 3)).toBe("2028-01-02");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
  });
});
