import { ApiRequestError } from "./ApiRequestError";

/** Attempts after the first for a failure that may pass (the network, or the server having a bad moment). */
const MAX_RETRIES = 2;

/**
 * Whether a failed query is tried again: not when the server refused it (4xx: not found, not
 * allowed, not valid), which would fail the same way and keep the page waiting; otherwise twice.
 */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiRequestError && error.statusCode >= 400 && error.statusCode < 500) return false;
  return failureCount < MAX_RETRIES;
}
