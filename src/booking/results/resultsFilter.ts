import { PRIORITY_AIRLINE_CODES } from "../../config/constants";
import type { FareFamilyCode, PaxJourney, PricedOffer } from "../../contract/shopping";
import { isoDurationMinutes } from "../display/segmentDisplay";

/** 0 direct, 1 one stop, 2 two stops or more. */
export type StopsBucket = 0 | 1 | 2;
export const STOPS_BUCKETS: readonly StopsBucket[] = [0, 1, 2];

export interface ResultsFilters {
  /** Empty: any number of stops. */
  stops: StopsBucket[];
  /** "ALL" or a letter narrowing the airline list (spec's airline filter). */
  airlineLetter: string;
  /** Validating carriers; empty: any. */
  airlines: string[];
  /** Local hours [from, to] of the leg's departure and arrival, 0-24. */
  departureHours: [number, number];
  arrivalHours: [number, number];
  /** What the agent pays, minor units; null: any. */
  price: [number, number] | null;
  baggageIncluded: boolean;
  suppliers: string[];
  fareFamilies: FareFamilyCode[];
}

export const NO_FILTERS: ResultsFilters = {
  stops: [],
  airlineLetter: "ALL",
  airlines: [],
  departureHours: [0, 24],
  arrivalHours: [0, 24],
  price: null,
  baggageIncluded: false,
  suppliers: [],
  fareFamilies: [],
};

/** Whether any filter narrows the results. */
export const filtersInUse = (filters: ResultsFilters) => (Object.keys(NO_FILTERS) as (keyof ResultsFilters)[]).some((key) => JSON.stringify(filters[key]) !== JSON.stringify(NO_FILTERS[key]));

export const RESULTS_SORTS = ["recommended", "price", "duration", "departure"] as const;
export type ResultsSort = (typeof RESULTS_SORTS)[number];

export const sellingTotal = (offer: PricedOffer) => offer.priceBreakdown.totals.total;
export const stopsBucket = (journey: PaxJourney): StopsBucket => Math.min(journey.segments.length - 1, 2) as StopsBucket;
const hourOf = (dateTime: string) => Number(dateTime.slice(11, 13)) + Number(dateTime.slice(14, 16)) / 60;
const inHours = (hour: number, [from, to]: [number, number]) => hour >= from && hour <= to;

/** The same flights at the same times: offers sharing it differ only in fare or supplier. */
export function journeyKey(journey: PaxJourney): string {
  return journey.segments
    .map((segment) => `${segment.marketingCarrier.designatorCode}${segment.marketingCarrier.flightNumber}@${segment.departure.dateTime}`)
    .join("|");
}

/** Offers passing every filter; stops and time windows look at the leg being chosen. */
export function filterOffers(offers: readonly PricedOffer[], filters: ResultsFilters, leg: number): PricedOffer[] {
  const stops = new Set(filters.stops);
  const airlines = new Set(filters.airlines);
  const suppliers = new Set(filters.suppliers);
  const families = new Set(filters.fareFamilies);
  return offers.filter((offer) => {
    const journey = offer.journeys[leg];
    if (!journey) return false;
    if (stops.size > 0 && !stops.has(stopsBucket(journey))) return false;
    if (filters.airlineLetter !== "ALL" && !offer.ownerCode.startsWith(filters.airlineLetter)) return false;
    if (airlines.size > 0 && !airlines.has(offer.ownerCode)) return false;
    if (suppliers.size > 0 && !suppliers.has(offer.supplierId)) return false;
    if (families.size > 0 && !families.has(offer.fareFamilyCode)) return false;
    if (filters.baggageIncluded && offer.fareBrand.checkedBaggage.pieces === 0 && offer.fareBrand.checkedBaggage.weightKg === 0) return false;
    if (filters.price && (sellingTotal(offer) < filters.price[0] || sellingTotal(offer) > filters.price[1])) return false;
    const segments = journey.segments;
    if (!inHours(hourOf(segments[0]!.departure.dateTime), filters.departureHours)) return false;
    return inHours(hourOf(segments[segments.length - 1]!.arrival.dateTime), filters.arrivalHours);
  });
}

