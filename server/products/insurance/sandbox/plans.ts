import type { BenefitCode, CoverageKind, InsurancePlanCode } from "../../../../src/contract/insurance";

/** The 29 Schengen states (Bulgaria and Romania in full since January 2025). */
export const SCHENGEN_STATES: ReadonlySet<string> = new Set([
  "AT", "BE", "BG", "HR", "CZ", "DK", "EE", "FI", "FR", "DE", "GR", "HU", "IS", "IT", "LV",
  "LI", "LT", "LU", "MT", "NL", "NO", "PL", "PT", "RO", "SK", "SI", "ES", "SE", "CH",
]);
/** Where medical care costs most: worldwide plans charge more to go there, Rest Of The World leaves it out. */
export const NORTH_AMERICA: ReadonlySet<string> = new Set(["US", "CA"]);
const ZIARAT_COUNTRIES: ReadonlySet<string> = new Set(["IQ", "IR", "SY"]);

/** Which countries a plan covers, given the country the travellers live in (the agency's country of sale). */
export type PlanTerritory =
  | { readonly kind: "only"; readonly countries: ReadonlySet<string> }
  | { readonly kind: "home" }
  | { readonly kind: "abroad"; readonly except: ReadonlySet<string> };

/** A coverage limit in whole units of the plan's coverage currency; null is not covered. */
type Limits = Readonly<Record<CoverageKind, number | null>>;

export interface InsurancePlan {
  readonly code: InsurancePlanCode;
  readonly name: string;
  readonly territory: PlanTerritory;
  readonly maxDays: number;
  readonly minAge: number;
  readonly maxAge: number;
  readonly benefits: readonly BenefitCode[];
  readonly family: boolean;
  /** An adult's premium for a week in the insurer's currency (minor units), before region, age and benefit. */
  readonly weeklyPremium: number;
  readonly coverageCurrency: string;
  readonly limits: Limits;
  /** The excess the insured pays on each medical claim, in whole units; 0 for none. */
  readonly medicalExcess: number;
  readonly exclusions: readonly string[];
}

const ALL_BENEFITS: readonly BenefitCode[] = ["000000", "HZDWSP", "TEROSM", "TRMWSP"];
const NO_WINTER_SPORTS: readonly BenefitCode[] = ["000000", "TEROSM"];
const ANYWHERE_ABROAD: PlanTerritory = { kind: "abroad", except: new Set() };

const COMMON_EXCLUSIONS = [
  "Pre-existing medical conditions not declared and accepted in writing",
  "Travel against the advice of a doctor or for medical treatment",
  "Claims arising from alcohol or drug abuse",
  "War, civil war and nuclear risks",
];
const PILGRIMAGE_EXCLUSIONS = [...COMMON_EXCLUSIONS, "Loss of cash or travel documents left unattended in crowded holy sites"];
const SPORTS_EXCLUSION = "Hazardous and winter sports, unless the Hazardous & Winter Sports benefit is added";

const limits = (medical: number, evacuation: number, tripCancellation: number | null, baggageLoss: number | null, baggageDelay: number | null, travelDelay: number | null, personalAccident: number | null, personalLiability: number | null): Limits => ({
  medical, evacuation, tripCancellation, baggageLoss, baggageDelay, travelDelay, personalAccident, personalLiability,
});

function tiered(prefix: "STD" | "DMC", base: Omit<InsurancePlan, "code" | "name" | "weeklyPremium" | "limits">, group: string, tiers: readonly [tier: "PTN" | "GLD" | "SVR" | "BNZ", weekly: number, medical: number][]): InsurancePlan[] {
  const names = { PTN: "Platinum", GLD: "Gold", SVR: "Silver", BNZ: "Bronze" } as const;
  return tiers.map(([tier, weekly, medical]) => ({
    ...base,
    code: `${prefix}${tier}` as InsurancePlanCode,
    name: `${group} ${names[tier]}`,
    weeklyPremium: weekly,
    limits: limits(medical, medical / 2, tier === "BNZ" ? null : medical / 50, medical / 200, medical / 1000, tier === "BNZ" ? null : medical / 1000, medical / 20, medical / 5),
  }));
}

/**
 * The sandbox insurer's plan book: the spec's seventeen plans, each with its territory, trip
 * length, ages, benefits it can carry, price level, coverage table and exclusions. Made up, but
 * shaped like the travel plans Gulf takaful insurers sell.
 */
