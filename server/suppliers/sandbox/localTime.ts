/**
 * Wall-clock times at airports, on the runtime's time-zone database (Intl). A search lays out
 * thousands of departures and arrivals, so each zone's formatter is made once and its offset
 * from UTC is kept per quarter of an hour (zones change their offset only on such boundaries).
 */

/** Airports whose zone OpenFlights does not know keep UTC rather than failing the search. */
const zoneOrUtc = (timeZone: string) => (timeZone === "" ? "UTC" : timeZone);

const MINUTE_MS = 60_000;
const QUARTER_HOUR_MS = 15 * MINUTE_MS;
const DAY_MS = 24 * 60 * MINUTE_MS;
const MAX_REMEMBERED_OFFSETS = 100_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Minutes the zone's clocks are ahead of UTC at an instant. */
function offsetMinutes(instant: number, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(instant / QUARTER_HOUR_MS)}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const part: Record<string, number> = {};
  for (const { type, value } of formatterOf(timeZone).formatToParts(instant)) part[type] = Number(value);
  const wallAsUtc = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  const offset = Math.round((wallAsUtc - Math.floor(instant / 1000) * 1000) / MINUTE_MS);
  if (offsets.size >= MAX_REMEMBERED_OFFSETS) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

const twoDigits = (value: number) => String(value).padStart(2, "0");

/** The wall clock at an instant, as a Date read with its UTC getters. */
const wallClock = (instant: number, offset: number) => new Date(instant + offset * MINUTE_MS);

const isoDate = (wall: Date) => `${wall.getUTCFullYear()}-${twoDigits(wall.getUTCMonth() + 1)}-${twoDigits(wall.getUTCDate())}`;

/**
 * The instant (epoch ms) of a wall-clock time at an airport. A time the clocks skip (the hour
 * of a spring change) is read in the offset before the change; a time they pass twice, the first.
 */
export function instantOfLocalTime(localDate: string, minuteOfDay: number, timeZone: string): number {
  const zone = zoneOrUtc(timeZone);
  const [year, month, day] = localDate.split("-").map(Number);
  const wallAsUtc = Date.UTC(year!, month! - 1, day!) + minuteOfDay * MINUTE_MS;
  // The offsets a day before and a day after: the wall time read in each is a candidate if the zone has that offset then.
  const before = offsetMinutes(wallAsUtc - DAY_MS, zone);
  const after = offsetMinutes(wallAsUtc + DAY_MS, zone);
  const candidates = [before, after].map((offset) => ({ offset, instant: wallAsUtc - offset * MINUTE_MS })).filter(({ offset, instant }) => offsetMinutes(instant, zone) === offset);
  if (candidates.length === 0) return wallAsUtc - before * MINUTE_MS;
  return Math.min(...candidates.map(({ instant }) => instant));
}

/** 2025-05-01T08:30:00+01:00: the airport's wall clock with its offset. */
export function localDateTime(instant: number, timeZone: string): string {
  const offset = offsetMinutes(instant, zoneOrUtc(timeZone));
  const wall = wallClock(instant, offset);
  const sign = offset < 0 ? "-" : "+";
  const absolute = Math.abs(offset);
  const time = `${twoDigits(wall.getUTCHours())}:${twoDigits(wall.getUTCMinutes())}:${twoDigits(wall.getUTCSeconds())}`;
  return `${isoDate(wall)}T${time}${sign}${twoDigits(Math.floor(absolute / 60))}:${twoDigits(absolute % 60)}`;
}

export function localDate(instant: number, timeZone: string): string {
  const zone = zoneOrUtc(timeZone);
  return isoDate(wallClock(instant, offsetMinutes(instant, zone)));
}

export function addDays(isoDay: string, days: number): string {
  const [year, month, day] = isoDay.split("-").map(Number);
  return isoDate(new Date(Date.UTC(year!, month! - 1, day! + days)));
}
