import { describe, expect, it } from "vitest";
import { balancePayment, paceMs, secondsToReset } from "./duffelClient";

describe("pacing by Duffel's rate-limit window", () => {
  const now = Date.parse("2027-01-05T08:00:00Z");
  const window = (remaining: number, inSeconds: number) => ({ limit: 60, remaining, resetsAt: now + inSeconds * 1000 });

  it("does not hold calls while more than a tenth of the limit remains, or once the window has reset", () => {
    expect(paceMs(undefined, now)).toBe(0);
    expect(paceMs(window(7, 30), now)).toBe(0);
    expect(paceMs(window(0, -1), now)).toBe(0);
  });

  it("shares the time left among the requests left, and holds the whole of it when none are", () => {
    expect(paceMs(window(5, 30), now)).toBe(5_000);
    expect(paceMs(window(1, 2), now)).toBe(1_000);
    expect(paceMs(window(0, 12), now)).toBe(12_000);
    // Two left of a small limit is low too.
    expect(paceMs({ limit: 10, remaining: 2, resetsAt: now + 9_000 }, now)).toBe(3_000);
  });

  it("reads the reset as an HTTP date, epoch seconds or seconds from now", () => {
    const at = new Date(now);
    expect(secondsToReset("Tue, 05 Jan 2027 08:00:42 GMT", at)).toBe(42);
    expect(secondsToReset(String(now / 1000 + 17), at)).toBe(17);
    expect(secondsToReset("5", at)).toBe(5);
  });
});

describe("how Duffel is paid", () => {
  const amount = { amount: 120_154, currency: "KWD" };
  it("from the balance, or with ARC/BSP cash when the sale is billed to the agency's IATA number; never with a card passed through", () => {
    expect(balancePayment({ typeCode: "CA", amount, cardToken: null })).toEqual({ type: "balance", amount: "120.154", currency: "KWD" });
    expect(balancePayment({ typeCode: "CA", amount, cardToken: null, bspIataNumber: "42212345" })).toEqual({ type: "arc_bsp_cash", amount: "120.154", currency: "KWD" });
    expect(() => balancePayment({ typeCode: "CC", amount, cardToken: "tok", bspIataNumber: "42212345" })).toThrow(/card cannot be passed through/);
  });
});
