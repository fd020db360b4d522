import { z } from "zod";
import { apiErrorSchema } from "./errors";
import type { Endpoint } from "./endpoints";

type JsonObject = Record<string, unknown>;

/** A zod schema as OpenAPI 3.1's JSON Schema (draft 2020-12): requests as the caller sends them, answers as the server writes them. */
const jsonSchema = (schema: z.ZodType, io: "input" | "output"): JsonObject => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonObject;
  return rest;
};

/** "/api/orders/{id}" → ["id"]. */
const pathParameters = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);

function queryParameters(query: z.ZodType | undefined): JsonObject[] {
  if (!query) return [];
  const schema = jsonSchema(query, "input") as { properties?: Record<string, JsonObject>; required?: string[] };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({ name, in: "query", required: (schema.required ?? []).includes(name), schema: property }));
}

/** What a call answers with 200: the platform's `{status, data}` envelope (lists add `total`), or its own whole answer. */
function answerSchema(endpoint: Endpoint): JsonObject {
  if (endpoint.answer) return jsonSchema(endpoint.answer, "output");
  const data = endpoint.data ? jsonSchema(endpoint.paginated ? z.array(endpoint.data) : endpoint.data, "output") : {};
  const properties: JsonObject = { status: { type: "integer", const: 200 }, data, message: { type: "string" } };
  if (endpoint.paginated) properties.total = { type: "integer", minimum: 0 };
  return { type: "object", properties, required: endpoint.paginated ? ["status", "data", "total"] : ["status"] };
}

const statusOf = (error: string) => error.split(" ")[0]!;

/** An operation's title: the summary's first sentence, cut at a word within 90 characters. */
function firstSentence(summary: string): string {
  const sentence = summary.split(/(?<=\.)\s/)[0]!;
  if (sentence.length <= 90) return sentence;
  return `${sentence.slice(0, sentence.lastIndexOf(" ", 88))} …`;
}

function operation(endpoint: Endpoint): JsonObject {
  const errors = new Map<string, string[]>();
  for (const error of ["400 validation_failed", "401 unauthorized", "403 forbidden", ...endpoint.errors]) {
    const status = statusOf(error);
    errors.set(status, [...(errors.get(status) ?? []), error.slice(status.length + 1)]);
  }
  const parameters = [
    ...pathParameters(endpoint.path).map((name) => ({ name, in: "path", required: true, schema: { type: "string" } })),
    ...queryParameters(endpoint.query),
    ...(endpoint.idempotent ? [{ name: "Idempotency-Key", in: "header", required: true, schema: { type: "string", pattern: "^[A-Za-z0-9_.:-]{8,128}$" } }] : []),
    ...(endpoint.bookingFor ? [{ name: "X-Booking-For", in: "header", required: false, schema: { type: "string", pattern: "^\\d+(/\\d+)?$" } }] : []),
  ];
  return {
    summary: firstSentence(endpoint.summary),
    description: `${endpoint.summary}\n\nAccess: ${endpoint.access}.`,
    operationId: `${endpoint.method.toLowerCase()}${endpoint.path.replace(/[^A-Za-z0-9]+(\w)?/g, (_, next: string | undefined) => (next ?? "").toUpperCase())}`,
    tags: [endpoint.path.split("/")[2] ?? "api"],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(endpoint.body ? { requestBody: { required: true, content: { "application/json": { schema: jsonSchema(endpoint.body, "input") } } } } : {}),
    responses: {
      "200": endpoint.file
        ? { description: "The file.", content: Object.fromEntries(endpoint.file.map((type) => [type, { schema: { type: "string", contentMediaType: type } }])) }
        : { description: "Done.", content: { "application/json": { schema: answerSchema(endpoint) } } },
      ...Object.fromEntries([...errors].map(([status, codes]) => [status, { description: codes.join(", "), content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } }])),
    },
  };
}

/**
 * The OpenAPI 3.1 document of the API, generated from the one route table (src/contract/endpoints.ts)
 * that docs/api.md is generated from too, and served at /api/openapi.json.
 */
export function openApiDocument(endpoints: readonly Endpoint[], version: string): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const endpoint of endpoints) paths[endpoint.path] = { ...paths[endpoint.path], [endpoint.method.toLowerCase()]: operation(endpoint) };
  return {
    openapi: "3.1.0",
    info: {
      title: "Aggregator platform API",
      version,
      description:
        "The travel agency aggregator's API (docs/api.md). Bodies travel in the platform's request envelope; money is integer minor units with a currency code; every order-changing call takes an Idempotency-Key.",
    },
    servers: [{ url: "/" }],
    paths,
    components: { schemas: { Error: jsonSchema(apiErrorSchema, "output") } },
  };
}
