import type { FastifyInstance } from "fastify";
import { ApiError, toApiError } from "./apiError";
import { handOutXsrfToken } from "./xsrf";

const internalError = () =>
  new ApiError(500, "internal_error", "The server hit an unexpected error. It has been logged; please try again later.");

/** Every error leaves as `{status, code, message, title, errors?}` with the same HTTP status. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error);
    if (apiError === undefined) {
      request.log.error({ err: error }, "unexpected error");
      return reply.status(500).send(internalError().toBody());
    }
    if (apiError.code === "xsrf_token_invalid") handOutXsrfToken(reply);
    if (apiError.details.retryAfterSeconds !== undefined) reply.header("retry-after", String(apiError.details.retryAfterSeconds));
    return reply.status(apiError.status).send(apiError.toBody());
  });
}
