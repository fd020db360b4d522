import { z } from "zod";

type Issue = z.core.$ZodRawIssue;

const KINDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "yes or no",
  array: "a list",
  object: "a group of fields",
  date: "a date",
  bigint: "a whole number",
};

const FORMATS: Record<string, string> = {
  email: "Not an email address",
  date: "A date as YYYY-MM-DD",
  datetime: "A date and time",
  time: "A time as HH:MM",
  url: "Not a web address",
};

const count = (amount: unknown, one: string, many: string) => `${String(amount)} ${amount === 1 || amount === 1n ? one : many}`;

/**
 * zod's own messages speak of types and operators ("Too small: expected string to have >=1
 * characters"); these say what the field needs, for whoever reads them beside it. A rule's
 * own message, where it gives one, still wins.
 */
export function plainMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined || issue.input === null ? "Required" : `Should be ${KINDS[issue.expected] ?? issue.expected}`;
    case "too_small":
      if (issue.origin === "string") return issue.minimum === 1 ? "Required" : `At least ${count(issue.minimum, "character", "characters")}`;
      if (issue.origin === "array" || issue.origin === "set") return issue.minimum === 1 ? "Choose at least one" : `At least ${count(issue.minimum, "item", "items")}`;
      return issue.inclusive ? `At least ${String(issue.minimum)}` : `More than ${String(issue.minimum)}`;
    case "too_big":
      if (issue.origin === "string") return `At most ${count(issue.maximum, "character", "characters")}`;
      if (issue.origin === "array" || issue.origin === "set") return `At most ${count(issue.maximum, "item", "items")}`;
      return issue.inclusive ? `At most ${String(issue.maximum)}` : `Less than ${String(issue.maximum)}`;
    case "invalid_format":
      return FORMATS[issue.format] ?? "Not in the expected form";
    case "invalid_value":
      return `One of: ${issue.values.map(String).join(", ")}`;
    case "not_multiple_of":
      return `A multiple of ${String(issue.divisor)}`;
    case "unrecognized_keys":
      return `Not expected here: ${issue.keys.join(", ")}`;
    case "invalid_union":
      return "Not one of the accepted forms";
    default:
      return undefined;
  }
}

/** Installs the plain messages for every schema of the process (the server at start, the console at load). */
export function installPlainMessages(): void {
  z.config({ customError: plainMessage });
}
