import { describe, expect, it } from "vitest";
import { keySeal } from "./keySeal";

describe("sealed sandbox keys", () => {
  const seal = keySeal("a secret", "sandbox supplier keys");

  it("opens what it sealed, whatever the text holds", () => {
    const text = "gulf-bedbank~H1~0~DBL~BB~1~2027-01-10~2027-01-12~2~4.7~KW~1700000000000";
    expect(seal.open(seal.seal(text))).toBe(text);
  });

  it("refuses a key changed on the way, unsealed, sealed with another secret or for another purpose", () => {
    const sealed = seal.seal("departure=2027-01-10;issuedAt=1700000000000");
    expect(seal.open(sealed.replace("2027-01-10", "2026-01-10"))).toBeNull();
    expect(seal.open(sealed.replace("1700000000000", "1900000000000"))).toBeNull();
    expect(seal.open("departure=2027-01-10;issuedAt=1700000000000")).toBeNull();
    expect(keySeal("another secret", "sandbox supplier keys").open(sealed)).toBeNull();
    expect(keySeal("a secret", "document links").open(sealed)).toBeNull();
  });
});
