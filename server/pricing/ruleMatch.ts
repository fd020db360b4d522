import { parseRatio, type Ratio } from "../../src/contract/money";
import type { CabinCode, FareCode, FareFamilyCode, PassengerTypeCode, TripTypeCode } from "../../src/contract/shopping";
import type { AirportLocation } from "./geography";
import type { DateRange, LocationCriterion, MarkupRule } from "./markupRule";

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
}

interface CompiledLocation {
  readonly restricted: boolean;
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
      readonly percentage: Ratio;
      readonly currency: string;
      readonly minimum: number | null;
      readonly maximum: number | null;
    };

export interface CompiledRule {
  readonly rule: MarkupRule;
  readonly markup: CompiledMarkup;
  readonly organisations: ReadonlySet<number>;
  readonly markets: ReadonlySet<string>;
  readonly posCountries: ReadonlySet<string>;
  readonly suppliers: ReadonlySet<string>;
  readonly airlines: ReadonlySet<string>;
  readonly cabins: ReadonlySet<string>;
  readonly bookingClasses: ReadonlySet<string>;
  readonly tripTypes: ReadonlySet<string>;
  readonly passengerTypes: ReadonlySet<string>;
  readonly fareFamilies: ReadonlySet<string>;
  readonly fareCodes: ReadonlySet<string>;
  readonly tourCodes: ReadonlySet<string>;
  readonly origin: CompiledLocation;
  readonly destination: CompiledLocation;
  /** Criteria the rule restricts, besides organisations (counted once at compile time). */
  readonly restrictedCriteria: number;
}

const upperCased = (names: readonly string[]) => new Set(names.map((name) => name.toUpperCase()));

function compileLocation(criterion: LocationCriterion): CompiledLocation {
  return {
    restricted: criterion.regions.length + criterion.zones.length + criterion.countries.length + criterion.airports.length > 0,
    regions: upperCased(criterion.regions),
    zones: upperCased(criterion.zones),
    countries: new Set(criterion.countries),
    airports: new Set(criterion.airports),
  };
}

export function compileRule(rule: MarkupRule): CompiledRule {
  const { criteria, pointOfSale } = rule;
  const origin = compileLocation(criteria.origin);
  const destination = compileLocation(criteria.destination);
  const restrictions = [
    rule.contentSource.supplierIds.length,
    pointOfSale.markets.length,
    pointOfSale.countries.length,
    criteria.airlines.length,
    criteria.cabins.length,
    criteria.bookingClasses.length,
    criteria.tripTypes.length,
    criteria.passengerTypes.length,
    origin.restricted ? 1 : 0,
    destination.restricted ? 1 : 0,
    criteria.fareFamilies.length,
    criteria.fareCodes.length,
    criteria.tourCodes.length,
    criteria.travelDates ? 1 : 0,
    criteria.bookingDates ? 1 : 0,
  ];
  return {
    rule,
    markup:
      rule.rule.markupBy === "by_percentage"
        ? { ...rule.rule, percentage: parseRatio(rule.rule.percentage) }
        : { markupBy: "by_amount", amount: rule.rule.amount, currency: rule.rule.currency },
    organisations: new Set(pointOfSale.organisationIds),
    markets: new Set(pointOfSale.markets),
    posCountries: new Set(pointOfSale.countries),
    suppliers: new Set(rule.contentSource.supplierIds),
    airlines: new Set(criteria.airlines),
    cabins: new Set(criteria.cabins),
    bookingClasses: new Set(criteria.bookingClasses),
    tripTypes: new Set(criteria.tripTypes),
    passengerTypes: new Set(criteria.passengerTypes),
    fareFamilies: new Set(criteria.fareFamilies),
    fareCodes: new Set(criteria.fareCodes),
    tourCodes: new Set(criteria.tourCodes),
    origin,
    destination,
    restrictedCriteria: restrictions.filter((count) => count > 0).length,
  };
}

