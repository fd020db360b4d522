import type { FieldError } from "../contract/errors";

export interface ApiRequestErrorInit {
  statusCode: number;
  code: string;
  message: string;
  title?: string;
  fieldErrors?: FieldError[];
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
  readonly body: unknown;

  constructor({ statusCode, code, message, title = "", fieldErrors = [], body }: ApiRequestErrorInit) {
    super(message);
    this.name = "ApiRequestError";
    this.statusCode = statusCode;
    this.code = code;
    this.title = title;
    this.fieldErrors = fieldErrors;
    this.errors = Object.fromEntries(fieldErrors.map((error) => [error.field, error.message]));
    this.body = body;
  }
}
