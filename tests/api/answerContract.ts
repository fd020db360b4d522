import type { z } from "zod";
import type { Endpoint } from "../../src/contract/endpoints";
import { ROUTE_TABLE } from "../../src/contract/routeTable";
import type { SentAnswer } from "../../server/app";

const declared = new Map(ROUTE_TABLE.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint]));

/** What a successful answer of the route must be: its whole body, or the envelope's data. */
function expectedOf(endpoint: Endpoint): { schema: z.ZodType; at: "body" | "data" } | null {
  if (endpoint.answer) return { schema: endpoint.answer, at: "body" };
  if (endpoint.data) return { schema: endpoint.paginated ? endpoint.data.array() : endpoint.data, at: "data" };
  return null;
}

/**
 * Holds every successful JSON answer to its route's declaration in the route table: the answer
 * the docs and the OpenAPI document describe is the one the server writes. Answers what is off
 * (route, and the first problems zod finds), or null.
 */
export function offContract(answer: SentAnswer): string | null {
  if (answer.statusCode < 200 || answer.statusCode >= 300) return null;
  const endpoint = declared.get(`${answer.method} ${answer.route.replace(/:(\w+)/g, "{$1}")}`);
  if (!endpoint || endpoint.file) return null;
  const expected = expectedOf(endpoint);
  if (!expected) return `${answer.method} ${answer.route} answered JSON but declares no answer`;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return null;
  }
  if (endpoint.paginated && !Number.isInteger((body as { total?: unknown }).total)) return `${answer.method} ${answer.route}: total is not a whole number`;
  const value = expected.at === "body" ? body : (body as { data?: unknown }).data;
  const checked = expected.schema.safeParse(value);
  if (checked.success) return null;
  const problems = checked.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".") || "(answer)"}: ${issue.message}`);
  return `${answer.method} ${answer.route}: ${problems.join("; ")}`;
}
