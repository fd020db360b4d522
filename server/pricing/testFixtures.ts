import type { Airport } from "../../src/contract/reference";
import type { Offer, PassengerTypeCode, PaxJourney, PaxSegment } from "../../src/contract/shopping";
import { createExchangeRates } from "../../src/contract/exchangeRates";
import { createAirportLocator } from "./geography";
import { markupRuleSchema, type MarkupRule, type MarkupRuleInput } from "../../src/contract/markup";
import type { PricingContext } from "./priceOffer";

/** Shared by the pricing tests; the numbers are the ones docs/pricing.md works through. */

const airport = (iata: string, country: string, longitude: number): Airport => ({
  iata,
  name: `${iata} Airport`,
  city: iata,
  country,
  latitude: 0,
  longitude,
  tz: "UTC",
});

export const locateAirport = createAirportLocator([
  airport("KWI", "Kuwait", 47.97),
  airport("LHR", "United Kingdom", -0.46),
  airport("MAD", "Spain", -3.57),
  airport("JFK", "United States", -73.78),
  airport("NRT", "Japan", 140.39),
  airport("SYD", "Australia", 151.18),
]);

export function segment(from: string, to: string, departure: string, changes: Partial<PaxSegment> = {}): PaxSegment {
  const carrier = { designatorCode: "BA", name: "British Airways", flightNumber: "156", rbdCode: "Q", rbdName: "Economy" };
  return {
    paxSegmentID: `BA156-${departure.slice(0, 10)}-${from}${to}`,
    departure: { iataCode: from, stationName: from, terminal: null, dateTime: `${departure}:00+00:00` },
    arrival: { iataCode: to, stationName: to, terminal: null, dateTime: `${departure}:00+00:00` },
    duration: "PT6H",
    aircraftCode: "77W",
    aircraftName: "Boeing 777-300ER",
    cabinCode: "Y",
    marketingCarrier: carrier,
    operatingCarrier: carrier,
    ...changes,
  };
}

export const journey = (id: string, ...segments: PaxSegment[]): PaxJourney => ({ paxJourneyID: id, duration: "PT6H", segments });

interface ItemPrice {
  readonly passengerType: PassengerTypeCode;
  readonly count: number;
  readonly base: number;
  readonly taxes: number;
}

/** Default family: 2 adults (400.00 + 100.00 taxes), 1 child (300.00 + 100.00), 1 infant (40.00 + 10.00), in GBP. */
export const FAMILY: readonly ItemPrice[] = [
  { passengerType: "ADT", count: 2, base: 40_000, taxes: 10_000 },
  { passengerType: "CHD", count: 1, base: 30_000, taxes: 10_000 },
  { passengerType: "INF", count: 1, base: 4_000, taxes: 1_000 },
];

export function offer(changes: { items?: readonly ItemPrice[]; currency?: string; journeys?: PaxJourney[] } & Partial<Offer> = {}): Offer {
  const { items = FAMILY, currency = "GBP", journeys = [journey("J1", segment("KWI", "LHR", "2025-06-10T08:00"))], ...rest } = changes;
  let paxNumber = 0;
  const offerItems = items.map((item, index) => ({
    offerItemId: `OI${index + 1}`,
    passengerType: item.passengerType,
    paxRefIds: Array.from({ length: item.count }, () => `PAX${++paxNumber}`),
    unitPrice: { currency, base: item.base, taxes: item.taxes, total: item.base + item.taxes, taxBreakdown: [{ code: "UB", amount: item.taxes }] },
  }));
  const base = items.reduce((sum, item) => sum + item.base * item.count, 0);
  const taxes = items.reduce((sum, item) => sum + item.taxes * item.count, 0);
  return {
    supplierId: "ba-ndc",
    supplierName: "BA NDC (sandbox)",
    shoppingResponseId: "SR1",
    offerId: "SR1-1",
    ownerCode: "BA",
    ownerName: "British Airways",
    journeys,
    offerItems,
    fareFamilyCode: "F01",
    fareCode: "70J",
    fareBrand: {
      code: "LIGHT",
      name: "Economy Light",
      checkedBaggage: { pieces: 0, weightKg: 0 },
      cabinBaggage: { pieces: 1, weightKg: 8 },
      change: { allowed: false, penalty: null },
      refund: { allowed: false, penalty: null },
      seatSelectionIncluded: false,
    },
    totalPrice: { currency, base, taxes, total: base + taxes, taxBreakdown: [{ code: "UB", amount: taxes }] },
    expiresAt: "2025-05-01T10:30:00.000Z",
    priceGuaranteeExpiresAt: null,
    ...rest,
  };
}

/** Organisations: branch 30 of agency 20 of partner 10 of head office 1. */
export const BRANCH = 30;
export const AGENCY = 20;
export const PARTNER = 10;
export const HEAD_OFFICE = 1;

export function context(changes: Partial<PricingContext> = {}): PricingContext {
  return {
    organisationPath: [BRANCH, AGENCY, PARTNER, HEAD_OFFICE],
    pointOfSale: { countryCode: "KW", marketIds: ["GCC"] },
    bookingDate: "2025-05-01",
    tourCode: null,
    sellingCurrency: "GBP",
    exchangeRates: createExchangeRates([
      { from: "GBP", to: "KWD", rate: "0.3841" },
      { from: "USD", to: "KWD", rate: "0.3075" },
      { from: "GBP", to: "JPY", rate: "193.52" },
    ]),
    locateAirport,
    ...changes,
  };
}

type RuleChanges = {
  [Section in keyof MarkupRuleInput]?: Section extends "id" | "layer" | "rule" ? MarkupRuleInput[Section] : Partial<MarkupRuleInput[Section]>;
};

/** An active agency-layer rule adding 10.00 GBP per passenger, with the given changes. */
export function rule(id: number, changes: RuleChanges = {}): MarkupRule {
  return markupRuleSchema.parse({
    id,
    layer: changes.layer ?? "agency",
    head: { name: `Rule ${id}`, status: 1, validFrom: "2025-01-01", validTo: null, priority: 10, ...changes.head },
    contentSource: { ...changes.contentSource },
    pointOfSale: { ...changes.pointOfSale },
    criteria: { ...changes.criteria },
    rule: changes.rule ?? { markupBy: "by_amount", amount: 1_000, currency: "GBP", appliesPer: "passenger" },
  });
}
