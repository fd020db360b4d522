import type { Timezone } from "../../src/contract/reference";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** A zone's UTC offset at a moment, as "+03:00" / "-09:30" / "+00:00". */
export function utcOffset(timeZone: string, at: Date): string {
  const name = formatterFor(timeZone)
    .formatToParts(at)
    .find((part) => part.type === "timeZoneName")?.value;
  // longOffset gives "GMT+03:00", or bare "GMT" for UTC itself.
  const offset = name?.replace(/^GMT/, "") ?? "";
  return offset === "" ? "+00:00" : offset;
}

/** Every IANA time zone the runtime knows, with its offset now. */
export function listTimezones(at: Date): Timezone[] {
  return Intl.supportedValuesOf("timeZone").map((name) => ({ name, offset: utcOffset(name, at) }));
}
