import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createSchemaOf, defineResource, fieldShown, parseListQuery, updateSchemaOf } from "./defineResource";
import { suppliers } from "./suppliers";

const markets = defineResource({
  name: "markets",
  table: "markets",
  menu: "setup-configuration",
  tenancy: "owned",
  fields: [
    { name: "code", type: "text", labelKey: "resources.markets.code", rule: z.string().trim().min(2).max(10), listColumn: true, filter: true, sortable: true },
    { name: "name", type: "text", labelKey: "resources.markets.name", rule: z.string().trim().min(1), listColumn: true, sortable: true },
    { name: "active", type: "boolean", labelKey: "resources.markets.active", rule: z.boolean().optional(), filter: true },
  ],
});

describe("defineResource", () => {
  it("defaults the endpoints to REST under /api/<name> and keeps the legacy ones it is given", () => {
    expect(markets.endpoints).toEqual({
      list: "/api/markets",
      show: "/api/markets/:id",
      create: "/api/markets",
      update: "/api/markets/:id",
      remove: "/api/markets/:id",
    });
    const legacy = defineResource({ ...markets, endpoints: { create: "/api/insertMarket" } });
    expect(legacy.endpoints.create).toBe("/api/insertMarket");
    expect(legacy.endpoints.list).toBe("/api/markets");
  });

  it("refuses a field declared twice", () => {
    expect(() => defineResource({ ...markets, fields: [...markets.fields, markets.fields[0]!] })).toThrow(/code twice/);
  });
});

describe("fieldShown", () => {
  it("shows each supplier connection's own settings and nothing of another's", () => {
    const shownFor = (connection: string) => suppliers.fields.filter((field) => field.formSection === "connection" && fieldShown(field, { connection })).map((field) => field.name);
    expect(shownFor("none")).toEqual(["connection", "endpointUrl", "username", "apiKey", "apiSecret"]);
    expect(shownFor("hotelbeds")).toEqual(["connection", "endpointUrl", "apiKey", "apiSecret"]);
    expect(shownFor("duffel")).toEqual(["connection", "endpointUrl", "apiKey"]);
    expect(shownFor("iata_ndc")).toEqual(["connection", "endpointUrl", "apiKey", "iataNumber", "pseudoCity"]);
    expect(shownFor("xcover")).toEqual(["connection", "endpointUrl", "apiKey", "apiSecret", "partnerCode"]);
  });
});

describe("createSchemaOf / updateSchemaOf", () => {
  it("applies every field's rule and names each failing field", () => {
    const result = createSchemaOf(markets).safeParse({ code: "x", name: "" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["code", "name"]);
  });

  it("accepts a valid body, applying the rules' transforms, and refuses undeclared fields", () => {
    expect(createSchemaOf(markets).parse({ code: " EMEA ", name: "Europe" })).toEqual({ code: "EMEA", name: "Europe" });
    expect(createSchemaOf(markets).safeParse({ code: "EU", name: "Europe", organisation_id: 1 }).success).toBe(false);
  });

  it("lets an update send only what changes, still by the same rules", () => {
    expect(updateSchemaOf(markets).parse({ active: false })).toEqual({ active: false });
    expect(updateSchemaOf(markets).safeParse({ code: "x" }).success).toBe(false);
  });
});

describe("parseListQuery", () => {
  it("defaults to the first page of ten, unsorted and unfiltered", () => {
    expect(parseListQuery(markets, {})).toEqual({ page: 1, pageSize: 10, sorts: [], filters: [] });
  });

  it("reads what the data provider sends", () => {
    const query = parseListQuery(markets, {
      page: "3",
      pageSize: "25",
      sort: "name,code",
      order: "desc,asc",
      "filter[code]": "EU",
      "filter[active][eq]": "true",
    });
    expect(query).toEqual({
      page: 3,
      pageSize: 25,
      sorts: [
        { field: "name", order: "desc" },
        { field: "code", order: "asc" },
      ],
      filters: [
        { field: "code", operator: "eq", value: "EU" },
        { field: "active", operator: "eq", value: "true" },
      ],
    });
  });

  it("refuses sort and filter fields the declaration does not allow, so no other name reaches SQL", () => {
    expect(() => parseListQuery(markets, { sort: "active" })).toThrow(z.ZodError);
    expect(() => parseListQuery(markets, { "filter[name]": "x" })).toThrow(z.ZodError);
    expect(() => parseListQuery(markets, { "filter[code;drop]": "x" })).toThrow(z.ZodError);
    expect(() => parseListQuery(markets, { "filter[code][like]": "x" })).toThrow(z.ZodError);
    expect(() => parseListQuery(markets, { sort: "code", order: "sideways" })).toThrow(z.ZodError);
  });

  it("bounds the page size", () => {
    expect(() => parseListQuery(markets, { pageSize: "100000" })).toThrow(z.ZodError);
    expect(() => parseListQuery(markets, { page: "0" })).toThrow(z.ZodError);
  });
});

describe("updateSchemaOf defaults", () => {
  it("does not reset a defaulted field the update leaves out", () => {
    const withDefault = defineResource({
      ...markets,
      fields: [...markets.fields, { name: "priority", type: "number", labelKey: "resources.markets.priority", rule: z.number().int().default(1) }],
    });
    expect(updateSchemaOf(withDefault).parse({ name: "Gulf" })).toEqual({ name: "Gulf" });
    expect(createSchemaOf(withDefault).parse({ code: "GCC", name: "Gulf" })).toMatchObject({ priority: 1 });
  });
});
