export type ThrottleVerdict = { blocked: false } | { blocked: true; retryAt: Date };

/**
 * Sliding-window throttle: blocked while `limit` or more failures happened in the last
 * `windowSeconds`; free again once enough of them have aged out of the window.
 */
export function throttleVerdict(
  failureTimes: readonly Date[],
  { limit, windowSeconds, now }: { limit: number; windowSeconds: number; now: Date },
): ThrottleVerdict {
  const windowMs = windowSeconds * 1000;
  const recent = failureTimes
    .map((time) => time.getTime())
    .filter((time) => time > now.getTime() - windowMs)
    .sort((left, right) => left - right);
  if (recent.length < limit) return { blocked: false };
  const oldestThatMustAgeOut = recent[recent.length - limit]!;
  return { blocked: true, retryAt: new Date(oldestThatMustAgeOut + windowMs) };
}

/** "Try again in 12 minutes (after 10:45 UTC)." */
export function retryMessage(retryAt: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 60_000));
  const clock = retryAt.toISOString().slice(11, 16);
  return `Try again in ${minutes} minute${minutes === 1 ? "" : "s"} (after ${clock} UTC).`;
}
