import { describe, expect, it } from "vitest";
import { z } from "zod";
import { unknownFields } from "./unknownFields";

const schema = z.object({
  name: z.string(),
  rooms: z.array(z.object({ adults: z.number() })),
  note: z.string().optional(),
  tags: z.record(z.string(), z.number()),
  when: z.union([z.object({ date: z.string() }), z.object({ days: z.number() })]),
});

function strayFields(body: unknown): string[] {
  return unknownFields(body, schema.parse(body));
}

const valid = { name: "A", rooms: [{ adults: 2 }], tags: { x: 1 }, when: { date: "2026-12-01" } };

describe("unknownFields", () => {
  it("finds nothing in a body the schema takes whole, records and unions included", () => {
    expect(strayFields(valid)).toEqual([]);
    expect(strayFields({ ...valid, note: "n" })).toEqual([]);
  });

  it("names a stray field at the top, inside an array element and inside a union branch", () => {
    expect(strayFields({ ...valid, ref: "x" })).toEqual(["ref"]);
    expect(strayFields({ ...valid, rooms: [{ adults: 1 }, { adults: 2, children: 1 }] })).toEqual(["rooms.1.children"]);
    expect(strayFields({ ...valid, when: { date: "2026-12-01", time: "10:00" } })).toEqual(["when.time"]);
  });

  it("leaves a value the schema turned into something else alone", () => {
    const dated = z.object({ at: z.string().transform((text) => new Date(text)) });
    expect(unknownFields({ at: "2026-12-01" }, dated.parse({ at: "2026-12-01" }))).toEqual([]);
  });
});
