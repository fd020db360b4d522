import type { Hotel, HotelRate } from "../../src/contract/hotels";
import type { MarkupRule } from "../../src/contract/markup";
import type { RuleIndex } from "./compileRules";
import type { PricingContext } from "./priceOffer";
import { createProductPricer, listed, type ProductPricer, type ProductRules, type ProductSaleFacts, type ProductTests } from "./priceProduct";

/** What hotel rules look at in a rate. */
export interface HotelRateFacts extends ProductSaleFacts {
  readonly countryCode: string;
  readonly cityId: string;
  readonly stars: number;
  readonly boardBasis: HotelRate["boardBasis"];
  readonly refundable: boolean;
  readonly checkIn: string;
}

function hotelTestsOf(rule: MarkupRule): ProductTests<HotelRateFacts> {
  const criteria = rule.hotel;
  const { travelDates } = rule.criteria;
  const checks = [
    ...listed(rule.contentSource.supplierIds, (facts: HotelRateFacts) => facts.supplierId),
    ...listed(criteria.countries, (facts: HotelRateFacts) => facts.countryCode),
    ...listed(criteria.cities, (facts: HotelRateFacts) => facts.cityId),
    ...listed(criteria.starRatings, (facts: HotelRateFacts) => facts.stars),
    ...listed(criteria.boardBases, (facts: HotelRateFacts) => facts.boardBasis),
    ...(criteria.refundable === null ? [] : [(facts: HotelRateFacts) => facts.refundable === criteria.refundable]),
    ...(travelDates ? [(facts: HotelRateFacts) => travelDates.from <= facts.checkIn && facts.checkIn <= travelDates.to] : []),
  ];
  return { checks, granularity: criteria.cities.length > 0 ? 4 : criteria.countries.length > 0 ? 3 : 0 };
}

const HOTEL_RULES: ProductRules<HotelRateFacts> = {
  product: "hotel",
  testsOf: hotelTestsOf,
  keyOf: (facts) => [facts.countryCode, facts.cityId, facts.stars, facts.boardBasis, facts.refundable, facts.checkIn].join("|"),
};

export const hotelRateFacts = (hotel: Hotel, rate: HotelRate, checkIn: string, guests: number): HotelRateFacts => ({
  supplierId: rate.supplierId,
  countryCode: hotel.countryCode,
  cityId: hotel.cityId,
  stars: hotel.stars,
  boardBasis: rate.boardBasis,
  refundable: rate.refundable,
  checkIn,
  people: guests,
});

export type HotelPricer = ProductPricer<HotelRateFacts>;

/** Prices hotel rates: the room's stay, marked up by the hotel rules (a rule "per passenger" counts each guest of the room). */
export const createHotelPricer = (index: RuleIndex, context: PricingContext): HotelPricer => createProductPricer(HOTEL_RULES, index, context);
