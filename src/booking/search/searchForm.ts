import {
  FARE_FAMILY_CODES,
  MAX_ORIGIN_DESTINATIONS,
  MAX_SEATED_PASSENGERS,
  type AirShoppingRequest,
  type CabinCode,
  type FareFamilyCode,
} from "../../contract/shopping";

/** One-way, return, or multi-city with up to six legs. */
export const SEARCH_TRIP_TYPES = ["OW", "RT", "MC"] as const;
export type SearchTripType = (typeof SEARCH_TRIP_TYPES)[number];

export interface SearchLegValues {
  origin?: string;
  destination?: string;
  /** ISO date, YYYY-MM-DD. */
  departureDate?: string;
}

/** What the search form holds; dates as ISO strings so it can be kept and restored as is. */
export interface SearchFormValues {
  tripType: SearchTripType;
  legs: SearchLegValues[];
  returnDate?: string;
  adults: number;
  children: number;
  infants: number;
  cabin: CabinCode;
  fareFamilyCodes: FareFamilyCode[];
  preferredAirlines: string[];
  directOnly: boolean;
}

export const DEFAULT_SEARCH_VALUES: SearchFormValues = {
  tripType: "RT",
  legs: [{}],
  adults: 1,
  children: 0,
  infants: 0,
  cabin: "Y",
  fareFamilyCodes: [...FARE_FAMILY_CODES],
  preferredAirlines: [],
  directOnly: false,
};

/** A form field path as antd names it, e.g. ["legs", 1, "origin"]. */
export type SearchFieldPath = readonly (string | number)[];

/** A mistake on one field; `key` is the i18n key under booking.search.errors. */
export interface SearchFieldError {
  field: SearchFieldPath;
  key: string;
}

export type SearchFormResult = { ok: true; request: AirShoppingRequest } | { ok: false; errors: SearchFieldError[] };

const MIN_MULTI_CITY_LEGS = 2;

function checkLeg(leg: SearchLegValues, index: number, today: string, errors: SearchFieldError[]) {
  if (!leg.origin) errors.push({ field: ["legs", index, "origin"], key: "originRequired" });
  if (!leg.destination) errors.push({ field: ["legs", index, "destination"], key: "destinationRequired" });
  else if (leg.origin === leg.destination) errors.push({ field: ["legs", index, "destination"], key: "sameAirports" });
  if (!leg.departureDate) errors.push({ field: ["legs", index, "departureDate"], key: "dateRequired" });
  else if (leg.departureDate < today) errors.push({ field: ["legs", index, "departureDate"], key: "dateInPast" });
}

/**
 * The form as an AirShopping request, or every mistake with the field it belongs to. `today`
 * is the agent's local date (ISO): departures before it are refused here rather than by the airline.
 */
export function toSearchRequest(values: SearchFormValues, today: string): SearchFormResult {
  const errors: SearchFieldError[] = [];
  const legs = values.tripType === "MC" ? values.legs : values.legs.slice(0, 1);
  legs.forEach((leg, index) => checkLeg(leg, index, today, errors));

  if (values.tripType === "MC") {
    if (legs.length < MIN_MULTI_CITY_LEGS) errors.push({ field: ["legs"], key: "multiCityLegs" });
    if (legs.length > MAX_ORIGIN_DESTINATIONS) errors.push({ field: ["legs"], key: "tooManyLegs" });
    legs.forEach((leg, index) => {
      const previous = legs[index - 1];
      if (previous?.departureDate && leg.departureDate && leg.departureDate < previous.departureDate) {
        errors.push({ field: ["legs", index, "departureDate"], key: "legsOutOfOrder" });
      }
    });
  }
  if (values.tripType === "RT") {
    const outbound = legs[0]?.departureDate;
    if (!values.returnDate) errors.push({ field: ["returnDate"], key: "returnRequired" });
    else if (outbound && values.returnDate < outbound) errors.push({ field: ["returnDate"], key: "returnBeforeDeparture" });
  }

  if (values.infants > values.adults) errors.push({ field: ["infants"], key: "infantsExceedAdults" });
  if (values.adults + values.children > MAX_SEATED_PASSENGERS) errors.push({ field: ["children"], key: "tooManyPassengers" });
  if (values.fareFamilyCodes.length === 0) errors.push({ field: ["fareFamilyCodes"], key: "fareFamilyRequired" });

  if (errors.length > 0) return { ok: false, errors };

  const originDestinations = legs.map((leg) => ({ origin: leg.origin!, destination: leg.destination!, departureDate: leg.departureDate! }));
  if (values.tripType === "RT") {
    const [outbound] = originDestinations;
    originDestinations.push({ origin: outbound!.destination, destination: outbound!.origin, departureDate: values.returnDate! });
  }
  return {
    ok: true,
    request: {
      originDestinations,
      passengers: { ADT: values.adults, CHD: values.children, INF: values.infants, YTH: 0 },
      cabin: values.cabin,
      fareFamilyCodes: values.fareFamilyCodes,
      preferredAirlines: values.preferredAirlines,
      directOnly: values.directOnly,
    },
  };
}

/** A request back as form values (modify search, recent searches). */
export function toSearchFormValues(request: AirShoppingRequest): SearchFormValues {
  const [first, second] = request.originDestinations;
  const isReturn =
    request.originDestinations.length === 2 && first!.origin === second!.destination && first!.destination === second!.origin;
  const tripType: SearchTripType = request.originDestinations.length === 1 ? "OW" : isReturn ? "RT" : "MC";
  return {
    tripType,
    legs: (tripType === "MC" ? request.originDestinations : [first!]).map((leg) => ({ ...leg })),
    returnDate: tripType === "RT" ? second!.departureDate : undefined,
    adults: request.passengers.ADT,
    children: request.passengers.CHD,
    infants: request.passengers.INF,
    cabin: request.cabin,
    fareFamilyCodes: [...request.fareFamilyCodes],
    preferredAirlines: [...request.preferredAirlines],
    directOnly: request.directOnly,
  };
}
