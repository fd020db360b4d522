/**
 * The Idempotency-Key of placing an order. A retry of the same order (double click, time-out,
 * reload) reuses the key, so the server answers with the first booking instead of booking
 * twice; any change to what is ordered (another payment method, a corrected name) is a new
 * order and needs a new key, since the server refuses a key reused with a different body.
 */
export interface OrderAttempt {
  key: string;
  fingerprint: string;
}

export function orderAttemptFor(previous: OrderAttempt | null, body: unknown, newKey: () => string): OrderAttempt {
  const fingerprint = JSON.stringify(body);
  return previous?.fingerprint === fingerprint ? previous : { key: newKey(), fingerprint };
}
