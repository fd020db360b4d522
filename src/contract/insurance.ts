import { z } from "zod";
import { countryCodeSchema } from "./countries";
import { hotelPriceBreakdownSchema } from "./hotels";
import { moneySchema } from "./money";
import { paymentSchema } from "./shopping";
import { birthDateSchema } from "./age";
import { insuranceSelectionSchema, insuredPersonSchema, MAX_INSURED } from "./insuranceSelection";
import { STORED_NAMES } from "./personName";
import { STORED_TITLE } from "./travellerTitle";

export { insuranceSelectionSchema, insuredPersonSchema, MAX_INSURED, type InsuranceSelection, type InsuredPerson } from "./insuranceSelection";

/**
 * Travel insurance: the spec's plans, products and benefits (section 9), the insurer adapter's
 * quote and policy (server/products/insurance), and what the platform answers once a quote is
 * priced by the markup engine.
 */

export const INSURANCE_PLAN_CODES = [
  "HJUPNA", "HJUPNB", "STDGLD", "STDSVR", "STDPTN", "STDBNZ", "DMCGLD", "DMCSVR", "DMCPTN", "DMCBNZ",
  "ZRTPNA", "ZRTPNB", "HMETRP", "REFWRD", "INTRNL", "SCHNGN", "NOICNG",
] as const;
export const insurancePlanCodeSchema = z.enum(INSURANCE_PLAN_CODES, "A plan from the list");
export type InsurancePlanCode = z.infer<typeof insurancePlanCodeSchema>;

/** 020107 covers each traveller on their own premium; 020108 covers a family (children under 18 free). */
export const INSURANCE_PRODUCT_CODES = ["020107", "020108"] as const;
export const insuranceProductCodeSchema = z.enum(INSURANCE_PRODUCT_CODES, "Individual or family");
export type InsuranceProductCode = z.infer<typeof insuranceProductCodeSchema>;

export const BENEFIT_CODES = ["000000", "HZDWSP", "TEROSM", "TRMWSP"] as const;
export const benefitCodeSchema = z.enum(BENEFIT_CODES, "A benefit from the list");
export type BenefitCode = z.infer<typeof benefitCodeSchema>;

/** What a coverage table lists, in this order. */
export const COVERAGE_KINDS = ["medical", "evacuation", "tripCancellation", "baggageLoss", "baggageDelay", "travelDelay", "personalAccident", "personalLiability"] as const;
export const coverageKindSchema = z.enum(COVERAGE_KINDS);
export type CoverageKind = z.infer<typeof coverageKindSchema>;

export const AGE_BANDS = ["child", "adult", "senior", "elder"] as const;
export const ageBandSchema = z.enum(AGE_BANDS);
export type AgeBand = z.infer<typeof ageBandSchema>;

/** Days after issue in which a policy can be cancelled for a full refund, before the trip starts. */
export const FREE_LOOK_DAYS = 14;


export const insuranceQuoteRequestSchema = z.object({
  /** The country travelled to (ISO 3166). */
  destination: countryCodeSchema.optional(),
  /** Or the airport a flight goes to: the platform finds its country (a policy offered at flight checkout). */
  destinationAirport: z.string().regex(/^[A-Z]{3}$/, "A three-letter IATA airport code").optional(),
  departureDate: z.iso.date(),
  returnDate: z.iso.date(),
  travellers: z.array(z.object({ dateOfBirth: birthDateSchema })).min(1, "At least one traveller").max(MAX_INSURED, `At most ${MAX_INSURED} travellers`),
  product: insuranceProductCodeSchema.default("020107"),
  benefit: benefitCodeSchema.default("000000"),
  /** One plan, or every plan the trip is eligible for ("All", the spec's list's last entry). */
  plan: z.union([insurancePlanCodeSchema, z.literal("All")]).default("All"),
}).refine((request) => (request.destination === undefined) !== (request.destinationAirport === undefined), { message: "Choose the destination", path: ["destination"] });
export type InsuranceQuoteRequest = z.infer<typeof insuranceQuoteRequestSchema>;
export type InsuranceQuoteInput = z.input<typeof insuranceQuoteRequestSchema>;

export const coverageLineSchema = z.object({ kind: coverageKindSchema, limit: moneySchema.nullable(), excess: moneySchema.nullable() });
export type CoverageLine = z.infer<typeof coverageLineSchema>;

export const insuredPremiumSchema = z.object({ dateOfBirth: birthDateSchema, age: z.number().int(), ageBand: ageBandSchema, premium: moneySchema });

/** One plan's price for one trip at one insurer, in the insurer's currency. */
export const supplierInsuranceQuoteSchema = z.object({
  supplierId: z.string(),
  quoteKey: z.string(),
  expiresAt: z.iso.datetime(),
  plan: insurancePlanCodeSchema,
  planName: z.string(),
  product: insuranceProductCodeSchema,
  benefit: benefitCodeSchema,
  destination: countryCodeSchema,
  departureDate: z.iso.date(),
  returnDate: z.iso.date(),
  days: z.number().int(),
  travellers: z.array(insuredPremiumSchema),
  premium: moneySchema,
  coverage: z.array(coverageLineSchema),
  exclusions: z.array(z.string()),
  /** The insurer's assistance line; empty when it gives none with the quote. */
  emergencyPhone: z.string(),
  /** Documents the insurer publishes for the plan (the product disclosure statement), shown before the agent confirms. */
  documents: z.array(z.object({ title: z.string(), url: z.url() })).default([]),
});
export type SupplierInsuranceQuote = z.infer<typeof supplierInsuranceQuoteSchema>;

