import { z } from "zod";
import { countryCodeSchema } from "./countries";
import { TOUR_CODES } from "../config/referenceLists";
import { currencyCodeSchema, decimalStringSchema, minorUnitsSchema } from "./money";
import {
  airlineCodeSchema,
  airportCodeSchema,
  cabinCodeSchema,
  fareCodeSchema,
  fareFamilyCodeSchema,
  markupLayerSchema,
  passengerTypeCodeSchema,
  tripTypeCodeSchema,
} from "./shopping";
import { recordIdSchema } from "./ids";
import { boardBasisSchema, cityIdSchema } from "./hotels";
import { activityCategorySchema } from "./activities";
import { insurancePlanCodeSchema, insuranceProductCodeSchema } from "./insurance";
import { productKindSchema } from "./products";

/**
 * A margin/markup rule, in the five parts of the spec's margin markup state (head, content
 * source, point of sale, criteria, rule) plus the layer it belongs to. An empty list in a
 * criterion means "any"; docs/pricing.md explains how rules are chosen.
 */

const isoDateSchema = z.iso.date();

const dateRangeSchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .refine((range) => range.from <= range.to, { message: "The range ends before it starts", path: ["to"] });
export type DateRange = z.infer<typeof dateRangeSchema>;

/** Matches a place when any listed region, zone, country (ISO 3166) or airport contains it. */
const locationCriterionSchema = z.object({
  regions: z.array(z.string().min(1)).default([]),
  zones: z.array(z.string().min(1)).default([]),
  countries: z.array(countryCodeSchema).default([]),
  airports: z.array(airportCodeSchema).default([]),
});
export type LocationCriterion = z.infer<typeof locationCriterionSchema>;

const anyLocation = () => ({ regions: [], zones: [], countries: [], airports: [] });

const APPLIES_PER = ["passenger", "booking"] as const;

const amountRuleSchema = z.object({
  markupBy: z.literal("by_amount"),
  /** Minor units of `currency`; negative for a discount or a commission passed back. */
  amount: minorUnitsSchema,
  currency: currencyCodeSchema,
  appliesPer: z.enum(APPLIES_PER),
});

const percentageRuleSchema = z
  .object({
    markupBy: z.literal("by_percentage"),
    /** Per cent of the fare base, as a decimal string ("2.5"); negative for a discount. */
    percentage: decimalStringSchema,
    /** The currency of minimum and maximum. */
    currency: currencyCodeSchema,
    appliesPer: z.enum(APPLIES_PER),
    minimum: minorUnitsSchema.nullable().default(null),
    maximum: minorUnitsSchema.nullable().default(null),
  })
  .refine((rule) => rule.minimum === null || rule.maximum === null || rule.minimum <= rule.maximum, {
    message: "The minimum is above the maximum",
    path: ["maximum"],
  });

/** What a hotel rule looks at: where the hotel is, its stars and supplier (content source), the board and refundability. */
const hotelCriteriaSchema = z.object({
  countries: z.array(countryCodeSchema).default([]),
  cities: z.array(cityIdSchema).default([]),
  starRatings: z.array(z.number().int().min(1).max(5)).default([]),
  boardBases: z.array(boardBasisSchema).default([]),
  /** null: refundable and non-refundable rates alike. */
  refundable: z.boolean().nullable().default(null),
});
export type HotelCriteria = z.infer<typeof hotelCriteriaSchema>;
const anyHotel = () => ({ countries: [], cities: [], starRatings: [], boardBases: [], refundable: null });

/** What an insurance rule looks at: the plan, individual or family, and the country travelled to. */
const insuranceCriteriaSchema = z.object({
  plans: z.array(insurancePlanCodeSchema).default([]),
  products: z.array(insuranceProductCodeSchema).default([]),
  destinations: z.array(countryCodeSchema).default([]),
});
export type InsuranceCriteria = z.infer<typeof insuranceCriteriaSchema>;
const anyInsurance = () => ({ plans: [], products: [], destinations: [] });

/** What an activity rule looks at: where it takes place and its category. */
const activityCriteriaSchema = z.object({
  countries: z.array(countryCodeSchema).default([]),
  cities: z.array(cityIdSchema).default([]),
  categories: z.array(activityCategorySchema).default([]),
});
export type ActivityCriteria = z.infer<typeof activityCriteriaSchema>;
const anyActivity = () => ({ countries: [], cities: [], categories: [] });

export const markupRuleSchema = z.object({
  id: recordIdSchema,
  /** The product the rule prices; rules written before products existed price flights. */
  product: productKindSchema.default("flight"),
  /** The organisation that made the rule: it prices only that organisation's subtree's sales. Absent: platform-wide. */
  organisationId: recordIdSchema.optional(),
  layer: markupLayerSchema,
  head: z
    .object({
      name: z.string().trim().min(1),
      /** The spec's status filter: 1 Active, 0 Inactive. */
      status: z.union([z.literal(0), z.literal(1)]),
      validFrom: isoDateSchema,
      validTo: isoDateSchema.nullable(),
      /** 1 is the highest; only breaks ties between equally specific rules. */
      priority: z.number().int().min(1),
    })
    .refine((head) => head.validTo === null || head.validFrom <= head.validTo, { message: "Valid to is before valid from", path: ["validTo"] }),
  contentSource: z.object({ supplierIds: z.array(z.string().min(1)).default([]) }),
  pointOfSale: z.object({
    organisationIds: z.array(recordIdSchema).default([]),
    /** The listed organisations' child agencies and branches too. */
    includeSubtree: z.boolean().default(false),
    markets: z.array(z.string().min(1)).default([]),
    countries: z.array(countryCodeSchema).default([]),
  }),
  criteria: z.object({
    airlines: z.array(airlineCodeSchema).default([]),
    cabins: z.array(cabinCodeSchema).default([]),
    bookingClasses: z.array(z.string().regex(/^[A-Z]$/)).default([]),
    tripTypes: z.array(tripTypeCodeSchema).default([]),
    passengerTypes: z.array(passengerTypeCodeSchema).default([]),
    origin: locationCriterionSchema.default(anyLocation),
    destination: locationCriterionSchema.default(anyLocation),
    fareFamilies: z.array(fareFamilyCodeSchema).default([]),
    fareCodes: z.array(fareCodeSchema).default([]),
    tourCodes: z.array(z.enum(TOUR_CODES)).default([]),
    travelDates: dateRangeSchema.nullable().default(null),
    bookingDates: dateRangeSchema.nullable().default(null),
  }),
  /** Read for hotel rules only (criteria above are the flight ones; travel and booking dates apply to every product). */
  hotel: hotelCriteriaSchema.default(anyHotel),
  /** Read for insurance rules only. */
  insurance: insuranceCriteriaSchema.default(anyInsurance),
  /** Read for activity rules only. */
  activity: activityCriteriaSchema.default(anyActivity),
  rule: z.discriminatedUnion("markupBy", [amountRuleSchema, percentageRuleSchema]),
});

export type MarkupRule = z.infer<typeof markupRuleSchema>;
export type MarkupRuleInput = z.input<typeof markupRuleSchema>;

/** A rule as an admin creates or replaces it: everything but the id the server gives it. */
export const markupRuleBodySchema = markupRuleSchema.omit({ id: true, organisationId: true });
export type MarkupRuleBody = z.infer<typeof markupRuleBodySchema>;
