import { describe, expect, it } from "vitest";
import type { ErrorCaptureRequest } from "../contract/errorCapture";
import { ApiRequestError } from "./ApiRequestError";
import { createErrorReporter, describeThrown } from "./errorReporter";

function setup(send: (report: ErrorCaptureRequest) => Promise<unknown> = async () => undefined) {
  const sent: ErrorCaptureRequest[] = [];
  let time = 1_000_000;
  const report = createErrorReporter({
    send: (body) => {
      sent.push(body);
      return send(body);
    },
    now: () => time,
    page: () => "/bookings?status=Hold",
    userAgent: "Chromium",
    project: "AGG",
  });
  return { report, sent, advance: (ms: number) => (time += ms) };
}

describe("error reporter", () => {
  it("sends the error's message, stack, the page and the component stack, as payData of the project", () => {
    const { report, sent } = setup();
    const error = new TypeError("Cannot read properties of undefined (reading 'segments')");
    expect(report("render", error, "\n    at FareTable\n    at ResultsPage")).toBe(true);
    expect(sent).toEqual([
      {
        project: "AGG",
        payData: {
          kind: "render",
          message: "Cannot read properties of undefined (reading 'segments')",
          page: "/bookings?status=Hold",
          userAgent: "Chromium",
          stack: expect.stringMatching(/TypeError[\s\S]*Component stack:\n    at FareTable/),
        },
      },
    ]);
  });

  it("sends one distinct error once a minute, and at most five a minute", () => {
    const { report, sent, advance } = setup();
    expect(report("error", new Error("loop"))).toBe(true);
    expect(report("error", new Error("loop"))).toBe(false);
    for (let index = 0; index < 10; index += 1) report("error", new Error(`error ${index}`));
    expect(sent).toHaveLength(5);
    advance(60_000);
    expect(report("error", new Error("loop"))).toBe(true);
    expect(sent).toHaveLength(6);
  });

  it("leaves out refused API calls, browser noise and empty messages; a failed send is dropped quietly", async () => {
    const { report, sent } = setup(() => Promise.reject(new Error("offline")));
    expect(report("unhandledrejection", new ApiRequestError({ statusCode: 422, code: "credit_limit_exceeded", message: "Not enough credit." }))).toBe(false);
    expect(report("error", "ResizeObserver loop completed with undelivered notifications.")).toBe(false);
    expect(report("error", new Error(""))).toBe(true);
    expect(sent[0]?.payData.message).toBe("Error");
    expect(report("unhandledrejection", { reason: "plain object" })).toBe(true);
    expect(sent[1]?.payData.message).toBe('{"reason":"plain object"}');
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

  it("describes whatever was thrown", () => {
    expect(describeThrown("text")).toEqual({ message: "text" });
    expect(describeThrown(undefined)).toEqual({ message: "undefined" });
  });
});
