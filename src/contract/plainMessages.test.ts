import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { installPlainMessages } from "./plainMessages";

const messages = (schema: z.ZodType, value: unknown) => (schema.safeParse(value).error?.issues ?? []).map((issue) => issue.message);

describe("plain validation messages", () => {
  beforeAll(installPlainMessages);
  afterAll(() => z.config({ customError: undefined }));

  it("say what a field needs, not what zod compared", () => {
    const schema = z.strictObject({
      name: z.string().trim().min(1),
      code: z.string().min(3).max(5),
      priority: z.number().int().min(1).max(9),
      airlines: z.array(z.string()).min(1),
      kind: z.enum(["flight", "hotel"]),
      email: z.email(),
      from: z.iso.date(),
      iata: z.string().regex(/^[A-Z]{3}$/),
      agent: z.boolean(),
    });
    expect(messages(schema, { name: " ", code: "ab", priority: 12, airlines: [], kind: "ship", email: "nope", from: "2026", iata: "kw", agent: "yes", extra: 1 })).toEqual([
      "Required",
      "At least 3 characters",
      "At most 9",
      "Choose at least one",
      "One of: flight, hotel",
      "Not an email address",
      "A date as YYYY-MM-DD",
      "Not in the expected form",
      "Should be yes or no",
      "Not expected here: extra",
    ]);
    expect(messages(schema.shape.name, undefined)).toEqual(["Required"]);
  });

  it("leave a rule's own message as it is", () => {
    expect(messages(z.string().min(2, "Give the role a name"), "")).toEqual(["Give the role a name"]);
  });
});
