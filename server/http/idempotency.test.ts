import { describe, expect, it } from "vitest";
import { requestFingerprint } from "./idempotency";

describe("requestFingerprint", () => {
  it("ignores the order of object keys but not values, routes or array order", () => {
    const base = requestFingerprint("/api/orders", { a: 1, b: { c: [1, 2] } });
    expect(requestFingerprint("/api/orders", { b: { c: [1, 2] }, a: 1 })).toBe(base);
    expect(requestFingerprint("/api/orders", { a: 2, b: { c: [1, 2] } })).not.toBe(base);
    expect(requestFingerprint("/api/orders", { a: 1, b: { c: [2, 1] } })).not.toBe(base);
    expect(requestFingerprint("/api/orders/1/ticket", { a: 1, b: { c: [1, 2] } })).not.toBe(base);
  });
});
