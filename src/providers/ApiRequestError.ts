import type { FieldError } from "../contract/errors";

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
  }
}
