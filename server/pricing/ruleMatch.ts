import { parseRatio, percentageFactor, type Ratio } from "../../src/contract/money";
import type { CabinCode, FareCode, FareFamilyCode, PassengerTypeCode, TripTypeCode } from "../../src/contract/shopping";
import type { AirportLocation } from "./geography";
import type { DateRange, LocationCriterion, MarkupRule } from "../../src/contract/markup";

/** What the rules look at in an offer, worked out once per offer. */
export interface OfferFacts {
  readonly supplierId: string;
  readonly ownerCode: string;
  readonly cabins: readonly CabinCode[];
  readonly bookingClasses: readonly string[];
  readonly tripType: TripTypeCode | null;
  readonly origin: { readonly airportCode: string; readonly location: AirportLocation | undefined };
  readonly destination: { readonly airportCode: string; readonly location: AirportLocation | undefined };
  readonly fareFamilyCode: FareFamilyCode;
  readonly fareCode: FareCode;
  /** Local date of the first departure. */
  readonly travelDate: string;
}

/** Who sells, and when. */
export interface SaleFacts {
  /** The booking organisation first, then its parent, and so on up to the head office. */
  readonly organisationPath: readonly number[];
  readonly pointOfSale: { readonly countryCode: string | null; readonly marketIds: readonly string[] };
  readonly bookingDate: string;
  readonly tourCode: string | null;
}

/** How closely a matching rule fits; compared field by field, higher wins (docs/pricing.md). */
export interface Specificity {
  /** 100 − distance up the organisation path for an organisation rule; 1 for a market/country rule; 0 for anyone. */
  readonly pointOfSale: number;
  /** How many criteria the rule restricts. */
  readonly criteria: number;
  /** Narrowness of the restricted places (airport 4, country 3, zone 2, region 1, per end) and +1 for booking classes over cabins. */
  readonly granularity: number;
  /** The three above as one number that orders the same way (criteria < 100, granularity < 100). */
  readonly score: number;
}

interface CompiledLocation {
  readonly regions: ReadonlySet<string>;
  readonly zones: ReadonlySet<string>;
  readonly countries: ReadonlySet<string>;
  readonly airports: ReadonlySet<string>;
}

/** The rule's calculation with its percentage parsed once. */
export type CompiledMarkup =
  | { readonly markupBy: "by_amount"; readonly amount: number; readonly currency: string }
  | {
      readonly markupBy: "by_percentage";
      /** The percentage as the factor amounts are multiplied by (12.5 % is 125/1000). */
      readonly percentage: Ratio;
      readonly currency: string;
      readonly minimum: number | null;
      readonly maximum: number | null;
    };

type SaleCheck = (sale: SaleFacts) => boolean;
type OfferCheck = (offer: OfferFacts) => boolean;

/**
 * A rule turned into tests of only the criteria it restricts (a criterion left as "any" costs
 * nothing), split by what they read: the sale (same for a whole search), the route (same for an
 * itinerary's fares) and the fare (fare family and code, cabins and booking classes).
 */
export interface CompiledRule {
  readonly rule: MarkupRule;
  readonly markup: CompiledMarkup;
  readonly saleChecks: readonly SaleCheck[];
  readonly routeChecks: readonly OfferCheck[];
  readonly fareChecks: readonly OfferCheck[];
  /** Criteria the rule restricts, besides organisations. */
  readonly restrictedCriteria: number;
  readonly origin: CompiledLocation | null;
  readonly destination: CompiledLocation | null;
  readonly organisations: ReadonlySet<number>;
  readonly marketOrCountry: boolean;
  readonly passengerTypes: ReadonlySet<string>;
}

function compileLocation(criterion: LocationCriterion): CompiledLocation | null {
  if (criterion.regions.length + criterion.zones.length + criterion.countries.length + criterion.airports.length === 0) return null;
  const upperCased = (names: readonly string[]) => new Set(names.map((name) => name.toUpperCase()));
  return {
    regions: upperCased(criterion.regions),
    zones: upperCased(criterion.zones),
    countries: new Set(criterion.countries),
    airports: new Set(criterion.airports),
  };
}

const within = (range: DateRange, date: string) => range.from <= date && date <= range.to;

/** A test that the value read is one of the listed values; no test when the list is empty. */
function oneOf<Facts>(values: readonly string[], read: (facts: Facts) => string | null): ((facts: Facts) => boolean)[] {
  if (values.length === 0) return [];
  const allowed = new Set(values);
  return [
    (facts) => {
      const value = read(facts);
      return value !== null && allowed.has(value);
    },
  ];
}

function allOf(values: readonly string[], read: (offer: OfferFacts) => readonly string[]): OfferCheck[] {
  if (values.length === 0) return [];
  const allowed = new Set(values);
  return [(offer) => read(offer).every((value) => allowed.has(value))];
}

function saleChecksOf(rule: MarkupRule): SaleCheck[] {
  const { pointOfSale, criteria } = rule;
  const { bookingDates } = criteria;
  const markets = new Set(pointOfSale.markets);
  return [
    ...(markets.size > 0 ? [(sale: SaleFacts) => sale.pointOfSale.marketIds.some((market) => markets.has(market))] : []),
    ...oneOf<SaleFacts>(pointOfSale.countries, (sale) => sale.pointOfSale.countryCode),
    ...oneOf<SaleFacts>(criteria.tourCodes, (sale) => sale.tourCode),
    ...(bookingDates ? [(sale: SaleFacts) => within(bookingDates, sale.bookingDate)] : []),
  ];
}

