import type { FieldError } from "../contract/errors";
import { setRecent } from "../lib/recentMap";

export interface ApiRequestErrorInit {
  statusCode: number;
  code: string;
  message: string;
  title?: string;
  fieldErrors?: FieldError[];
  /** The server's id of the request (its logs have it): what to quote to support. */
  requestId?: string;
  body?: unknown;
}

/** The request ids of the latest failures by their message, so a toast that shows a failure's message can quote its id. */
const MAX_REMEMBERED_FAILURES = 20;
const recentFailures = new Map<string, string>();

/** The server's request id of the latest failure with this message, if the server gave one. */
export function requestIdOfFailure(message: string): string | undefined {
  return recentFailures.get(message);
}

/**
 * What every failed API call rejects with. It satisfies Refine's HttpError (message,
 * statusCode, errors keyed by field), so forms show field messages from the server.
 */
export class ApiRequestError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly title: string;
  readonly fieldErrors: FieldError[];
  readonly errors: Record<string, string>;
  readonly requestId: string | undefined;
  readonly body: unknown;

  constructor({ statusCode, code, message, title = "", fieldErrors = [], requestId, body }: ApiRequestErrorInit) {
    super(message);
    this.name = "ApiRequestError";
    this.statusCode = statusCode;
    this.code = code;
    this.title = title;
    this.fieldErrors = fieldErrors;
    this.errors = Object.fromEntries(fieldErrors.map((error) => [error.field, error.message]));
    this.requestId = requestId;
    this.body = body;
    if (requestId) setRecent(recentFailures, message, requestId, MAX_REMEMBERED_FAILURES);
  }
}
