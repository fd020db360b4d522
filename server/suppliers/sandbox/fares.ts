import { percentageOfMinor, ratio } from "../../../src/contract/money";
import type { CabinCode, FareBrand, PassengerTypeCode, PaxJourney, PaxSegment, Price } from "../../../src/contract/shopping";
import { findAirport } from "./airportDirectory";
import { hundredthsToMinor, moneyFromHundredths, roundToMajorUnit } from "./amounts";
import { greatCircleKm } from "./flightTime";
import { seededRandom } from "./prng";
import { carrierOf, type FareKind, type SandboxSupplierProfile } from "./profiles";

export const FARE_BRAND_CODES = ["LIGHT", "CLASSIC", "FLEX"] as const;
export type FareBrandCode = (typeof FARE_BRAND_CODES)[number];

export const CABIN_NAMES: Readonly<Record<CabinCode, string>> = {
  Y: "Economy",
  W: "Premium Economy",
  C: "Business",
  F: "First",
};

/** First class sells no "light" fare. */
export function brandsForCabin(cabin: CabinCode): readonly FareBrandCode[] {
  return cabin === "F" ? ["CLASSIC", "FLEX"] : FARE_BRAND_CODES;
}

/** Booking classes (RBD) per cabin and brand, cheapest first: demand decides which one sells. */
const BOOKING_CLASSES: Readonly<Record<CabinCode, Readonly<Record<FareBrandCode, readonly string[]>>>> = {
  Y: { LIGHT: ["O", "Q", "N"], CLASSIC: ["L", "M", "K"], FLEX: ["B", "Y"] },
  W: { LIGHT: ["T"], CLASSIC: ["E"], FLEX: ["W"] },
  C: { LIGHT: ["I", "R"], CLASSIC: ["D"], FLEX: ["J", "C"] },
  F: { LIGHT: ["A"], CLASSIC: ["A"], FLEX: ["F"] },
};

const MINIMUM_DEMAND_PERCENT = 85;
const MAXIMUM_DEMAND_PERCENT = 140;

/** How full a flight is on its date, as a price level; seeded by the segment (flight and date). */
export function demandPercent(paxSegmentID: string): number {
  return seededRandom("demand", paxSegmentID).integer(MINIMUM_DEMAND_PERCENT, MAXIMUM_DEMAND_PERCENT);
}

export function bookingClassFor(cabin: CabinCode, brand: FareBrandCode, demand: number): string {
  const ladder = BOOKING_CLASSES[cabin][brand];
  const step = Math.floor(((demand - MINIMUM_DEMAND_PERCENT) * ladder.length) / (MAXIMUM_DEMAND_PERCENT - MINIMUM_DEMAND_PERCENT + 1));
  return ladder[Math.min(step, ladder.length - 1)]!;
}

/** The share of the adult fare each passenger type pays. */
const PASSENGER_FARE_PERCENT: Readonly<Record<PassengerTypeCode, number>> = { ADT: 100, YTH: 90, CHD: 75, INF: 10 };

const BRAND_PRICE_PERCENT: Readonly<Record<FareBrandCode, number>> = { LIGHT: 100, CLASSIC: 130, FLEX: 185 };
/** A journey with a connection sells below the sum of its flights. */
const CONNECTION_PRICE_PERCENT = 90;

/** Fare level in hundredths of a major unit: a fixed part plus a part per kilometre. */
const FARE_SCALE: Readonly<Record<CabinCode, { fixed: number; perKm: number }>> = {
  Y: { fixed: 4_000, perKm: 4 },
  W: { fixed: 9_000, perKm: 8 },
  C: { fixed: 15_000, perKm: 20 },
  F: { fixed: 30_000, perKm: 35 },
};
const LOW_COST_FARE_SCALE = { fixed: 1_500, perKm: 3 };

/** Airport charges per departure, in hundredths of a major unit; carrier surcharge per kilometre (full-service only). */
const AIRPORT_CHARGE_RANGE = { minimum: 800, maximum: 4_500 };
const CARRIER_SURCHARGE_PER_KM = 1;

/** Penalties per passenger, in hundredths of a major unit. */
const CHANGE_PENALTY: Readonly<Record<CabinCode, number>> = { Y: 7_000, W: 12_000, C: 20_000, F: 30_000 };
const FLEX_REFUND_PENALTY: Readonly<Record<CabinCode, number>> = { Y: 5_000, W: 7_500, C: 10_000, F: 0 };
const LOW_COST_CHANGE_PENALTY = 4_500;

const isLowCost = (profile: SandboxSupplierProfile, segment: PaxSegment) =>
  carrierOf(profile, segment.operatingCarrier.designatorCode).lowCost;

const segmentDistanceKm = (segment: PaxSegment) =>
  greatCircleKm(findAirport(segment.departure.iataCode), findAirport(segment.arrival.iataCode));

function bags(pieces: number, weightKg: number) {
  return { pieces, weightKg };
}

