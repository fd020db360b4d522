import { describe, expect, it } from "vitest";
import { pricedHotelRate } from "../testing/pricedHotelRate";
import { canHold, chooseRate, chosenTotal, lockedSupplierOf, roomOptions, roomTypeSpans } from "./roomChoice";

const rate = (supplierId: string, roomIndex: number, roomTypeCode: string, total: number, refundable = true, holdable = false) =>
  pricedHotelRate(supplierId, roomIndex, roomTypeCode, total, { refundable, holdable });

describe("choosing the rooms of a stay", () => {
  it("shows the cheapest supplier of each kind of rate, or only the locked supplier's, grouped by room type", () => {
    const rates = [rate("a", 0, "STD", 100), rate("b", 0, "STD", 90), rate("a", 0, "DLX", 150), rate("a", 0, "STD", 160, false)];
    const shown = roomOptions(rates, null);
    expect(shown.map((option) => option.rateKey)).toEqual(["b-0-STD-BB-true-90", "a-0-STD-BB-false-160", "a-0-DLX-BB-true-150"]);
    expect(roomTypeSpans(shown)).toEqual([2, 0, 1]);
    expect(roomOptions(rates, "a").map((option) => option.rateKey)).toEqual(["a-0-STD-BB-true-100", "a-0-STD-BB-false-160", "a-0-DLX-BB-true-150"]);
  });

  it("keeps rooms of one supplier: choosing another supplier's rate starts again from that room", () => {
    let chosen = chooseRate([undefined, undefined], 0, rate("a", 0, "STD", 100));
    expect(lockedSupplierOf(chosen)).toBe("a");
    chosen = chooseRate(chosen, 1, rate("a", 1, "STD", 80));
    expect(chosenTotal(chosen, 2)).toEqual({ amount: 180, currency: "KWD" });
    chosen = chooseRate(chosen, 1, rate("b", 1, "STD", 70));
    expect(chosen.map((entry) => entry?.supplierId)).toEqual([undefined, "b"]);
    expect(chosenTotal(chosen, 2)).toBeNull();
    // Changing the only chosen room's supplier is not a conflict.
    expect(chooseRate([rate("a", 0, "STD", 1), undefined], 0, rate("b", 0, "STD", 2)).map((entry) => entry?.supplierId)).toEqual(["b", undefined]);
  });

  it("offers to hold only when every room is holdable and its free cancellation is ahead", () => {
    const now = new Date("2027-01-01T00:00:00Z");
    expect(canHold([rate("a", 0, "STD", 1, true, true), rate("a", 1, "STD", 1, true, true)], now)).toBe(true);
    expect(canHold([rate("a", 0, "STD", 1, true, true), rate("a", 1, "STD", 1, true, false)], now)).toBe(false);
    expect(canHold([rate("a", 0, "STD", 1, true, true)], new Date("2027-02-06T00:00:00Z"))).toBe(false);
    expect(canHold([], now)).toBe(false);
  });
});
