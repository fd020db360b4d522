/** Spec section 5 display rules for flight segments. */

/** 'Deutsche Lufthansa AG' is shown as Lufthansa; text in square brackets is cut after its first part. */
export function airlineDisplayName(name: string): string {
  if (name.includes("Deutsche Lufthansa AG")) return "Lufthansa";
  const bracket = name.indexOf("[");
  return (bracket >= 0 ? name.slice(0, bracket) : name).trim();
}

/** An ISO 8601 duration (PT..H..M, with optional days) as total minutes. */
export function isoDurationMinutes(duration: string): number {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?)?$/.exec(duration);
  if (!match) throw new RangeError(`Not an ISO duration: "${duration}".`);
  const [, days = "0", hours = "0", minutes = "0"] = match;
  return Number(days) * 1_440 + Number(hours) * 60 + Number(minutes);
}

/** Minutes as "7h 25m" (units translated by the caller's labels). */
export function formatMinutes(totalMinutes: number, units: { hours: string; minutes: string } = { hours: "h", minutes: "m" }): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return `${minutes}${units.minutes}`;
  return minutes === 0 ? `${hours}${units.hours}` : `${hours}${units.hours} ${minutes}${units.minutes}`;
}

/** The local clock time of an offset date-time (the airport's time, as printed on tickets). */
export const localTime = (dateTime: string) => dateTime.slice(11, 16);
export const localDate = (dateTime: string) => dateTime.slice(0, 10);

/** Whole days between the local departure and arrival dates, for the "+1" marker. */
export function dayShift(departure: string, arrival: string): number {
  return Math.round((Date.parse(`${localDate(arrival)}T00:00:00Z`) - Date.parse(`${localDate(departure)}T00:00:00Z`)) / 86_400_000);
}