/** The conditions and allowances of a brand, per passenger, in the supplier's currency. */
export function fareBrand(code: FareBrandCode, cabin: CabinCode, lowCost: boolean, currency: string): FareBrand {
  if (lowCost) {
    const names = { LIGHT: "Basic", CLASSIC: "Regular", FLEX: "Flexi Plus" } as const;
    return {
      code,
      name: names[code],
      checkedBaggage: code === "LIGHT" ? bags(0, 0) : bags(1, code === "FLEX" ? 23 : 20),
      cabinBaggage: bags(1, 10),
      change: {
        allowed: code !== "LIGHT",
        penalty: code === "LIGHT" ? null : moneyFromHundredths(code === "CLASSIC" ? LOW_COST_CHANGE_PENALTY : 0, currency),
      },
      refund: { allowed: false, penalty: null },
      seatSelectionIncluded: code === "FLEX",
    };
  }
  const premiumCabin = cabin === "C" || cabin === "F";
  const checkedPieces = {
    LIGHT: cabin === "Y" ? 0 : cabin === "W" ? 1 : 2,
    CLASSIC: cabin === "Y" ? 1 : 2,
    FLEX: premiumCabin ? 3 : 2,
  };
  return {
    code,
    name: `${CABIN_NAMES[cabin]} ${code === "LIGHT" ? "Light" : code === "CLASSIC" ? "Classic" : "Flex"}`,
    checkedBaggage: bags(checkedPieces[code], premiumCabin ? 32 : 23),
    cabinBaggage: bags(premiumCabin ? 2 : 1, premiumCabin ? 18 : 8),
    change: {
      allowed: code !== "LIGHT",
      penalty: code === "LIGHT" ? null : moneyFromHundredths(code === "CLASSIC" ? CHANGE_PENALTY[cabin] : 0, currency),
    },
    refund: { allowed: code === "FLEX", penalty: code === "FLEX" ? moneyFromHundredths(FLEX_REFUND_PENALTY[cabin], currency) : null },
    seatSelectionIncluded: code === "FLEX" || premiumCabin,
  };
}

function adultBaseFare(
  journeys: readonly PaxJourney[],
  brand: FareBrandCode,
  kind: FareKind,
  profile: SandboxSupplierProfile,
): number {
  const hundredths = journeys.reduce((journeySum, journey) => {
    const flights = journey.segments.reduce((segmentSum, segment) => {
      const scale = isLowCost(profile, segment) ? LOW_COST_FARE_SCALE : FARE_SCALE[segment.cabinCode];
      const level = scale.fixed + scale.perKm * segmentDistanceKm(segment);
      return segmentSum + percentageOfMinor(level, ratio(BigInt(demandPercent(segment.paxSegmentID)), 1n));
    }, 0);
    return journeySum + (journey.segments.length > 1 ? percentageOfMinor(flights, ratio(BigInt(CONNECTION_PRICE_PERCENT), 1n)) : flights);
  }, 0);
  const branded = percentageOfMinor(hundredths, ratio(BigInt(BRAND_PRICE_PERCENT[brand] * kind.pricePercent), 100n));
  return roundToMajorUnit(hundredthsToMinor(branded, profile.currency), profile.currency);
}

/** Per-passenger taxes: airport charges per departure (infants exempt) and the carrier surcharge YQ. */
function taxesFor(
  journeys: readonly PaxJourney[],
  passengerType: PassengerTypeCode,
  profile: SandboxSupplierProfile,
): { code: string; amount: number }[] {
  let airportCharges = 0;
  let carrierSurcharge = 0;
  for (const segment of journeys.flatMap((journey) => journey.segments)) {
    const charge = seededRandom("airport-charge", segment.departure.iataCode).integer(AIRPORT_CHARGE_RANGE.minimum, AIRPORT_CHARGE_RANGE.maximum);
    airportCharges += passengerType === "INF" ? 0 : hundredthsToMinor(charge, profile.currency);
    if (!isLowCost(profile, segment)) {
      const surcharge = hundredthsToMinor(CARRIER_SURCHARGE_PER_KM * segmentDistanceKm(segment), profile.currency);
      carrierSurcharge += passengerType === "INF" ? percentageOfMinor(surcharge, ratio(10n, 1n)) : surcharge;
    }
  }
  return [
    { code: "UB", amount: airportCharges },
    { code: "YQ", amount: carrierSurcharge },
  ].filter((tax) => tax.amount > 0);
}

/** The price of one passenger of each type for the whole itinerary. */
export function priceItinerary(
  journeys: readonly PaxJourney[],
  brand: FareBrandCode,
  kind: FareKind,
  passengerTypes: readonly PassengerTypeCode[],
  profile: SandboxSupplierProfile,
): Map<PassengerTypeCode, Price> {
  const adultBase = adultBaseFare(journeys, brand, kind, profile);
  return new Map(
    passengerTypes.map((passengerType) => {
      const base = percentageOfMinor(adultBase, ratio(BigInt(PASSENGER_FARE_PERCENT[passengerType]), 1n));
      const taxBreakdown = taxesFor(journeys, passengerType, profile);
      const taxes = taxBreakdown.reduce((sum, tax) => sum + tax.amount, 0);
      return [passengerType, { currency: profile.currency, base, taxes, total: base + taxes, taxBreakdown }];
    }),
  );
}

/** Sums per-passenger prices over passenger counts. */
export function totalPrice(unitPrices: readonly { unitPrice: Price; passengerCount: number }[], currency: string): Price {
  const taxesByCode = new Map<string, number>();
  let base = 0;
  for (const { unitPrice, passengerCount } of unitPrices) {
    base += unitPrice.base * passengerCount;
    for (const tax of unitPrice.taxBreakdown) taxesByCode.set(tax.code, (taxesByCode.get(tax.code) ?? 0) + tax.amount * passengerCount);
  }
  const taxBreakdown = [...taxesByCode].map(([code, amount]) => ({ code, amount }));
  const taxes = taxBreakdown.reduce((sum, tax) => sum + tax.amount, 0);
  return { currency, base, taxes, total: base + taxes, taxBreakdown };
}
