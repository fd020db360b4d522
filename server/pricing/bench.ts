import { performance } from "node:perf_hooks";
import { airShoppingRequestSchema, CABIN_CODES, FARE_FAMILY_CODES, type Offer } from "../../src/contract/shopping";
import { loadAirports } from "../reference/airports";
import { buildAirShoppingResponse } from "../suppliers/sandbox/offers";
import { seededRandom, type SeededRandom } from "../suppliers/sandbox/prng";
import { SANDBOX_SUPPLIER_PROFILES } from "../suppliers/sandbox/profiles";
import { compileRules } from "./compileRules";
import { createExchangeRates } from "../../src/contract/exchangeRates";
import { createAirportLocator } from "./geography";
import { markupRuleSchema, type MarkupRule } from "../../src/contract/markup";
import { createOfferPricer, type PricingContext } from "./priceOffer";

const ROUTES = [
  ["KWI", "LHR"], ["LHR", "JFK"], ["KWI", "FRA"], ["FRA", "JFK"], ["LHR", "DXB"], ["MUC", "BKK"],
  ["LHR", "MAD"], ["ZRH", "JFK"], ["STN", "BGY"], ["KWI", "DXB"], ["VIE", "CDG"], ["LHR", "SYD"],
] as const;
const AGENCY_COUNT = 2_000;
const MINIMUM_TIMED_MS = 1_500;

/** Sandbox offers over busy routes (return trips, a family of four), cycled up to `count`. */
function sandboxOffers(count: number): Offer[] {
  const offers: Offer[] = [];
  for (const [origin, destination] of ROUTES) {
    const request = airShoppingRequestSchema.parse({
      originDestinations: [
        { origin, destination, departureDate: "2025-06-10" },
        { origin: destination, destination: origin, departureDate: "2025-06-17" },
      ],
      passengers: { ADT: 2, CHD: 1, INF: 1 },
    });
    for (const profile of SANDBOX_SUPPLIER_PROFILES) {
      offers.push(...buildAirShoppingResponse(profile, request, new Date("2025-05-01T00:00:00Z")).offers);
    }
  }
  return Array.from({ length: count }, (_, index) => offers[index % offers.length]!);
}

const some = <T>(random: SeededRandom, share: number, values: readonly T[], most: number): T[] =>
  random.chance(share) ? [...new Set(Array.from({ length: random.integer(1, most) }, () => random.pick(values)))] : [];

/** A rule book shaped like an aggregator's: mostly agency markups set per organisation, some network-wide. */
function syntheticRules(count: number, owners: readonly string[]): MarkupRule[] {
  const random = seededRandom("markup-bench");
  const supplierIds = SANDBOX_SUPPLIER_PROFILES.map((profile) => profile.supplierId);
  return Array.from({ length: count }, (_, index) =>
    markupRuleSchema.parse({
      id: index + 1,
      layer: random.chance(0.2) ? "supplier" : "agency",
      head: {
        name: `Bench rule ${index + 1}`,
        status: random.chance(0.9) ? 1 : 0,
        validFrom: "2025-01-01",
        validTo: random.chance(0.2) ? "2025-12-31" : null,
        priority: random.integer(1, 10),
      },
      contentSource: { supplierIds: some(random, 0.6, supplierIds, 1) },
      pointOfSale: {
        organisationIds: some(random, 0.7, Array.from({ length: AGENCY_COUNT }, (_, organisation) => organisation + 1), 3),
        includeSubtree: random.chance(0.5),
        countries: some(random, 0.1, ["KW", "AE", "SA", "GB"], 2),
      },
      criteria: {
        airlines: some(random, 0.5, owners, 3),
        cabins: some(random, 0.3, CABIN_CODES, 2),
        bookingClasses: some(random, 0.1, ["O", "Q", "N", "L", "M", "K", "B", "Y"], 3),
        tripTypes: some(random, 0.2, ["OW", "RT"] as const, 1),
        passengerTypes: some(random, 0.2, ["ADT", "CHD", "INF"] as const, 2),
        origin: { countries: some(random, 0.2, ["KW", "GB", "DE", "CH"], 2) },
        destination: { airports: some(random, 0.1, ["LHR", "JFK", "DXB", "FRA"], 2) },
        fareFamilies: some(random, 0.2, FARE_FAMILY_CODES, 3),
        travelDates: random.chance(0.2) ? { from: "2025-06-01", to: "2025-08-31" } : null,
      },
      rule: random.chance(0.5)
        ? { markupBy: "by_amount", amount: random.integer(100, 5_000), currency: "KWD", appliesPer: random.chance(0.8) ? "passenger" : "booking" }
        : {
            markupBy: "by_percentage",
            percentage: `${random.integer(0, 9)}.${random.integer(0, 99)}`,
            currency: "KWD",
            appliesPer: random.chance(0.8) ? "passenger" : "booking",
            minimum: random.chance(0.3) ? 500 : null,
            maximum: random.chance(0.3) ? 20_000 : null,
          },
    }),
  );
}

export interface MarkupEngineFigures {
  /** The sale's first search, ranking its rules from the compiled rule book. */
  readonly firstSearchMs: number;
  /** The sale's next searches, on average (its ranked rules kept while the rule book stands). */
  readonly searchMs: number;
  readonly offersPerSecond: number;
}

/**
 * The markup engine over `ruleCount` synthetic rules compiled once and `offerCount` sandbox offers
 * priced in KWD (converted from GBP/EUR) for one agency branch as one search (one pricer): the
 * first search, then searches repeated for at least a second and a half.
 */
export function benchMarkupEngine(ruleCount: number, offerCount: number): MarkupEngineFigures {
  const offers = sandboxOffers(offerCount);
  const index = compileRules(syntheticRules(ruleCount, [...new Set(offers.map((offer) => offer.ownerCode))]));
  const context: PricingContext = {
    organisationPath: [1_500, 150, 15, 1],
    pointOfSale: { countryCode: "KW", marketIds: [] },
    bookingDate: "2025-05-01",
    tourCode: null,
    sellingCurrency: "KWD",
    exchangeRates: createExchangeRates([
      { from: "GBP", to: "KWD", rate: "0.3841" },
      { from: "EUR", to: "KWD", rate: "0.3312" },
    ]),
    locateAirport: createAirportLocator(loadAirports()),
  };
  const priceSearch = () => {
    const pricer = createOfferPricer(index, { ...context });
    for (const offer of offers) pricer.price(offer);
  };
  const firstStarted = performance.now();
  priceSearch();
  const firstSearchMs = performance.now() - firstStarted;
  let searches = 0;
  const started = performance.now();
  do {
    priceSearch();
    searches += 1;
  } while (performance.now() - started < MINIMUM_TIMED_MS);
  const searchMs = (performance.now() - started) / searches;
  return { firstSearchMs, searchMs, offersPerSecond: (offers.length * 1_000) / searchMs };
}
