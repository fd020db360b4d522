import type { FlightOfferPriceResponse } from "../../contract/flights";
import type { AirShoppingRequest, PricedAirShoppingResponse, PricedOffer } from "../../contract/shopping";
import { createOwnedStore, createPersistedStore } from "../../lib/createPersistedStore";
import type { SelectedJourneys } from "./journeys";

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** Spec "Flight search": the latest results replace earlier ones; selecting a journey resets the rest. */
export interface FlightSearchState {
  data: PricedAirShoppingResponse | null;
  error: string | null;
  selectedJrny: PricedOffer | null;
  index: number;
  flightSearchReqObj: AirShoppingRequest | null;
}

export const EMPTY_FLIGHT_SEARCH: FlightSearchState = { data: null, error: null, selectedJrny: null, index: 0, flightSearchReqObj: null };
export const flightSearchStore = createOwnedStore<FlightSearchState>(EMPTY_FLIGHT_SEARCH);

/** Spec "Selected journey": data keyed by leg index, each with an offerId. */
export const selectedJourneyStore = createOwnedStore<{ data: SelectedJourneys }>({ data: {} });

/**
 * Spec "Passenger detail" (persisted): the offer being booked, as chosen in the results, with
 * the search it came from. The checkout pages read it, so a reload keeps the booking going.
 */
export interface PassengerDetailState {
  data: { response: PricedOffer } | null;
  error: string | null;
  selectedJrny: SelectedJourneys;
  index: number;
  flightSearchReqObj: AirShoppingRequest | null;
}

export const EMPTY_PASSENGER_DETAIL: PassengerDetailState = { data: null, error: null, selectedJrny: {}, index: 0, flightSearchReqObj: null };
export const passengerDetailStore = createPersistedStore<PassengerDetailState>(
  "passengerDetail",
  EMPTY_PASSENGER_DETAIL,
  (value): value is PassengerDetailState => isObject(value) && "data" in value && isObject(value.selectedJrny),
);

/** Spec "Offer price" (persisted): the OfferPrice answer for the offer being booked. */
export const offerPriceStore = createPersistedStore<{ response: FlightOfferPriceResponse | null }>(
  "offerPrice",
  { response: null },
  (value): value is { response: FlightOfferPriceResponse | null } => isObject(value) && "response" in value,
);

/**
 * Spec "Re-shopping" (persisted): the booking being changed (allbookingdetails), the journeys
 * chosen (segment) with their new dates (selectedArray), and the passengers the change covers.
 */
export interface ReshoppingState {
  allbookingdetails: number | null;
  segment: string[];
  passenger: string[];
  selectedArray: Record<string, string>;
}

export const EMPTY_RESHOPPING: ReshoppingState = { allbookingdetails: null, segment: [], passenger: [], selectedArray: {} };
export const reshoppingStore = createPersistedStore<ReshoppingState>(
  "reShopping",
  EMPTY_RESHOPPING,
  (value): value is ReshoppingState => isObject(value) && Array.isArray(value.segment) && isObject(value.selectedArray),
);