const priority = (code: string) => {
  const index = (PRIORITY_AIRLINE_CODES as readonly string[]).indexOf(code);
  return index < 0 ? PRIORITY_AIRLINE_CODES.length : index;
};

/** A new array in the chosen order; ties keep the cheaper first. Recommended puts the spec's priority airlines first. */
export function sortOffers(offers: readonly PricedOffer[], sort: ResultsSort, leg: number): PricedOffer[] {
  const keyed = offers.map((offer) => {
    const journey = offer.journeys[leg]!;
    return {
      offer,
      price: sellingTotal(offer),
      primary:
        sort === "duration"
          ? isoDurationMinutes(journey.duration)
          : sort === "departure"
            ? Date.parse(journey.segments[0]!.departure.dateTime)
            : sort === "recommended"
              ? priority(offer.ownerCode)
              : sellingTotal(offer),
    };
  });
  keyed.sort((left, right) => left.primary - right.primary || left.price - right.price);
  return keyed.map((entry) => entry.offer);
}

/** One journey option for a leg: the offers that fly it, cheapest first. */
export interface LegOption {
  key: string;
  journey: PaxJourney;
  offers: PricedOffer[];
}

/**
 * The journeys the agent can choose for `leg`, among offers that fly the journeys already
 * chosen for the earlier legs, in the order of `sorted`.
 */
export function legOptions(sorted: readonly PricedOffer[], leg: number, chosenKeys: readonly string[]): LegOption[] {
  const options = new Map<string, LegOption>();
  for (const offer of sorted) {
    if (!chosenKeys.every((key, index) => offer.journeys[index] && journeyKey(offer.journeys[index]) === key)) continue;
    const journey = offer.journeys[leg];
    if (!journey) continue;
    const key = journeyKey(journey);
    const option = options.get(key);
    if (option) option.offers.push(offer);
    else options.set(key, { key, journey, offers: [offer] });
  }
  for (const option of options.values()) option.offers.sort((left, right) => sellingTotal(left) - sellingTotal(right));
  return [...options.values()];
}

/** Offers flying exactly the chosen journeys on every leg: the fares to compare, cheapest first. */
export function faresForItinerary(offers: readonly PricedOffer[], chosenKeys: readonly string[]): PricedOffer[] {
  return offers
    .filter((offer) => offer.journeys.length === chosenKeys.length && offer.journeys.every((journey, index) => journeyKey(journey) === chosenKeys[index]))
    .sort((left, right) => sellingTotal(left) - sellingTotal(right));
}

/** Cheapest price per airline and stops bucket, for the airline-by-stops matrix. */
export function airlineMatrix(offers: readonly PricedOffer[], leg: number): { airlines: { code: string; name: string }[]; cheapest: Map<string, number> } {
  const cheapest = new Map<string, number>();
  const names = new Map<string, string>();
  for (const offer of offers) {
    const journey = offer.journeys[leg];
    if (!journey) continue;
    names.set(offer.ownerCode, offer.ownerName);
    const cell = `${offer.ownerCode}:${stopsBucket(journey)}`;
    const price = sellingTotal(offer);
    if (!cheapest.has(cell) || price < cheapest.get(cell)!) cheapest.set(cell, price);
  }
  const airlines = [...names].map(([code, name]) => ({ code, name })).sort((left, right) => left.code.localeCompare(right.code));
  return { airlines, cheapest };
}

export function priceBounds(offers: readonly PricedOffer[]): [number, number] | null {
  if (offers.length === 0) return null;
  let low = Infinity;
  let high = -Infinity;
  for (const offer of offers) {
    low = Math.min(low, sellingTotal(offer));
    high = Math.max(high, sellingTotal(offer));
  }
  return [low, high];
}
