import { z } from "zod";
import type { Endpoint } from "./endpoints";

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  additionalProperties?: JsonSchema | boolean;
}

const MAX_DEPTH = 8;

/** A JSON schema as a compact TypeScript-like type, for people to read. */
function typeText(schema: JsonSchema, indent: string, depth: number): string {
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map((variant) => typeText(variant, indent, depth)).join(" | ");
  if (schema.allOf) return schema.allOf.map((part) => typeText(part, indent, depth)).join(" & ");
  if (Array.isArray(schema.type)) return schema.type.join(" | ");
  switch (schema.type) {
    case "array":
      return `Array<${schema.items ? typeText(schema.items, indent, depth) : "unknown"}>`;
    case "object": {
      if (!schema.properties) return "object";
      if (depth >= MAX_DEPTH) return "{ … }";
      const inner = `${indent}  `;
      const required = new Set(schema.required ?? []);
      const lines = Object.entries(schema.properties).map(
        ([name, property]) => `${inner}${name}${required.has(name) ? "" : "?"}: ${typeText(property, inner, depth + 1)};`,
      );
      return `{\n${lines.join("\n")}\n${indent}}`;
    }
    case "string":
      return schema.format ? `string /* ${schema.format} */` : "string";
    case undefined:
      return "unknown";
    default:
      return schema.type;
  }
}

export function shapeOf(schema: z.ZodType, io: "input" | "output"): string {
  return typeText(z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema, "", 0);
}

const block = (title: string, text: string) => `${title}\n\n\`\`\`ts\n${text}\n\`\`\`\n`;

function section(endpoint: Endpoint): string {
  const parts = [`### ${endpoint.method} ${endpoint.path}\n`, `${endpoint.summary}\n`, `- Access: ${endpoint.access}`];
  if (endpoint.idempotent) parts.push("- Idempotency: `Idempotency-Key` header required (see above)");
  if (endpoint.bookingFor) parts.push("- Booking on behalf: honours `X-Booking-For` (see above)");
  parts.push("");
  if (endpoint.query) parts.push(block("Query parameters:", shapeOf(endpoint.query, "input")));
  if (endpoint.body) parts.push(block("Body (inside the sealed `payload`):", shapeOf(endpoint.body, "input")));
  if (endpoint.data) {
    const envelope = endpoint.paginated ? "`{status: 200, data: [item], total}`, item" : "`{status: 200, data}`, data";
    parts.push(block(`Response: ${envelope}:`, shapeOf(endpoint.data, "output")));
  } else if (endpoint.answer) {
    parts.push(block("Response (the whole answer, not the data envelope):", shapeOf(endpoint.answer, "output")));
  } else if (endpoint.file) {
    parts.push(`Response: the file (${endpoint.file.map((type) => `\`${type}\``).join(", ")}).\n`);
  }
  parts.push(`Errors: ${["400 validation_failed", ...endpoint.errors].map((error) => `\`${error}\``).join(", ")}.\n`);
  return parts.join("\n");
}

/** docs/api.md, generated from the contract so that it cannot drift (`npm run docs:api`). */
export function renderApiDocs(endpoints: readonly Endpoint[]): string {
  const header = `# API: every product, the administration resources, orders, reports and the credit ledger

Generated from \`src/contract/endpoints.ts\` by \`npm run docs:api\`; a unit test fails when this file is stale.
The same table is published as an OpenAPI 3.1 document at \`/api/openapi.json\` and as a readable
reference at \`/api/reference/\` on every running server.

Conventions (DESIGN.md section 2): request bodies travel sealed as \`{"payload": P}\`; every call needs
\`Authorization: Bearer <token>\` and, unless GET, the \`X-XSRF-TOKEN\` header. Answers are
\`{status: 200, data, total?, message?}\`; errors are \`{status, code, message, title, errors?: [{field, message}]}\`
with the same HTTP status: 400 bad input, 401 no or expired token, 403 the menu permission is missing,
404 not found or outside the caller's organisation subtree, 409 conflict, 422 business rule, 502/504 supplier.
Money is integer minor units with a currency code (3 decimals for KWD, BHD, JOD, OMR, ...).
A body is checked against its schema on every route: a wrong value and a field the call does not take are
both \`400 validation_failed\`, each named in \`errors\` by its path as written here (\`travellers.0.smoker\`).

**Idempotency.** Every order-changing call takes an \`Idempotency-Key\` header (8-128 of \`A-Z a-z 0-9 _ . : -\`),
new for each action and the same on a retry. A retry of a finished call returns the first answer again
(same status and body, header \`idempotent-replayed: true\`) without booking or debiting twice; a duplicate
still running gets 409 \`request_in_progress\`; the key reused with a different body gets 422
\`idempotency_key_reused\`; a missing key is 400 \`idempotency_key_required\`. A 5xx frees the key: a booking
its supplier refused (502, its payment given back) leaves a failed order that gives up the key, so a retry
with it is a new attempt. One exception: 504 \`booking_unconfirmed\` keeps the key in progress (409) until the
pending order is settled, within minutes; the key then answers as the booking ended (confirmed), or is freed (failed).

**Booking on behalf.** The shopping and checkout calls marked below take an \`X-Booking-For\` header,
\`<organisationId>\` or \`<organisationId>/<userId>\`: a caller with the \`pos: create\` permission then prices,
pays and is charged credit as that approved organisation of its subtree (and books for that active user of
it); the order keeps who booked it (\`bookedOnBehalf\`). 400 when malformed, 403 without \`pos: create\`,
404 \`organisation_not_found\` or \`user_not_found\` outside the subtree. Ticketing or changing an existing
order always pays from the order's own organisation.

`;
  return `${header}${endpoints.map(section).join("\n")}`;
}
