import type { PlatformOrder } from "../../contract/orders";
import type { AirShoppingRequest, PricedOffer } from "../../contract/shopping";
import { createPersistedStore } from "../../lib/createPersistedStore";
import { passengersFromOrder } from "../passengers/passengerRules";
import { passengerDetailStore, selectedJourneyStore } from "./bookingStores";
import { clearCheckout, orderFormStore } from "./checkoutStores";

/** A split booking under way: one offer per leg, booked one after the other. */
export interface SplitBooking {
  offers: PricedOffer[];
  request: AirShoppingRequest | null;
  /** Order ids booked so far, in leg order. */
  orderIds: number[];
}

const NO_SPLIT: SplitBooking = { offers: [], request: null, orderIds: [] };
export const splitBookingStore = createPersistedStore<SplitBooking>(
  "splitTicket",
  NO_SPLIT,
  (value): value is SplitBooking => typeof value === "object" && value !== null && Array.isArray((value as SplitBooking).offers) && Array.isArray((value as SplitBooking).orderIds),
);

function startCheckout(offer: PricedOffer, request: AirShoppingRequest): void {
  const selectedJrny = selectedJourneyStore.get().data;
  clearCheckout();
  selectedJourneyStore.set({ data: selectedJrny });
  passengerDetailStore.set({ data: { response: offer }, error: null, selectedJrny, index: 0, flightSearchReqObj: request });
}

const legRequest = (request: AirShoppingRequest, leg: number): AirShoppingRequest => ({ ...request, originDestinations: [request.originDestinations[leg]!] });

/**
 * The agent chose an offer (every leg's journey): start its checkout afresh. What an earlier,
 * unfinished checkout held (price, passengers, extras, seats, a split booking) goes.
 */
export function beginCheckout(offer: PricedOffer, request: AirShoppingRequest): void {
  splitBookingStore.set(NO_SPLIT);
  startCheckout(offer, request);
}

/** A split ticket: book the first leg's offer now, the others after it. */
export function beginSplitBooking(offers: PricedOffer[], request: AirShoppingRequest): void {
  splitBookingStore.set({ offers, request, orderIds: [] });
  startCheckout(offers[0]!, legRequest(request, 0));
}

/** Records a booked order of the split booking; answers the leg still to book, if any. */
export function recordSplitOrder(order: PlatformOrder): number | null {
  const split = splitBookingStore.get();
  if (split.offers.length === 0) return null;
  const orderIds = split.orderIds.includes(order.id) ? split.orderIds : [...split.orderIds, order.id];
  if (orderIds !== split.orderIds) splitBookingStore.set({ ...split, orderIds });
  return orderIds.length < split.offers.length ? orderIds.length : null;
}

/** Books the split booking's next leg, with the travellers and contact of the order just made. */
export function continueSplitBooking(previous: PlatformOrder): void {
  const split = splitBookingStore.get();
  const leg = split.orderIds.length;
  const offer = split.offers[leg];
  if (!offer || !split.request) return;
  startCheckout(offer, legRequest(split.request, leg));
  if (previous.supplierOrder) orderFormStore.set({ form: passengersFromOrder(previous.supplierOrder, offer), isBookAndHold: false, isPaxValid: false });
}
