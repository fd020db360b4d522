import { describe, expect, it } from "vitest";
import { ApiRequestError } from "./ApiRequestError";
import { retryUnlessRefused } from "./queryRetry";

const failure = (statusCode: number) => new ApiRequestError({ statusCode, code: String(statusCode), message: "No" });

describe("query retries", () => {
  it("do not try again what the server refused", () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429]) expect(retryUnlessRefused(0, failure(status))).toBe(false);
  });

  it("try a server failure or a lost connection twice more", () => {
    for (const error of [failure(500), failure(503), new TypeError("Failed to fetch")]) {
      expect([0, 1, 2].map((count) => retryUnlessRefused(count, error))).toEqual([true, true, false]);
    }
  });
});
