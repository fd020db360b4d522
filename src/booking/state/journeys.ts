/**
 * Spec section 4, "Selected journey": the journey chosen for each leg, keyed by the leg's
 * index. Removing one journey deletes that index and drops every journey left without an
 * offerId.
 */
export interface SelectedJourney {
  offerId: string;
  paxJourneyID: string;
}

export type SelectedJourneys = Record<number, SelectedJourney>;

export function selectJourney(journeys: SelectedJourneys, index: number, journey: SelectedJourney): SelectedJourneys {
  return { ...journeys, [index]: journey };
}

export function removeJourney(journeys: SelectedJourneys, index: number): SelectedJourneys {
  const remaining: SelectedJourneys = {};
  for (const [key, journey] of Object.entries(journeys)) {
    if (Number(key) !== index && journey.offerId) remaining[Number(key)] = journey;
  }
  return remaining;
}

/** Every leg of the search has a journey and they all belong to one offer: that offer can be booked. */
export function chosenOfferId(journeys: SelectedJourneys, legCount: number): string | null {
  const chosen = Array.from({ length: legCount }, (_, index) => journeys[index]);
  if (chosen.some((journey) => journey === undefined)) return null;
  const offerIds = new Set(chosen.map((journey) => journey!.offerId));
  return offerIds.size === 1 ? [...offerIds][0]! : null;
}
