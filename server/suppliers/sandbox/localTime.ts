import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);
dayjs.extend(timezone);

/** Airports whose zone OpenFlights does not know keep UTC rather than failing the search. */
const zoneOrUtc = (timeZone: string) => (timeZone === "" ? "UTC" : timeZone);

/** The instant (epoch ms) of a wall-clock time at an airport. */
export function instantOfLocalTime(localDate: string, minuteOfDay: number, timeZone: string): number {
  const hours = String(Math.floor(minuteOfDay / 60)).padStart(2, "0");
  const minutes = String(minuteOfDay % 60).padStart(2, "0");
  return dayjs.tz(`${localDate} ${hours}:${minutes}`, zoneOrUtc(timeZone)).valueOf();
}

/** 2025-05-01T08:30:00+01:00: the airport's wall clock with its offset. */
export function localDateTime(instant: number, timeZone: string): string {
  return dayjs(instant).tz(zoneOrUtc(timeZone)).format("YYYY-MM-DDTHH:mm:ssZ");
}

export function localDate(instant: number, timeZone: string): string {
  return dayjs(instant).tz(zoneOrUtc(timeZone)).format("YYYY-MM-DD");
}

export function addDays(isoDate: string, days: number): string {
  return dayjs.utc(isoDate).add(days, "day").format("YYYY-MM-DD");
}
