import { describe, expect, it } from "vitest";
import { parseStaysRateKey, stayOfKeys, staysBoardOf, staysCancellationPolicyOf, staysGuestsOf, staysRateKey, staysStarsOf } from "./duffelStaysMapping";
import type { DuffelStaysRate } from "./duffelStaysSchemas";

const NOW = Date.parse("2027-01-05T08:00:00Z");
const rate = (timeline: DuffelStaysRate["cancellation_timeline"]): DuffelStaysRate => ({
  id: "rat_1",
  total_amount: "300.00",
  total_currency: "USD",
  board_type: "room_only",
  cancellation_timeline: timeline,
  available_payment_methods: ["balance"],
});
const whole = (amount: number) => amount;

describe("Duffel Stays mapping", () => {
  it("carries each room's guests in the rate key and reads them back", () => {
    const key = staysRateKey(1, { adults: 2, childAges: [5, 11] }, "rat_0000AbC.d");
    expect(key).toBe("1.2c5c11.rat_0000AbC.d");
    expect(parseStaysRateKey(key)).toEqual({ roomIndex: 1, occupancy: { adults: 2, childAges: [5, 11] }, rateId: "rat_0000AbC.d" });
    expect(() => parseStaysRateKey("0.HB-KEY")).toThrow("not a Duffel rate");
  });

  it("takes a stay's rooms only on one rate, every room searched", () => {
    const keys = [staysRateKey(1, { adults: 1, childAges: [] }, "rat_A"), staysRateKey(0, { adults: 2, childAges: [] }, "rat_A")];
    expect(stayOfKeys(keys)).toEqual({ rateId: "rat_A", rooms: [{ roomIndex: 0, occupancy: { adults: 2, childAges: [] } }, { roomIndex: 1, occupancy: { adults: 1, childAges: [] } }] });
    expect(() => stayOfKeys([keys[0]!, staysRateKey(0, { adults: 2, childAges: [] }, "rat_B")])).toThrow("one rate");
    expect(() => stayOfKeys([keys[0]!])).toThrow("every room searched");
  });

  it("asks for the stay's guests together, and reads boards and stars", () => {
    expect(staysGuestsOf([{ adults: 2, childAges: [] }, { adults: 1, childAges: [7] }])).toEqual([{ type: "adult" }, { type: "adult" }, { type: "adult" }, { type: "child", age: 7 }]);
    expect([staysBoardOf("breakfast"), staysBoardOf("all_inclusive"), staysBoardOf("self_catering")]).toEqual(["BB", "AI", undefined]);
    expect([staysStarsOf(3.5), staysStarsOf(null), staysStarsOf(7)]).toEqual([3, 1, 5]);
  });

  it("writes the refund timeline as penalties that grow, in the hotel's local time", () => {
    const policy = staysCancellationPolicyOf(
      rate([
        { refund_amount: "300.00", currency: "USD", before: "2027-02-08T12:00:00Z" },
        { refund_amount: "150.00", currency: "USD", before: "2027-02-09T12:00:00Z" },
      ]),
      whole,
      "Asia/Dubai",
      NOW,
    );
    expect(policy).toEqual({
      refundable: true,
      timeZone: "Asia/Dubai",
      penalties: [
        { from: "2027-02-08T16:00", fromUtc: "2027-02-08T12:00:00.000Z", amount: { amount: 15_000, currency: "USD" } },
        { from: "2027-02-09T16:00", fromUtc: "2027-02-09T12:00:00.000Z", amount: { amount: 30_000, currency: "USD" } },
      ],
    });
  });

  it("keeps part from now when the first refund is partial, skips moments past, and reads no timeline as non-refundable", () => {
    const partial = staysCancellationPolicyOf(
      rate([
        { refund_amount: "300.00", currency: "USD", before: "2027-01-01T00:00:00Z" },
        { refund_amount: "200.00", currency: "USD", before: "2027-02-09T12:00:00Z" },
      ]),
      (amount) => Math.floor(amount / 2),
      "UTC",
      NOW,
    );
    expect(partial.refundable).toBe(false);
    expect(partial.penalties.map((step) => [step.fromUtc, step.amount.amount])).toEqual([
      ["2027-01-05T08:00:00.000Z", 5_000],
      ["2027-02-09T12:00:00.000Z", 15_000],
    ]);
    expect(staysCancellationPolicyOf(rate([]), whole, "UTC", NOW)).toMatchObject({ refundable: false, penalties: [{ fromUtc: "2027-01-05T08:00:00.000Z", amount: { amount: 30_000 } }] });
  });
});
