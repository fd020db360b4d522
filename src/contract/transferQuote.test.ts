import { describe, expect, it } from "vitest";
import { customerRate, feeFor, quoteBreakdown, receivedFor, sendFor, type FeeBand } from "./transferQuote";

const BANDS: FeeBand[] = [
  { upTo: 100_000, flat: 1_000, percentBps: 0 },
  { upTo: 500_000, flat: 1_500, percentBps: 25 },
  { upTo: null, flat: 0, percentBps: 50 },
];

describe("money-transfer quote arithmetic", () => {
  it("takes the margin off the partner's rate and cuts the result to six decimals", () => {
    expect(customerRate("271.530000", 0)).toBe("271.530000");
    expect(customerRate("271.530000", 75)).toBe("269.493525");
    // 3.2519 × 0.9993 = 3.24962367: cut, not rounded up.
    expect(customerRate("3.2519", 7)).toBe("3.249623");
    expect(() => customerRate("271.53", 10_000)).toThrow(RangeError);
  });

  it("rounds the amount received down, across currencies of 3, 2 and 0 decimals (spec section 9)", () => {
    // 100.000 KWD at 269.493525 INR = 26,949.3525 INR; rupees have no minor unit here: 26,949 paid out.
    expect(receivedFor(100_000, "269.493525", "KWD", "INR")).toBe(26_949);
    // 0.001 KWD at 180.123456 PHP = 0.180123 PHP: 0.18 paid out.
    expect(receivedFor(1, "180.123456", "KWD", "PHP")).toBe(18);
    // JPY has no minor unit: 1.000 KWD at 487.999999 = 487 yen.
    expect(receivedFor(1_000, "487.999999", "KWD", "JPY")).toBe(487);
  });

  it("works out the amount to send for an amount to receive, rounded up, so at least that amount arrives", () => {
    const send = sendFor(25_000, "269.493525", "KWD", "INR");
    expect(send).toBe(92_767);
    expect(receivedFor(send, "269.493525", "KWD", "INR")).toBe(25_000);
    expect(receivedFor(send - 1, "269.493525", "KWD", "INR")).toBe(24_999);
  });

  it("charges the fee of the band the amount falls in, a percentage rounded up to the fil", () => {
    expect(feeFor(100_000, BANDS)).toBe(1_000);
    // 100.001 KWD: 1.500 + 0.25 % of it (0.25000025) = 1.750001 -> 1.751 KWD.
    expect(feeFor(100_001, BANDS)).toBe(1_500 + 251);
    expect(feeFor(2_000_000, BANDS)).toBe(10_000);
    expect(() => feeFor(10, [{ upTo: 5, flat: 0, percentBps: 0 }])).toThrow(RangeError);
  });

  it("gives the whole breakdown: rate, amount sent, fee, total to pay and amount received", () => {
    expect(quoteBreakdown({ sendCurrency: "KWD", receiveCurrency: "INR", partnerRate: "271.53", marginBps: 75, feeBands: BANDS, amount: { of: "send", minor: 250_000 } })).toEqual({
      rate: "269.493525",
      sendAmount: 250_000,
      receiveAmount: 67_373,
      fee: 1_500 + 625,
      totalToPay: 252_125,
    });
    const byReceive = quoteBreakdown({ sendCurrency: "KWD", receiveCurrency: "INR", partnerRate: "271.53", marginBps: 75, feeBands: BANDS, amount: { of: "receive", minor: 25_000 } });
    expect(byReceive).toEqual({ rate: "269.493525", sendAmount: 92_767, receiveAmount: 25_000, fee: 1_000, totalToPay: 93_767 });
    expect(() => quoteBreakdown({ sendCurrency: "KWD", receiveCurrency: "INR", partnerRate: "271.53", marginBps: 0, feeBands: BANDS, amount: { of: "send", minor: 0 } })).toThrow(RangeError);
  });
});
