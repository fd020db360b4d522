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
    // The second room chosen first: the first stays to be chosen, and there is no total yet.
    const secondFirst = chooseRate([], 1, rate("a", 1, "STD", 80));
    expect(secondFirst).toEqual([undefined, expect.objectContaining({ roomIndex: 1 })]);
    expect(chosenTotal(secondFirst, 2)).toBeNull();
    expect(chosenTotal([, rate("a", 1, "STD", 80)], 2)).toBeNull();
    // Changing the only chosen room's supplier is not a conflict.
    expect(chooseRate([rate("a", 0, "STD", 1), undefined], 0, rate("b", 0, "STD", 2)).map((entry) => entry?.supplierId)).toEqual(["b", undefined]);
  });

  it("chooses a whole-stay rate for every room at once, and chooses again a room on another of the supplier's whole-stay rates", () => {
    const stay = (stayRateId: string, roomIndex: number, total: number) => ({ ...rate("duffel", roomIndex, stayRateId, total), stayRateId });
    const roomRates = [
      [stay("rat_A", 0, 300), stay("rat_B", 0, 500), rate("a", 0, "STD", 200)],
      [stay("rat_A", 1, 150), stay("rat_B", 1, 250), rate("a", 1, "STD", 100)],
      [stay("rat_B", 2, 250)],
    ];
    let chosen = chooseRate([undefined, undefined, undefined], 1, roomRates[1]![0]!, roomRates);
    expect(chosen.map((entry) => entry?.rateKey)).toEqual(["duffel-0-rat_A-BB-true-300", "duffel-1-rat_A-BB-true-150", undefined]);
    chosen = chooseRate(chosen, 2, roomRates[2]![0]!, roomRates);
    expect(chosen.map((entry) => entry?.stayRateId)).toEqual(["rat_B", "rat_B", "rat_B"]);
    expect(chosenTotal(chosen, 3)).toEqual({ amount: 1000, currency: "KWD" });
    // Another supplier's room starts the choice again from that room, as before.
    expect(chooseRate(chosen, 0, roomRates[0]![2]!, roomRates).map((entry) => entry?.supplierId)).toEqual(["a", undefined, undefined]);
  });

  it("offers to hold only when every room is holdable and its free cancellation is ahead", () => {
    const now = new Date("2027-01-01T00:00:00Z");
    expect(canHold([rate("a", 0, "STD", 1, true, true), rate("a", 1, "STD", 1, true, true)], now)).toBe(true);
    expect(canHold([rate("a", 0, "STD", 1, true, true), rate("a", 1, "STD", 1, true, false)], now)).toBe(false);
    expect(canHold([rate("a", 0, "STD", 1, true, true)], new Date("2027-02-06T00:00:00Z"))).toBe(false);
    expect(canHold([], now)).toBe(false);
  });
});