export const INSURANCE_PLANS: readonly InsurancePlan[] = [
  {
    code: "HJUPNA", name: "Hajj & Umrah Plan A", territory: { kind: "only", countries: new Set(["SA"]) }, maxDays: 60, minAge: 0, maxAge: 84,
    benefits: NO_WINTER_SPORTS, family: true, weeklyPremium: 4_500, coverageCurrency: "USD",
    limits: limits(50_000, 25_000, 1_500, 500, 150, 150, 10_000, null), medicalExcess: 50, exclusions: PILGRIMAGE_EXCLUSIONS,
  },
  {
    code: "HJUPNB", name: "Hajj & Umrah Plan B", territory: { kind: "only", countries: new Set(["SA"]) }, maxDays: 60, minAge: 0, maxAge: 84,
    benefits: NO_WINTER_SPORTS, family: true, weeklyPremium: 7_500, coverageCurrency: "USD",
    limits: limits(100_000, 50_000, 3_000, 1_000, 300, 300, 25_000, 50_000), medicalExcess: 0, exclusions: PILGRIMAGE_EXCLUSIONS,
  },
  ...tiered("STD", {
    territory: ANYWHERE_ABROAD, maxDays: 365, minAge: 16, maxAge: 35, benefits: ALL_BENEFITS, family: false, coverageCurrency: "USD", medicalExcess: 100,
    exclusions: [...COMMON_EXCLUSIONS, SPORTS_EXCLUSION, "Travel to the country of study's neighbours for more than 30 days in a row"],
  }, "Student", [["PTN", 9_000, 500_000], ["GLD", 7_000, 250_000], ["SVR", 5_000, 100_000], ["BNZ", 3_500, 50_000]]),
  ...tiered("DMC", {
    territory: { kind: "home" }, maxDays: 31, minAge: 0, maxAge: 84, benefits: ["000000", "HZDWSP"], family: true, coverageCurrency: "USD", medicalExcess: 25,
    exclusions: [...COMMON_EXCLUSIONS, SPORTS_EXCLUSION, "Treatment available free of charge under a public health scheme"],
  }, "Domestic", [["PTN", 4_000, 40_000], ["GLD", 3_000, 25_000], ["SVR", 2_200, 15_000], ["BNZ", 1_500, 10_000]]),
  {
    code: "ZRTPNA", name: "Ziarat Plan A", territory: { kind: "only", countries: ZIARAT_COUNTRIES }, maxDays: 45, minAge: 0, maxAge: 84,
    benefits: NO_WINTER_SPORTS, family: true, weeklyPremium: 5_000, coverageCurrency: "USD",
    limits: limits(30_000, 20_000, 1_000, 400, 100, 100, 10_000, null), medicalExcess: 50, exclusions: PILGRIMAGE_EXCLUSIONS,
  },
  {
    code: "ZRTPNB", name: "Ziarat Plan B", territory: { kind: "only", countries: ZIARAT_COUNTRIES }, maxDays: 45, minAge: 0, maxAge: 84,
    benefits: NO_WINTER_SPORTS, family: true, weeklyPremium: 8_000, coverageCurrency: "USD",
    limits: limits(75_000, 40_000, 2_500, 800, 250, 250, 20_000, 25_000), medicalExcess: 0, exclusions: PILGRIMAGE_EXCLUSIONS,
  },
  {
    code: "HMETRP", name: "Home Trip", territory: { kind: "abroad", except: NORTH_AMERICA }, maxDays: 120, minAge: 0, maxAge: 84,
    benefits: NO_WINTER_SPORTS, family: true, weeklyPremium: 3_000, coverageCurrency: "USD",
    limits: limits(30_000, 30_000, null, 500, 100, null, 10_000, null), medicalExcess: 50,
    exclusions: [...COMMON_EXCLUSIONS, SPORTS_EXCLUSION, "Trip cancellation: a visit home is not covered for cancellation"],
  },
  {
    code: "REFWRD", name: "Rest Of The World", territory: { kind: "abroad", except: NORTH_AMERICA }, maxDays: 180, minAge: 0, maxAge: 84,
    benefits: ALL_BENEFITS, family: true, weeklyPremium: 6_000, coverageCurrency: "USD",
    limits: limits(150_000, 75_000, 3_000, 1_200, 300, 300, 25_000, 100_000), medicalExcess: 50, exclusions: [...COMMON_EXCLUSIONS, SPORTS_EXCLUSION, "Travel to the United States and Canada"],
  },
  {
    code: "INTRNL", name: "International", territory: ANYWHERE_ABROAD, maxDays: 180, minAge: 0, maxAge: 84,
    benefits: ALL_BENEFITS, family: true, weeklyPremium: 9_000, coverageCurrency: "USD",
    limits: limits(500_000, 250_000, 5_000, 2_000, 500, 500, 50_000, 250_000), medicalExcess: 0, exclusions: [...COMMON_EXCLUSIONS, SPORTS_EXCLUSION],
  },
  {
    code: "SCHNGN", name: "Schengen", territory: { kind: "only", countries: SCHENGEN_STATES }, maxDays: 92, minAge: 0, maxAge: 84,
    benefits: ALL_BENEFITS, family: true, weeklyPremium: 5_500, coverageCurrency: "EUR",
    // The Schengen visa code asks for at least EUR 30,000 of medical cover, repatriation included, without excess.
    limits: limits(50_000, 50_000, 2_000, 1_000, 200, 200, 15_000, 50_000), medicalExcess: 0, exclusions: [...COMMON_EXCLUSIONS, SPORTS_EXCLUSION, "Travel outside the Schengen area"],
  },
  {
    code: "NOICNG", name: "No Icing", territory: ANYWHERE_ABROAD, maxDays: 92, minAge: 0, maxAge: 75,
    benefits: ["000000"], family: false, weeklyPremium: 2_500, coverageCurrency: "USD",
    limits: limits(50_000, 25_000, null, null, null, null, null, null), medicalExcess: 100,
    exclusions: [...COMMON_EXCLUSIONS, SPORTS_EXCLUSION, "Everything but emergency medical care and evacuation: no cancellation, baggage or delay cover"],
  },
];

export const planOf = (code: InsurancePlanCode): InsurancePlan => INSURANCE_PLANS.find((plan) => plan.code === code)!;

/** Whether a plan covers a destination, for travellers living in `homeCountry` (null: not known, only named territories answer). */
export function covers(plan: InsurancePlan, destination: string, homeCountry: string | null): boolean {
  const { territory } = plan;
  if (territory.kind === "only") return territory.countries.has(destination);
  if (territory.kind === "home") return destination === homeCountry;
  return destination !== homeCountry && !territory.except.has(destination);
}

/** The countries a plan covers, out of these. */
export const coveredCountries = (plan: InsurancePlan, countries: readonly string[], homeCountry: string | null): string[] =>
  countries.filter((country) => covers(plan, country, homeCountry));
