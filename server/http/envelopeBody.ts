import type { FastifyInstance } from "fastify";
import type { EnvelopeOptions } from "../../src/contract/envelope";
import { ApiError } from "./apiError";
import { EnvelopeError, openEnvelope } from "./envelope";

/**
 * Every request body is the contract's envelope `{"payload": "<sealed JSON>"}`. The parser
 * opens it before routing goes on, so a bad body is a 400 that never reaches a handler.
 * JSON is the only body type accepted (anything else is a 415).
 */
export function registerEnvelopeBodies(app: FastifyInstance, options: EnvelopeOptions): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, rawBody, done) => {
    try {
      done(null, openEnvelope(String(rawBody), options));
    } catch (error) {
      if (error instanceof EnvelopeError) return done(new ApiError(400, error.code, error.message));
      done(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
