/**
 * PostgreSQL `bigint` (int8) as a JS number. Both drivers go through this parser (pg as
 * text, PGlite likewise), so amounts and counts look the same on either database. A value
 * beyond 2^53 would lose precision silently as a number, so it fails loudly instead.
 */
export const INT8_TYPE_ID = 20;

export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`The bigint ${text} is beyond the safe integer range of JavaScript numbers.`);
  }
  return value;
}
