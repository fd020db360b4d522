import type { AirShoppingRequest, PricedOffer } from "../../contract/shopping";
import { EMPTY_PASSENGER_DETAIL, offerPriceStore, passengerDetailStore, selectedJourneyStore } from "./bookingStores";

/**
 * The agent chose an offer (every leg's journey): start its checkout afresh. What an earlier,
 * unfinished checkout held (price, passengers, extras) belongs to another offer and goes.
 */
export function beginCheckout(offer: PricedOffer, request: AirShoppingRequest): void {
  const selectedJrny = selectedJourneyStore.get().data;
  offerPriceStore.set({ response: null });
  passengerDetailStore.set({ ...EMPTY_PASSENGER_DETAIL, data: { response: offer }, selectedJrny, flightSearchReqObj: request });
}
