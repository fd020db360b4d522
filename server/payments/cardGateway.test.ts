import { describe, expect, it } from "vitest";
import { cardProblems, cardTypeOf, passesLuhn, SandboxCardGateway } from "./cardGateway";

const now = new Date("2026-11-22T10:00:00Z");
const visa = { number: "4111111111111111", expiryMonth: 12, expiryYear: 2028, cvv: "123", holderName: "A Traveller" };

describe("sandbox card gateway", () => {
  it("checks Luhn, brand, expiry and CVV length", () => {
    expect(passesLuhn("4111111111111111")).toBe(true);
    expect(passesLuhn("4111111111111112")).toBe(false);
    expect(cardTypeOf("5555555555554444")).toBe("CA");
    expect(cardTypeOf("378282246310005")).toBe("AX");
    expect(cardProblems(visa, now)).toEqual([]);
    expect(cardProblems({ ...visa, number: "4111111111111112", expiryYear: 2026, expiryMonth: 10, cvv: "12" }, now).map((problem) => problem.field)).toEqual([
      "number",
      "expiryYear",
      "cvv",
    ]);
    expect(cardProblems({ ...visa, number: "378282246310005", cvv: "123" }, now)).toEqual([{ field: "cvv", message: "The security code has 4 digits." }]);
  });

  it("charges a card the issuer accepts and refuses one it declines", () => {
    const gateway = new SandboxCardGateway(undefined as never, () => now, "key");
    const card = { token: "tok_1", cardType: "VI" as const, last4: "1111", holderName: "A Traveller", expiresAt: now };
    expect(gateway.charge({ ...card, declineReason: null }, { amount: 1000, currency: "KWD" }, "M1")).toMatch(/^ch_M1_/);
    expect(() => gateway.charge({ ...card, declineReason: "The card was declined by the issuer." }, { amount: 1000, currency: "KWD" }, "M1")).toThrow(/declined/);
  });
});
