import type { ContactFormValue, PassengerFormValue } from "../passengers/passengerRules";
import { EMPTY_SELECTED_ANCILLARIES, isSelectedAncillaries, type SelectedAncillaries } from "../ancillaries/ancillarySelection";
import { EMPTY_SELECTED_SEAT_MAP, isSelectedSeatMap, type SelectedSeatMap } from "./ancillarySummary";
import type { OrderAttempt } from "../checkout/orderAttempt";
import { createPersistedStore } from "../../lib/createPersistedStore";
import { EMPTY_PASSENGER_DETAIL, offerPriceStore, passengerDetailStore, selectedJourneyStore } from "./bookingStores";

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** Spec "Order form" (persisted): the passengers and contact typed so far, and the book-and-hold choice. */
export interface OrderFormState {
  form: { passengers: PassengerFormValue[]; contact: ContactFormValue } | null;
  isBookAndHold: boolean;
  isPaxValid: boolean;
}

export const EMPTY_ORDER_FORM: OrderFormState = { form: null, isBookAndHold: false, isPaxValid: false };
export const orderFormStore = createPersistedStore<OrderFormState>(
  "orderForm",
  EMPTY_ORDER_FORM,
  (value): value is OrderFormState => isObject(value) && "form" in value && typeof value.isBookAndHold === "boolean",
);

/** Spec "Selected ancillaries" (persisted as the ancillary list): baggage, meals, assistance per segment and passenger. */
export const selectedAncillariesStore = createPersistedStore<SelectedAncillaries>("ancillaryList", EMPTY_SELECTED_ANCILLARIES, isSelectedAncillaries);

/** Spec "Selected seat map": the seats chosen per segment and passenger, with their totals. */
export const selectedSeatMapStore = createPersistedStore<SelectedSeatMap>("selectedSeatMap", EMPTY_SELECTED_SEAT_MAP, isSelectedSeatMap);

/** Where the agent is in the checkout, and the key of the order being placed (a retry must reuse it). */
export interface CheckoutProgress {
  step: number;
  /** The agent saw the airline's new price and chose to go on with it. */
  priceChangeAccepted: boolean;
  attempt: OrderAttempt | null;
}

export const EMPTY_CHECKOUT_PROGRESS: CheckoutProgress = { step: 0, priceChangeAccepted: false, attempt: null };
export const checkoutProgressStore = createPersistedStore<CheckoutProgress>(
  "checkoutProgress",
  EMPTY_CHECKOUT_PROGRESS,
  (value): value is CheckoutProgress => isObject(value) && typeof value.step === "number",
);

/** The booking is done or abandoned: nothing of it may linger for the next one. */
export function clearCheckout(): void {
  orderFormStore.set(EMPTY_ORDER_FORM);
  selectedAncillariesStore.set(EMPTY_SELECTED_ANCILLARIES);
  selectedSeatMapStore.set(EMPTY_SELECTED_SEAT_MAP);
  checkoutProgressStore.set(EMPTY_CHECKOUT_PROGRESS);
  offerPriceStore.set({ response: null });
  passengerDetailStore.set(EMPTY_PASSENGER_DETAIL);
  selectedJourneyStore.set({ data: {} });
}
