import { describe, expect, it } from "vitest";
import { chosenOfferId, removeJourney, selectJourney, type SelectedJourneys } from "./journeys";

describe("selected journeys", () => {
  it("keeps one journey per leg index, a new choice replacing the old", () => {
    let journeys: SelectedJourneys = {};
    journeys = selectJourney(journeys, 0, { offerId: "A", paxJourneyID: "J1" });
    journeys = selectJourney(journeys, 0, { offerId: "B", paxJourneyID: "J2" });
    expect(journeys).toEqual({ 0: { offerId: "B", paxJourneyID: "J2" } });
  });

  it("removing one deletes that index and drops journeys with no offerId", () => {
    const journeys: SelectedJourneys = {
      0: { offerId: "A", paxJourneyID: "J1" },
      1: { offerId: "", paxJourneyID: "J2" },
      2: { offerId: "A", paxJourneyID: "J3" },
    };
    expect(removeJourney(journeys, 0)).toEqual({ 2: { offerId: "A", paxJourneyID: "J3" } });
  });

  it("names the offer to book only when every leg is chosen from the same offer", () => {
    const outbound = { offerId: "A", paxJourneyID: "J1" };
    expect(chosenOfferId({ 0: outbound }, 2)).toBeNull();
    expect(chosenOfferId({ 0: outbound, 1: { offerId: "B", paxJourneyID: "J2" } }, 2)).toBeNull();
    expect(chosenOfferId({ 0: outbound, 1: { offerId: "A", paxJourneyID: "J2" } }, 2)).toBe("A");
  });
});
