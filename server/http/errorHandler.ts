import type { FastifyInstance } from "fastify";
import { SESSION_EXPIRED_STATUS } from "../../src/contract/errors";
import { ApiError, toApiError } from "./apiError";
import { handOutXsrfToken } from "./xsrf";

const internalError = (requestId: string) =>
  new ApiError(500, "internal_error", `The server hit an unexpected error. It has been logged under reference ${requestId}; please try again later.`);

/** Every error leaves as `{status, code, message, title, errors?, requestId}` with the same HTTP status. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const apiError = toApiError(error);
    if (apiError === undefined) {
      request.log.error({ err: error }, "unexpected error");
      return reply.status(500).send({ ...internalError(request.id).toBody(), requestId: request.id });
    }
    if (apiError.code === "xsrf_token_invalid") handOutXsrfToken(reply);
    // Node has no reason phrase for 440; IIS's, which the legacy console was built against, is this one.
    if (apiError.status === SESSION_EXPIRED_STATUS) reply.raw.statusMessage = "Login Time-out";
    if (apiError.details.retryAfterSeconds !== undefined) reply.header("retry-after", String(apiError.details.retryAfterSeconds));
    if (apiError.details.location !== undefined) reply.header("location", apiError.details.location);
    return reply.status(apiError.status).send({ ...apiError.toBody(), requestId: request.id });
  });
}
