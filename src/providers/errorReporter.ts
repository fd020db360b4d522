import type { ErrorCaptureRequest } from "../contract/errorCapture";
import { ApiRequestError } from "./ApiRequestError";

type ErrorKind = ErrorCaptureRequest["payData"]["kind"];

export interface ErrorReporterDependencies {
  send: (report: ErrorCaptureRequest) => Promise<unknown>;
  now: () => number;
  /** The console address now (path and query). */
  page: () => string;
  userAgent: string;
  project: string;
  /** Reports per minute at most; past it, errors wait for the next minute. */
  perMinute?: number;
}

/** Browser noise that says nothing about the console. */
const IGNORED = [/ResizeObserver loop/];

/** An error's message and stack, whatever was thrown. */
export function describeThrown(thrown: unknown): { message: string; stack?: string } {
  if (thrown instanceof Error) return { message: thrown.message || thrown.name, stack: thrown.stack };
  if (typeof thrown === "string") return { message: thrown };
  try {
    return { message: JSON.stringify(thrown) ?? String(thrown) };
  } catch {
    return { message: String(thrown) };
  }
}

/**
 * Reports the console's unhandled errors to the server (spec: payData and project), at most a few
 * a minute and each distinct error once a minute, so a render loop cannot flood it. A refused
 * API call is not reported: the user saw its message and the server logged it with its id.
 * Sending never fails loudly: a report that cannot be sent is dropped.
 */
export function createErrorReporter({ send, now, page, userAgent, project, perMinute = 5 }: ErrorReporterDependencies) {
  const minute = 60_000;
  let sentAt: number[] = [];
  const lastSent = new Map<string, number>();

  return function report(kind: ErrorKind, thrown: unknown, componentStack?: string): boolean {
    if (thrown instanceof ApiRequestError) return false;
    const { message, stack } = describeThrown(thrown);
    if (message.trim() === "" || IGNORED.some((pattern) => pattern.test(message))) return false;
    const at = now();
    sentAt = sentAt.filter((time) => at - time < minute);
    const key = `${kind}:${message}`;
    const previous = lastSent.get(key);
    if (sentAt.length >= perMinute || (previous !== undefined && at - previous < minute)) return false;
    sentAt.push(at);
    lastSent.set(key, at);
    const fullStack = [stack, componentStack && `Component stack:${componentStack}`].filter(Boolean).join("\n\n");
    void send({
      project,
      payData: { kind, message: message.slice(0, 2_000), page: page().slice(0, 2_000), userAgent: userAgent.slice(0, 500), ...(fullStack ? { stack: fullStack.slice(0, 16_000) } : {}) },
    }).catch(() => undefined);
    return true;
  };
}
