import { describe, expect, it } from "vitest";
import { orderAttemptFor } from "./orderAttempt";

describe("order attempt key", () => {
  let counter = 0;
  const newKey = () => `key-${++counter}`;

  it("reuses the key while the order is the same, and takes a new one when it changes", () => {
    const first = orderAttemptFor(null, { offerId: "A", payment: 1 }, newKey);
    expect(orderAttemptFor(first, { offerId: "A", payment: 1 }, newKey)).toBe(first);
    const changed = orderAttemptFor(first, { offerId: "A", payment: 3 }, newKey);
    expect(changed.key).not.toBe(first.key);
  });
});
