/**
 * What no request may carry, whatever its route: checked once on every body, query string and
 * path before any handler runs, so a new route is covered without thinking of it.
 */

/** Containers (objects, arrays) nested deeper than this are refused. */
export const MAX_JSON_DEPTH = 32;

/** Dates outside these years are no travel, birth or booking date the platform deals in. */
export const EARLIEST_YEAR = 1900;
export const LATEST_YEAR = 2100;

/** NUL, and the bidirectional overrides and isolates that make text display other than it reads (Trojan Source). */
const FORBIDDEN_CHARACTERS = /[\u0000\u202A-\u202E\u2066-\u2069]/;

/** A date or date-time as ISO 8601 writes it: the year is what is checked. */
const ISO_DATE = /^([+-]?\d{4,6})-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export interface InputProblem {
  readonly field: string;
  readonly message: string;
  readonly tooDeep?: boolean;
}

function textProblem(text: string, field: string): InputProblem | undefined {
  if (FORBIDDEN_CHARACTERS.test(text)) return { field, message: "Contains a control or text-direction character that is not allowed." };
  const date = ISO_DATE.exec(text);
  if (date) {
    const year = Number(date[1]);
    if (year < EARLIEST_YEAR || year > LATEST_YEAR) return { field, message: `Dates run from ${EARLIEST_YEAR} to ${LATEST_YEAR}.` };
  }
  return undefined;
}

const join = (path: string, key: string | number) => (typeof key === "number" ? `${path}.${key}` : path === "" ? key : `${path}.${key}`);

/** The first thing wrong with a parsed JSON value (field path as the API's errors name it), or undefined. */
export function inputProblem(value: unknown): InputProblem | undefined {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path: "", depth: 0 }];
  while (pending.length > 0) {
    const { value: current, path, depth } = pending.pop()!;
    if (typeof current === "string") {
      const problem = textProblem(current, path === "" ? "body" : path);
      if (problem) return problem;
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (depth + 1 > MAX_JSON_DEPTH) return { field: path === "" ? "body" : path, message: `Nested deeper than ${MAX_JSON_DEPTH} levels.`, tooDeep: true };
    const entries: [string | number, unknown][] = Array.isArray(current) ? current.map((item, index) => [index, item]) : Object.entries(current);
    for (const [key, item] of entries) {
      const field = join(path, key);
      if (typeof key === "string") {
        const keyProblem = FORBIDDEN_CHARACTERS.test(key) ? { field, message: "The field name contains a character that is not allowed." } : undefined;
        if (keyProblem) return keyProblem;
      }
      pending.push({ value: item, path: field, depth: depth + 1 });
    }
  }
  return undefined;
}