function routeChecksOf(rule: MarkupRule): OfferCheck[] {
  const { criteria, contentSource } = rule;
  const { travelDates } = criteria;
  return [
    ...oneOf<OfferFacts>(contentSource.supplierIds, (offer) => offer.supplierId),
    ...oneOf<OfferFacts>(criteria.airlines, (offer) => offer.ownerCode),
    ...oneOf<OfferFacts>(criteria.tripTypes, (offer) => offer.tripType),
    ...(travelDates ? [(offer: OfferFacts) => within(travelDates, offer.travelDate)] : []),
  ];
}

/** What differs between the fares of one itinerary: fare family and code, cabins and booking classes. */
function fareChecksOf(rule: MarkupRule): OfferCheck[] {
  const { criteria } = rule;
  return [
    ...oneOf<OfferFacts>(criteria.fareFamilies, (offer) => offer.fareFamilyCode),
    ...oneOf<OfferFacts>(criteria.fareCodes, (offer) => offer.fareCode),
    ...allOf(criteria.cabins, (offer) => offer.cabins),
    ...allOf(criteria.bookingClasses, (offer) => offer.bookingClasses),
  ];
}

export function compileRule(rule: MarkupRule): CompiledRule {
  const { criteria, pointOfSale, head } = rule;
  const saleChecks = saleChecksOf(rule);
  const routeChecks = routeChecksOf(rule);
  const fareChecks = fareChecksOf(rule);
  const origin = compileLocation(criteria.origin);
  const destination = compileLocation(criteria.destination);
  const scoredSeparately = [origin, destination].filter(Boolean).length + (criteria.passengerTypes.length > 0 ? 1 : 0);
  const owner = rule.organisationId;
  // Not a criterion (it does not make a rule more specific): a rule never prices beyond its owner's subtree.
  const valid: SaleCheck = (sale) =>
    sale.bookingDate >= head.validFrom && (head.validTo === null || sale.bookingDate <= head.validTo) && (owner === undefined || sale.organisationPath.includes(owner));
  return {
    rule,
    markup:
      rule.rule.markupBy === "by_percentage"
        ? { ...rule.rule, percentage: percentageFactor(parseRatio(rule.rule.percentage)) }
        : { markupBy: "by_amount", amount: rule.rule.amount, currency: rule.rule.currency },
    saleChecks: [valid, ...saleChecks],
    routeChecks,
    fareChecks,
    restrictedCriteria: saleChecks.length + routeChecks.length + fareChecks.length + scoredSeparately,
    origin,
    destination,
    organisations: new Set(pointOfSale.organisationIds),
    marketOrCountry: pointOfSale.markets.length + pointOfSale.countries.length > 0,
    passengerTypes: new Set(criteria.passengerTypes),
  };
}

/** Granularity points of the narrowest listed place that contains the airport; null when none does. */
function locationPoints(criterion: CompiledLocation | null, place: OfferFacts["origin"]): number | null {
  if (criterion === null) return 0;
  if (criterion.airports.has(place.airportCode)) return 4;
  const location = place.location;
  if (!location) return null;
  if (criterion.countries.has(location.countryCode)) return 3;
  if (location.zones.some((zone) => criterion.zones.has(zone))) return 2;
  if (location.regions.some((region) => criterion.regions.has(region))) return 1;
  return null;
}

/**
 * Whether the rule is active, valid and meant for this sale; if so its point-of-sale rank:
 * 100 − distance up the organisation path for an organisation rule, 1 for a market or country
 * rule, 0 for a rule open to everyone.
 */
export function matchSale(compiled: CompiledRule, sale: SaleFacts): number | null {
  if (compiled.rule.head.status !== 1) return null;
  for (const check of compiled.saleChecks) if (!check(sale)) return null;
  if (compiled.organisations.size === 0) return compiled.marketOrCountry ? 1 : 0;
  const reach = compiled.rule.pointOfSale.includeSubtree ? sale.organisationPath.length : 1;
  for (let distance = 0; distance < reach; distance += 1) {
    if (compiled.organisations.has(sale.organisationPath[distance]!)) return 100 - distance;
  }
  return null;
}

/**
 * Whether a rule that fits the sale applies to the offer's route, and how specifically; the
 * fare's family, code, cabins and booking classes are left to matchesFare, passenger types to acceptsPassengerType.
 */
export function matchRoute(compiled: CompiledRule, offer: OfferFacts, pointOfSale: number): Specificity | null {
  for (const check of compiled.routeChecks) if (!check(offer)) return null;
  const origin = locationPoints(compiled.origin, offer.origin);
  if (origin === null) return null;
  const destination = locationPoints(compiled.destination, offer.destination);
  if (destination === null) return null;
  const criteria = compiled.restrictedCriteria;
  const granularity = origin + destination + (compiled.rule.criteria.bookingClasses.length > 0 ? 1 : 0);
  return { pointOfSale, criteria, granularity, score: pointOfSale * 10_000 + criteria * 100 + granularity };
}

export function matchesFare(compiled: CompiledRule, offer: OfferFacts): boolean {
  return compiled.fareChecks.every((check) => check(offer));
}

export function acceptsPassengerType(compiled: CompiledRule, passengerType: PassengerTypeCode): boolean {
  return compiled.passengerTypes.size === 0 || compiled.passengerTypes.has(passengerType);
}

export interface RuleMatch {
  readonly compiled: CompiledRule;
  readonly specificity: Specificity;
}

/** Negative when `left` wins: closer point of sale, more criteria, narrower places, higher priority (lower number), newer id. */
export function compareMatches(left: RuleMatch, right: RuleMatch): number {
  return (
    right.specificity.score - left.specificity.score ||
    left.compiled.rule.head.priority - right.compiled.rule.head.priority ||
    right.compiled.rule.id - left.compiled.rule.id
  );
}
