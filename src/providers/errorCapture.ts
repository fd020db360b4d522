import { ERROR_LOG_PROJECT_ID } from "../config/constants";
import { loadApiClient } from "./apiCode";
import { createErrorReporter } from "./errorReporter";

/** Reports an unhandled error of the console to POST /api/error_capture_logs, quietly. */
export const reportError = createErrorReporter({
  send: async (report) => (await loadApiClient()).post("/api/error_capture_logs", report, { quiet: true }),
  now: Date.now,
  page: () => `${window.location.pathname}${window.location.search}`,
  userAgent: navigator.userAgent,
  project: ERROR_LOG_PROJECT_ID,
});

/** Errors thrown outside React and promises rejected with nobody waiting for them. */
export function captureUnhandledErrors(target: Window): void {
  target.addEventListener("error", (event) => {
    reportError("error", event.error ?? event.message);
  });
  target.addEventListener("unhandledrejection", (event) => {
    reportError("unhandledrejection", event.reason);
  });
}

/** React's root hooks: a render error is reported with the components it happened in, and still logged. */
export const renderErrorHooks = {
  onUncaughtError: (error: unknown, info: { componentStack?: string }) => {
    reportError("render", error, info.componentStack);
    console.error(error);
  },
  onCaughtError: (error: unknown, info: { componentStack?: string }) => {
    reportError("render", error, info.componentStack);
    console.error(error);
  },
};
