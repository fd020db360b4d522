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

  it("tokenises without keeping the number visible, charges, declines test cards and expires tokens", () => {
    let clock = now;
    const gateway = new SandboxCardGateway(() => clock);
    const token = gateway.tokenise(visa);
    expect(token).toMatchObject({ cardType: "VI", last4: "1111" });
    expect(JSON.stringify(gateway.lookup(token.token))).not.toContain("4111111111111111");
    expect(gateway.charge(token.token, { amount: 1000, currency: "KWD" }, "M1")).toMatch(/^ch_M1_/);
    const declined = gateway.tokenise({ ...visa, number: "4000000000000002" });
    expect(() => gateway.charge(declined.token, { amount: 1000, currency: "KWD" }, "M1")).toThrow(/declined/);
    clock = new Date(now.getTime() + 16 * 60 * 1000);
    expect(() => gateway.lookup(token.token)).toThrow(/expired/);
  });
});
