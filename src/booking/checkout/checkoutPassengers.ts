import type { PassengerTypeCode, PricedOffer } from "../../contract/shopping";

export interface CheckoutPassenger {
  /** The OrderCreate paxId: one of the offer items' paxRefIds. */
  paxKey: string;
  paxType: PassengerTypeCode;
  /** "Adult 1", or the name once typed. */
  label: string;
}

/**
 * Every passenger of the offer in offer order, labelled by name when the agent has typed one,
 * else by type and number. `typeLabel` translates a passenger type.
 */
export function checkoutPassengers(
  offer: PricedOffer,
  names: ReadonlyMap<string, string>,
  typeLabel: (type: PassengerTypeCode) => string,
): CheckoutPassenger[] {
  return offer.offerItems.flatMap((item) =>
    item.paxRefIds.map((paxKey, index) => ({
      paxKey,
      paxType: item.passengerType,
      label: names.get(paxKey)?.trim() || `${typeLabel(item.passengerType)} ${index + 1}`,
    })),
  );
}

/** Infants travel on a lap: they get no seat. */
export const seatedPassengers = (passengers: readonly CheckoutPassenger[]) => passengers.filter((passenger) => passenger.paxType !== "INF");

/** First and last flight dates of the offer (local dates), for the passengers' age and document checks. */
export function travelDates(offer: PricedOffer): { first: string; last: string } {
  const segments = offer.journeys.flatMap((journey) => journey.segments);
  return { first: segments[0]!.departure.dateTime.slice(0, 10), last: segments[segments.length - 1]!.departure.dateTime.slice(0, 10) };
}
