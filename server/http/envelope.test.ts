import { describe, expect, it } from "vitest";
import {
  openPayload as browserOpen,
  sealPayload as browserSeal,
  type KdfHash,
} from "../../src/contract/envelope";
import { EnvelopeError, openEnvelope, openPayload, sealPayload } from "./envelope";

const secret = "a-shared-secret";
const body = { username: "agent", password: "Agent#2026!", nested: { list: [1, 2, 3], arabic: "مرحبا" } };

function envelopeErrorOf(run: () => unknown): EnvelopeError {
  try {
    run();
  } catch (error) {
    if (error instanceof EnvelopeError) return error;
    throw error;
  }
  throw new Error("expected an EnvelopeError");
}

describe.each<KdfHash>(["sha256", "sha1"])("the envelope with PBKDF2-%s", (hash) => {
  it("opens on the server what crypto-js (the browser) sealed", () => {
    expect(openPayload(browserSeal(body, { secret, hash }), { secret, hash })).toEqual(body);
  });

  it("seals on the server what crypto-js (the browser) opens", () => {
    expect(browserOpen(sealPayload(body, { secret, hash }), { secret, hash })).toEqual(body);
  });

  it("has the contract's layout: 32 hex salt, 32 hex iv, base64 ciphertext", () => {
    expect(sealPayload(body, { secret, hash })).toMatch(/^[0-9a-f]{64}[A-Za-z0-9+/]+=*$/);
  });
});

describe("openPayload", () => {
  const sealed = browserSeal(body, { secret });

  it("says the key is wrong rather than returning garbage", () => {
    expect(envelopeErrorOf(() => openPayload(sealed, { secret: "another-secret" })).message).toMatch(/wrong key/);
  });

  it("refuses a payload sealed with the other KDF hash", () => {
    expect(() => openPayload(sealed, { secret, hash: "sha1" })).toThrow(EnvelopeError);
  });

  it("refuses a truncated payload", () => {
    expect(envelopeErrorOf(() => openPayload(sealed.slice(0, -5), { secret })).message).toMatch(/truncated|wrong key/);
    expect(envelopeErrorOf(() => openPayload(sealed.slice(0, 40), { secret })).message).toMatch(/too short/);
  });

  it("refuses a salt that is not hexadecimal", () => {
    expect(() => openPayload(`zz${sealed.slice(2)}`, { secret })).toThrow(/hexadecimal/);
  });
});

describe("openEnvelope", () => {
  const options = { secret };

  it("opens a well-formed envelope", () => {
    expect(openEnvelope(JSON.stringify({ payload: browserSeal(body, options) }), options)).toEqual(body);
  });

  it("leaves an empty body undefined", () => {
    expect(openEnvelope("", options)).toBeUndefined();
  });

  it.each([
    ["not JSON", "{payload:", "invalid_json"],
    ["without a payload", JSON.stringify({ username: "agent" }), "payload_missing"],
    ["a JSON array", "[]", "payload_missing"],
    ["a payload that is not a string", JSON.stringify({ payload: 42 }), "payload_not_string"],
    ["a payload that is not sealed", JSON.stringify({ payload: "hello" }), "payload_invalid"],
  ])("refuses a body that is %s", (_label, raw, code) => {
    expect(envelopeErrorOf(() => openEnvelope(raw, options)).code).toBe(code);
  });
});