/** An empty set accepts anything. */
const allows = (set: ReadonlySet<string>, value: string | null) => set.size === 0 || (value !== null && set.has(value));
const allowsEvery = (set: ReadonlySet<string>, values: readonly string[]) => set.size === 0 || values.every((value) => set.has(value));
const within = (range: DateRange | null, date: string) => range === null || (range.from <= date && date <= range.to);

/** Granularity points of the narrowest listed place that contains the airport; null when none does. */
function locationPoints(criterion: CompiledLocation, place: OfferFacts["origin"]): number | null {
  if (!criterion.restricted) return 0;
  if (criterion.airports.has(place.airportCode)) return 4;
  const location = place.location;
  if (!location) return null;
  if (criterion.countries.has(location.countryCode)) return 3;
  if (location.zones.some((zone) => criterion.zones.has(zone))) return 2;
  if (location.regions.some((region) => criterion.regions.has(region))) return 1;
  return null;
}

function pointOfSaleRank(compiled: CompiledRule, sale: SaleFacts): number | null {
  if (!allows(compiled.posCountries, sale.pointOfSale.countryCode)) return null;
  if (compiled.markets.size > 0 && !sale.pointOfSale.marketIds.some((market) => compiled.markets.has(market))) return null;
  if (compiled.organisations.size === 0) return compiled.markets.size + compiled.posCountries.size > 0 ? 1 : 0;
  const reach = compiled.rule.pointOfSale.includeSubtree ? sale.organisationPath.length : 1;
  for (let distance = 0; distance < reach; distance += 1) {
    if (compiled.organisations.has(sale.organisationPath[distance]!)) return 100 - distance;
  }
  return null;
}

/** Whether the rule applies to the offer at this sale (passenger type aside), and how specifically. */
export function matchOffer(compiled: CompiledRule, offer: OfferFacts, sale: SaleFacts): Specificity | null {
  const { rule } = compiled;
  if (rule.head.status !== 1) return null;
  if (sale.bookingDate < rule.head.validFrom || (rule.head.validTo !== null && sale.bookingDate > rule.head.validTo)) return null;
  if (!allows(compiled.suppliers, offer.supplierId) || !allows(compiled.airlines, offer.ownerCode)) return null;
  if (!allowsEvery(compiled.cabins, offer.cabins) || !allowsEvery(compiled.bookingClasses, offer.bookingClasses)) return null;
  if (!allows(compiled.tripTypes, offer.tripType) || !allows(compiled.fareFamilies, offer.fareFamilyCode)) return null;
  if (!allows(compiled.fareCodes, offer.fareCode) || !allows(compiled.tourCodes, sale.tourCode)) return null;
  if (!within(rule.criteria.travelDates, offer.travelDate) || !within(rule.criteria.bookingDates, sale.bookingDate)) return null;
  const origin = locationPoints(compiled.origin, offer.origin);
  const destination = locationPoints(compiled.destination, offer.destination);
  if (origin === null || destination === null) return null;
  const pointOfSale = pointOfSaleRank(compiled, sale);
  if (pointOfSale === null) return null;
  return {
    pointOfSale,
    criteria: compiled.restrictedCriteria,
    granularity: origin + destination + (compiled.bookingClasses.size > 0 ? 1 : 0),
  };
}

export function acceptsPassengerType(compiled: CompiledRule, passengerType: PassengerTypeCode): boolean {
  return allows(compiled.passengerTypes, passengerType);
}

export interface RuleMatch {
  readonly compiled: CompiledRule;
  readonly specificity: Specificity;
}

/** Negative when `left` wins: closer point of sale, more criteria, narrower places, higher priority (lower number), newer id. */
export function compareMatches(left: RuleMatch, right: RuleMatch): number {
  return (
    right.specificity.pointOfSale - left.specificity.pointOfSale ||
    right.specificity.criteria - left.specificity.criteria ||
    right.specificity.granularity - left.specificity.granularity ||
    left.compiled.rule.head.priority - right.compiled.rule.head.priority ||
    right.compiled.rule.id - left.compiled.rule.id
  );
}
