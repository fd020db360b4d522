import type { AirShoppingRequest, PricedOffer } from "../../contract/shopping";
import { passengerDetailStore, selectedJourneyStore } from "./bookingStores";
import { clearCheckout } from "./checkoutStores";

/**
 * The agent chose an offer (every leg's journey): start its checkout afresh. What an earlier,
 * unfinished checkout held (price, passengers, extras, seats) belongs to another offer and goes.
 */
export function beginCheckout(offer: PricedOffer, request: AirShoppingRequest): void {
  const selectedJrny = selectedJourneyStore.get().data;
  clearCheckout();
  selectedJourneyStore.set({ data: selectedJrny });
  passengerDetailStore.set({ data: { response: offer }, error: null, selectedJrny, index: 0, flightSearchReqObj: request });
}
