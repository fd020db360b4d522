/**
 * The fields of a request body its schema does not take, found by walking the body beside what
 * the schema made of it: a key of an object in the body that the parsed object lacks was
 * stripped, so the request named a field the contract does not have. One rule for every route,
 * however its schema is written (plain, unions, arrays, records keep their keys).
 */
export function unknownFields(input: unknown, parsed: unknown, path: readonly string[] = []): string[] {
  if (Array.isArray(input) && Array.isArray(parsed) && input.length === parsed.length) {
    return input.flatMap((element, index) => unknownFields(element, parsed[index], [...path, String(index)]));
  }
  if (!isPlainObject(input) || !isPlainObject(parsed)) return [];
  return Object.keys(input).flatMap((key) =>
    key in parsed ? unknownFields(input[key], parsed[key], [...path, key]) : [[...path, key].join(".")],
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
