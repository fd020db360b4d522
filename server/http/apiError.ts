import { z } from "zod";
import type { ApiError as ApiErrorBody, FieldError, RowError } from "../../src/contract/errors";
import { SESSION_EXPIRED_STATUS } from "../../src/contract/errors";
import { unknownFields } from "./unknownFields";

const TITLES: Record<number, string> = {
  400: "Invalid request",
  401: "Not signed in",
  402: "Payment required",
  403: "Not allowed",
  404: "Not found",
  409: "Conflict",
  413: "Request too large",
  415: "Unsupported content type",
  422: "Cannot be done",
  429: "Too many attempts",
  [SESSION_EXPIRED_STATUS]: "Session expired",
  500: "Something went wrong",
};

const titleFor = (status: number) => TITLES[status] ?? (status >= 500 ? "Something went wrong" : "Request failed");

/** An error the API answers on purpose: `{status, code, message, title, errors?}` with that HTTP status. */
export class ApiError extends Error {
  readonly title: string;

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: {
      title?: string;
      errors?: FieldError[];
      rows?: RowError[];
      retryAfterSeconds?: number;
      /** The outcome is still being settled (an order left pending): its Idempotency-Key stays in progress until the reconciler settles it. */
      keyInProgress?: boolean;
      /** Where the client goes on (a hosted payments page). */
      location?: string;
    } = {},
  ) {
    super(message);
    this.name = "ApiError";
    this.title = details.title ?? titleFor(status);
  }

  toBody(): ApiErrorBody {
    const body: ApiErrorBody = { status: this.status, code: this.code, message: this.message, title: this.title };
    if (this.details.errors !== undefined) body.errors = this.details.errors;
    if (this.details.rows !== undefined) body.rows = this.details.rows;
    if (this.details.location !== undefined) body.location = this.details.location;
    return body;
  }
}

/** An upload refused whole: its problems as field errors ("row 3, value") and, for a console to lay out, row by row. */
export function sheetRejected(rows: RowError[]): ApiError {
  return new ApiError(400, "upload_invalid", `Nothing was imported: ${rows.length} problem(s) in the sheet.`, {
    errors: rows.map((error) => ({ field: `row ${error.row}${error.column ? `, ${error.column}` : ""}`, message: error.message })),
    rows,
  });
}

export const sessionExpired = (message: string) => new ApiError(SESSION_EXPIRED_STATUS, "session_expired", message);

const UNKNOWN_FIELD = "This request does not take this field";

/** Zod issues -> one field error each; a problem with the body as a whole is reported on "body". */
function validationError(error: z.ZodError): ApiError {
  // A field the request does not take is named itself, as a wrong value is.
  return validationFailed(
    error.issues.flatMap((issue) =>
      issue.code === "unrecognized_keys"
        ? issue.keys.map((key) => ({ field: [...issue.path.map(String), key].join("."), message: UNKNOWN_FIELD }))
        : [{ field: issue.path.map(String).join(".") || "body", message: issue.message }],
    ),
  );
}

function validationFailed(errors: FieldError[]): ApiError {
  const fields = [...new Set(errors.map((fieldError) => fieldError.field))];
  return new ApiError(400, "validation_failed", `Some fields are not valid: ${fields.join(", ")}.`, { errors });
}

/**
 * A request body checked against its contract schema; a missing body is a 400 of its own, and so
 * is a field the contract does not have, on every route (a schema strips it; the caller meant it).
 */
export function parseBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.infer<Schema> {
  if (body === undefined) {
    throw new ApiError(400, "body_required", 'This request needs a body: {"payload": "<sealed body>"}.');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  const stray = unknownFields(body, parsed.data);
  if (stray.length > 0) throw validationFailed(stray.map((field) => ({ field, message: UNKNOWN_FIELD })));
  return parsed.data;
}

export function parseQuery<Schema extends z.ZodType>(schema: Schema, query: unknown): z.infer<Schema> {
  const parsed = schema.safeParse(query ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

const FRAMEWORK_CODES: Record<string, { code: string; message?: string }> = {
  FST_CSRF_INVALID_TOKEN: {
    code: "xsrf_token_invalid",
    message: "The X-XSRF-TOKEN header does not match the XSRF-TOKEN cookie. A fresh cookie was set: retry the request with it.",
  },
  FST_CSRF_MISSING_SECRET: {
    code: "xsrf_token_invalid",
    message: "This request carries no anti-forgery token. A fresh XSRF-TOKEN cookie was set: retry the request with it.",
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: "unsupported_media_type",
    message: 'Send request bodies as application/json: {"payload": "<sealed body>"}.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: "payload_too_large", message: "The request body is too large." },
};

/**
 * Any thrown value -> the ApiError to answer with, or undefined when it is a bug (500).
 * Fastify's own client errors (bad content type, body too large, XSRF) keep their status.
 */
export function toApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (error instanceof z.ZodError) return validationError(error);
  if (!(error instanceof Error)) return undefined;
  const status = "statusCode" in error && typeof error.statusCode === "number" ? error.statusCode : undefined;
  if (status === undefined || status < 400 || status >= 500) return undefined;
  const known = "code" in error && typeof error.code === "string" ? FRAMEWORK_CODES[error.code] : undefined;
  const code = known?.code ?? titleFor(status).toLowerCase().replace(/[^a-z]+/g, "_");
  return new ApiError(status, code, known?.message ?? error.message);
}
