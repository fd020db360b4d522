import { describe, expect, it } from "vitest";
import { EMPTY_SELECTED_SEAT_MAP, chooseSeat, isSelectedSeatMap, removeEntry, seatHolder, seatTotals, toSelectedSeats, type SelectedSeatMap } from "./ancillarySummary";

const seat = (segKey: string, paxKey: string, seatNo: string, price: number) => ({
  segKey,
  paxKey,
  seatNo,
  price: { amount: price, currency: "GBP" },
  localPrice: { amount: Math.round(price * 0.4), currency: "KWD" },
});

function choose(state: SelectedSeatMap, entry: ReturnType<typeof seat>): SelectedSeatMap {
  const result = chooseSeat(state, entry);
  if (!result.ok) throw new Error(`refused: held by ${result.paxKey}`);
  return result.state;
}

describe("selected seat map (spec section 4)", () => {
  it("adds a seat per passenger and segment, appending it to the segment's seats and both totals", () => {
    let state = choose(EMPTY_SELECTED_SEAT_MAP, seat("S1", "PAX1", "23A", 2_500));
    state = choose(state, seat("S1", "PAX2", "23B", 1_000));
    expect(state.data).toEqual({ S1: { PAX1: "23A", PAX2: "23B" } });
    expect(state.seatsWithSegments).toEqual({ S1: ["23A", "23B"] });
    expect(state.GrandTotal).toEqual({ amount: 3_500, currency: "GBP" });
    expect(state.localCurrencyGrandTotal).toEqual({ amount: 1_400, currency: "KWD" });
  });

  it("replaces the passenger's earlier seat on that segment, its price leaving the totals", () => {
    let state = choose(EMPTY_SELECTED_SEAT_MAP, seat("S1", "PAX1", "23A", 2_500));
    state = choose(state, seat("S1", "PAX1", "30C", 800));
    expect(state.ancInSummary.map((entry) => entry.seatNo)).toEqual(["30C"]);
    expect(state.seatsWithSegments.S1).toEqual(["30C"]);
    expect(state.GrandTotal).toEqual({ amount: 800, currency: "GBP" });
  });

  it("refuses a seat another passenger of the booking holds, on that segment only", () => {
    const state = choose(EMPTY_SELECTED_SEAT_MAP, seat("S1", "PAX1", "23A", 2_500));
    expect(chooseSeat(state, seat("S1", "PAX2", "23A", 2_500))).toEqual({ ok: false, reason: "heldByOtherPassenger", paxKey: "PAX1" });
    expect(chooseSeat(state, seat("S2", "PAX2", "23A", 2_500)).ok).toBe(true);
    expect(seatHolder(state, "S1", "23A")).toBe("PAX1");
  });

  it("removing an entry subtracts its price and clears the passenger's seat", () => {
    let state = choose(EMPTY_SELECTED_SEAT_MAP, seat("S1", "PAX1", "23A", 2_500));
    state = choose(state, seat("S2", "PAX1", "12F", 1_000));
    state = removeEntry(state, "S1", "PAX1");
    expect(state.data.S1).toEqual({});
    expect(state.seatsWithSegments.S1).toEqual([]);
    expect(state.GrandTotal).toEqual({ amount: 1_000, currency: "GBP" });
    expect(toSelectedSeats(state)).toEqual([{ paxId: "PAX1", paxSegmentID: "S2", seatNumber: "12F" }]);
    expect(removeEntry(state, "S9", "PAX1")).toBe(state);
  });

  it("totals zero in the agency currency when nothing is chosen, and recognises a stored value", () => {
    expect(seatTotals(EMPTY_SELECTED_SEAT_MAP, "KWD")).toEqual({ offer: null, local: { amount: 0, currency: "KWD" } });
    expect(isSelectedSeatMap(JSON.parse(JSON.stringify(EMPTY_SELECTED_SEAT_MAP)))).toBe(true);
    expect(isSelectedSeatMap({ data: {} })).toBe(false);
  });
});
