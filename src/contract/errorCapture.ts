import { z } from "zod";

/** Where in the console an error came from: a window error, a rejected promise nobody awaited, or a page that failed to render. */
export const ERROR_KINDS = ["error", "unhandledrejection", "render"] as const;

/** POST /api/error_capture_logs (spec sections 3 and 7): the console reports an error it did not handle. */
export const errorCaptureRequestSchema = z.object({
  payData: z.object({
    kind: z.enum(ERROR_KINDS),
    message: z.string().trim().min(1).max(2_000),
    stack: z.string().max(16_000).optional(),
    /** The console address it happened at (path and query, no host). */
    page: z.string().max(2_000),
    /** The request id of the last failed call, when the error followed one. */
    requestId: z.string().max(100).optional(),
    userAgent: z.string().max(500).optional(),
  }),
  project: z.string().trim().min(1).max(20),
});
export type ErrorCaptureRequest = z.infer<typeof errorCaptureRequestSchema>;

/** GET /api/error_capture_logs: what head-office administrators read, newest first. */
export const errorLogEntrySchema = z.object({
  id: z.number(),
  createdAt: z.string(),
  project: z.string(),
  kind: z.enum(ERROR_KINDS),
  message: z.string(),
  stack: z.string().nullable(),
  page: z.string(),
  requestId: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** Who was signed in, when someone was. */
  username: z.string().nullable(),
  organisationName: z.string().nullable(),
});
export type ErrorLogEntry = z.infer<typeof errorLogEntrySchema>;

/** How long reports are kept. */
export const ERROR_LOG_RETENTION_DAYS = 30;
