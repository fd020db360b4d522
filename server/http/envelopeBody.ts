import type { FastifyInstance } from "fastify";
import type { EnvelopeOptions } from "../../src/contract/envelopeOptions";
import { ApiError } from "./apiError";
import { EnvelopeError, openEnvelope } from "./envelope";
import { inputProblem, type InputProblem } from "./inputGuard";

const refusal = (problem: InputProblem) =>
  new ApiError(400, problem.tooDeep ? "body_too_deep" : "invalid_input", problem.tooDeep ? "The request body is nested too deeply." : `${problem.field}: ${problem.message}`, {
    errors: [{ field: problem.field, message: problem.message }],
  });

/**
 * Every request body is the contract's envelope `{"payload": "<sealed JSON>"}`. The parser
 * opens it before routing goes on, so a bad body is a 400 that never reaches a handler; so is
 * a body, query string or path carrying what no request may (inputGuard.ts).
 * JSON is the only body type accepted (anything else is a 415).
 */
export function registerEnvelopeBodies(app: FastifyInstance, options: EnvelopeOptions): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, rawBody, done) => {
    try {
      const body = openEnvelope(String(rawBody), options);
      const problem = inputProblem(body);
      if (problem) return done(refusal(problem));
      done(null, body);
    } catch (error) {
      if (error instanceof EnvelopeError) return done(new ApiError(400, error.code, error.message));
      done(error instanceof Error ? error : new Error(String(error)));
    }
  });
  app.addHook("preValidation", async (request) => {
    const problem = inputProblem(request.query) ?? inputProblem(request.params);
    if (problem) throw refusal(problem);
  });
}
