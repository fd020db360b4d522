import { describe, expect, it } from "vitest";
import { PRICED_OFFER, SERVICES } from "../testing/pricedOffer";
import {
  EMPTY_SELECTED_ANCILLARIES,
  ancillaryTotals,
  chooseService,
  deleteAll,
  deleteByType,
  isSelectedAncillaries,
  setForAllSegments,
  toSelectedServices,
} from "./ancillarySelection";

const [BAG, MEAL] = SERVICES as [(typeof SERVICES)[number], (typeof SERVICES)[number]];
const choose = (state = EMPTY_SELECTED_ANCILLARIES, changes: Partial<Parameters<typeof chooseService>[1]> = {}) =>
  chooseService(state, { kind: "baggage", paxSegmentID: "S1", paxKey: "PAX1", paxType: "ADT", service: BAG, ...changes }, PRICED_OFFER);

describe("selected ancillaries", () => {
  it("keeps one choice per kind, segment and passenger, priced in both currencies", () => {
    let state = choose();
    state = choose(state);
    expect(state.byType.baggage.S1!.PAX1).toEqual([
      { type: "baggage", serviceDefinitionID: "BAG23", code: "XBAG", name: "Extra bag 23 kg", price: { amount: 2_500, currency: "GBP" }, localPrice: { amount: 9_603, currency: "KWD" } },
    ]);
    expect(ancillaryTotals(state, PRICED_OFFER)).toEqual({ offer: { amount: 2_500, currency: "GBP" }, local: { amount: 9_603, currency: "KWD" } });
  });

  it("clears a choice, and ignores a service not sold for that passenger type or segment", () => {
    expect(choose(choose(), { service: null }).byType.baggage).toEqual({});
    expect(choose(undefined, { kind: "meals", service: MEAL, paxSegmentID: "S2" }).byType.meals).toEqual({});
    expect(choose(undefined, { paxType: "INF", paxKey: "PAX4" }).byType.baggage).toEqual({});
  });

  it("applies a choice to every segment where it is sold while the kind's for-all switch is on", () => {
    const passengerTypes = new Map([["PAX1", "ADT" as const]]);
    let state = choose();
    state = setForAllSegments(state, "baggage", true, PRICED_OFFER, SERVICES, passengerTypes);
    expect(state.isBaggageForAllSegment).toBe(true);
    expect(Object.keys(state.byType.baggage).sort()).toEqual(["S1", "S2"]);
    state = choose(state, { service: null });
    expect(state.byType.baggage).toEqual({});
    // Meals are sold on S1 only: the switch cannot invent them on S2.
    let meals = choose(undefined, { kind: "meals", service: MEAL });
    meals = setForAllSegments(meals, "meals", true, PRICED_OFFER, SERVICES, passengerTypes);
    expect(Object.keys(meals.byType.meals)).toEqual(["S1"]);
  });

  it("deletes by type or all, and lists the order's selected services", () => {
    let state = choose();
    state = choose(state, { kind: "meals", service: MEAL });
    expect(toSelectedServices(state)).toEqual([
      { serviceDefinitionID: "BAG23", paxId: "PAX1", paxSegmentID: "S1", quantity: 1 },
      { serviceDefinitionID: "VGML", paxId: "PAX1", paxSegmentID: "S1", quantity: 1 },
    ]);
    expect(toSelectedServices(deleteByType(state, "baggage"))).toHaveLength(1);
    expect(deleteAll()).toEqual(EMPTY_SELECTED_ANCILLARIES);
    expect(isSelectedAncillaries(state)).toBe(true);
    expect(isSelectedAncillaries({ byType: {} })).toBe(false);
  });
});
