import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { webhookSignatureValid } from "./checkoutCom";

const KEY = "whsec-signature-key-of-the-workflow";
const body = JSON.stringify({ id: "evt_1", type: "payment_captured", data: { id: "pay_1", reference: "2f1c1f5e-6f61-4c8e-9f0e-0b7e8a1d2c3b" } });
const signed = (text: string, key = KEY) => createHmac("sha256", key).update(text).digest("hex");

describe("Checkout.com webhook signatures", () => {
  it("accepts the hex HMAC-SHA256 of the body as sent, in either case", () => {
    expect(webhookSignatureValid(body, signed(body), KEY)).toBe(true);
    expect(webhookSignatureValid(body, signed(body).toUpperCase(), KEY)).toBe(true);
  });

  it("refuses another key, a changed body, a missing or malformed signature", () => {
    expect(webhookSignatureValid(body, signed(body, "another key entirely"), KEY)).toBe(false);
    // The same JSON written again (as a parser would) is not the body that was signed.
    expect(webhookSignatureValid(JSON.stringify(JSON.parse(body), null, 1), signed(body), KEY)).toBe(false);
    expect(webhookSignatureValid(body, undefined, KEY)).toBe(false);
    expect(webhookSignatureValid(body, "not-hex", KEY)).toBe(false);
    expect(webhookSignatureValid(body, signed(body).slice(0, 62), KEY)).toBe(false);
  });
});
