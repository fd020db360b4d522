import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "./apiError";
import { registerErrorHandler } from "./errorHandler";

async function appThatThrows(error: unknown) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  app.get("/boom", async () => {
    throw error;
  });
  return app.inject({ method: "GET", url: "/boom" });
}

describe("the error handler", () => {
  it("answers a bug with a generic 500 that leaks nothing but names the request's reference in the log", async () => {
    const response = await appThatThrows(new TypeError("secret detail of the bug"));
    expect(response.statusCode).toBe(500);
    const body = response.json<{ requestId: string; message: string }>();
    expect(body).toEqual({ status: 500, code: "internal_error", title: "Something went wrong", message: expect.not.stringContaining("secret"), requestId: expect.any(String) });
    expect(body.message).toContain(`reference ${body.requestId}`);
  });

  it("answers an ApiError with its own status and body", async () => {
    const response = await appThatThrows(new ApiError(409, "already_there", "It is already there."));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ status: 409, code: "already_there", message: "It is already there.", title: "Conflict", requestId: expect.any(String) });
  });

  it("answers a session expiry with 440 and the legacy reason phrase", async () => {
    const response = await appThatThrows(new ApiError(440, "session_expired", "Sign in again."));
    expect(response.statusCode).toBe(440);
    expect(response.statusMessage).toBe("Login Time-out");
  });

  it("answers a stray zod error as a 400 with field errors", async () => {
    const parsed = z.object({ name: z.string() }).safeParse({});
    const response = await appThatThrows(parsed.error);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "validation_failed", errors: [{ field: "name" }] });
  });

  it("sets Retry-After when the error says when to retry", async () => {
    const response = await appThatThrows(new ApiError(429, "too_many_attempts", "Later.", { retryAfterSeconds: 60 }));
    expect(response.headers["retry-after"]).toBe("60");
  });
});