/** A plan the trip is not eligible for, and why (the destination, an age, the trip's length...). */
export const ineligiblePlanSchema = z.object({ plan: insurancePlanCodeSchema, planName: z.string(), reason: z.string() });
export type IneligiblePlan = z.infer<typeof ineligiblePlanSchema>;

export const pricedInsuranceQuoteSchema = supplierInsuranceQuoteSchema.extend({ supplierName: z.string(), price: hotelPriceBreakdownSchema });
export type PricedInsuranceQuote = z.infer<typeof pricedInsuranceQuoteSchema>;

export const insuranceQuoteResponseSchema = z.object({
  quotes: z.array(pricedInsuranceQuoteSchema),
  ineligible: z.array(ineligiblePlanSchema),
  warnings: z.array(z.object({ supplierId: z.string(), message: z.string() })),
});
export type InsuranceQuoteResponse = z.infer<typeof insuranceQuoteResponseSchema>;

/** Insurance sold alone: always paid (a policy is never held). */
export const insuranceBookingRequestSchema = insuranceSelectionSchema.extend({
  contact: z.object({ email: z.email("Enter an email address"), phone: z.string().trim().min(6, "Enter a phone number").max(20) }),
  payment: paymentSchema,
});
export type InsuranceBookingRequest = z.infer<typeof insuranceBookingRequestSchema>;

export const INSURANCE_POLICY_STATUSES = ["issued", "cancelled"] as const;

/** A policy as the insurer keeps it. */
export const insurancePolicySchema = z.object({
  policyNumber: z.string(),
  clientReference: z.string(),
  status: z.enum(INSURANCE_POLICY_STATUSES),
  issuedAt: z.iso.datetime(),
  cancelledAt: z.iso.datetime().nullable(),
  /** The last day a cancellation is refunded in full: the free-look period, never past departure. */
  freeLookUntil: z.iso.date(),
  quote: supplierInsuranceQuoteSchema,
  insured: z.array(insuredPersonSchema.omit({ title: true }).safeExtend({ ...STORED_NAMES, ...STORED_TITLE })),
});
export type InsurancePolicy = z.infer<typeof insurancePolicySchema>;

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) => new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);

/** The last day of the free-look period of a policy issued at `issuedAt` for a trip starting on `departureDate`: never past the day before it. */
export function freeLookUntil(issuedAt: string, departureDate: string): string {
  const freeLookEnd = addDays(issuedAt.slice(0, 10), FREE_LOOK_DAYS);
  const dayBeforeDeparture = addDays(departureDate, -1);
  return freeLookEnd < dayBeforeDeparture ? freeLookEnd : dayBeforeDeparture;
}

/**
 * Why a policy cannot be cancelled on this day (the insurer's rule, shown before asking it), or
 * null: it can, for a full refund, within the free-look period and before the trip starts.
 */
export function cancellationRefusal(policy: InsurancePolicy, today: string): string | null {
  if (policy.status === "cancelled") return `Policy ${policy.policyNumber} is already cancelled.`;
  if (today >= policy.quote.departureDate) return "The trip has started: the policy can no longer be cancelled.";
  if (today > policy.freeLookUntil) return `The free-look period ended on ${policy.freeLookUntil}: the policy can no longer be cancelled.`;
  return null;
}

/**
 * A change to an issued policy, as it should stand after it: the trip's dates and the people it
 * insures (names, dates of birth, titles). The plan and the destination stay the policy's.
 */
export const policyChangeRequestSchema = z.object({
  departureDate: z.iso.date(),
  returnDate: z.iso.date(),
  insured: z.array(insuredPersonSchema).min(1, "At least one person insured").max(MAX_INSURED, `At most ${MAX_INSURED} people insured`),
});
export type PolicyChangeRequest = z.infer<typeof policyChangeRequestSchema>;

/**
 * What a change would cost, priced now by the insurance rules: the policy as it would stand, what
 * the agency paid for it and would pay now, and the difference as an amount due (collected on
 * confirming) or to refund. `changeKey` confirms it until `expiresAt`.
 */
export const policyChangeQuoteSchema = z.object({
  changeKey: z.string(),
  expiresAt: z.iso.datetime(),
  policyNumber: z.string(),
  quote: pricedInsuranceQuoteSchema,
  currentTotal: moneySchema,
  newTotal: moneySchema,
  due: moneySchema,
  refund: moneySchema,
});
export type PolicyChangeQuote = z.infer<typeof policyChangeQuoteSchema>;

/** Confirms a quoted change; a payment is needed when it has an amount due. */
export const policyChangeConfirmSchema = z.object({ changeKey: z.string().min(1), payment: paymentSchema.nullable().default(null) });
export type PolicyChangeConfirm = z.infer<typeof policyChangeConfirmSchema>;

/** Why an issued policy cannot be changed on this day, or null: it can, until the trip starts. */
export function changeRefusal(policy: InsurancePolicy, today: string): string | null {
  if (policy.status === "cancelled") return `Policy ${policy.policyNumber} is cancelled.`;
  if (today >= policy.quote.departureDate) return "The trip has started: the policy can no longer be changed.";
  return null;
}
