import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError, parseBody, toApiError } from "./apiError";

const frameworkError = (statusCode: number, code: string, message: string) => Object.assign(new Error(message), { statusCode, code });

describe("parseBody", () => {
  const schema = z.object({ username: z.string().min(1, "Enter your username."), age: z.number() });

  it("returns the parsed body", () => {
    expect(parseBody(schema, { username: "agent", age: 3 })).toEqual({ username: "agent", age: 3 });
  });

  it("lists each failing field", () => {
    try {
      parseBody(schema, { username: "" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).toBody()).toEqual({
        status: 400,
        code: "validation_failed",
        title: "Invalid request",
        message: "Some fields are not valid: username, age.",
        errors: [
          { field: "username", message: "Enter your username." },
          { field: "age", message: expect.any(String) },
        ],
      });
    }
  });

  it("reports a body of the wrong kind on the field 'body'", () => {
    expect(() => parseBody(schema, "text")).toThrow(/body/);
  });

  it("refuses a missing body with its own code", () => {
    expect(() => parseBody(schema, undefined)).toThrow(expect.objectContaining({ code: "body_required", status: 400 }));
  });
});

describe("toApiError", () => {
  it("keeps ApiErrors as they are", () => {
    const error = new ApiError(409, "conflict_here", "Already there.");
    expect(toApiError(error)).toBe(error);
  });

  it("maps the anti-forgery plugin's refusals to xsrf_token_invalid", () => {
    expect(toApiError(frameworkError(403, "FST_CSRF_INVALID_TOKEN", "Invalid csrf token"))?.toBody()).toMatchObject({
      status: 403,
      code: "xsrf_token_invalid",
    });
  });

  it("keeps the status of other framework client errors, with a snake_case code", () => {
    expect(toApiError(frameworkError(415, "FST_ERR_CTP_INVALID_MEDIA_TYPE", "Unsupported"))?.code).toBe("unsupported_media_type");
    expect(toApiError(frameworkError(400, "FST_ERR_SOMETHING", "Bad thing"))?.toBody()).toEqual({
      status: 400,
      code: "invalid_request",
      message: "Bad thing",
      title: "Invalid request",
    });
  });

  it("treats everything else as a bug", () => {
    expect(toApiError(new TypeError("x is undefined"))).toBeUndefined();
    expect(toApiError(frameworkError(503, "FST_X", "down"))).toBeUndefined();
    expect(toApiError("a string")).toBeUndefined();
  });
});
