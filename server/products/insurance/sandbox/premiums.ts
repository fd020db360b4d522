import type { AgeBand, BenefitCode, InsuranceProductCode } from "../../../../src/contract/insurance";
import { ageOn } from "../../../../src/contract/age";
import { BENEFITS } from "../../../../src/config/referenceLists";
import { covers, NORTH_AMERICA, SCHENGEN_STATES, type InsurancePlan } from "./plans";

/** A trip as the insurer rates it. */
export interface TripFacts {
  readonly destination: string;
  /** The country the travellers live in (the agency's country of sale); null when not known. */
  readonly homeCountry: string | null;
  readonly departureDate: string;
  readonly returnDate: string;
  readonly dateOfBirths: readonly string[];
  readonly product: InsuranceProductCode;
  readonly benefit: BenefitCode;
}

export interface RatedTraveller {
  readonly dateOfBirth: string;
  readonly age: number;
  readonly ageBand: AgeBand;
  /** Minor units of the insurer's currency. */
  readonly premium: number;
}

export type PlanRating =
  | { readonly eligible: true; readonly days: number; readonly travellers: readonly RatedTraveller[]; readonly premium: number }
  | { readonly eligible: false; readonly reason: string };

/** Per mille of a week's premium, by the longest trip each band covers. */
const DURATION_BANDS: readonly [maxDays: number, perMille: number][] = [
  [4, 600], [7, 1_000], [10, 1_300], [15, 1_700], [21, 2_100], [31, 2_800], [45, 3_600],
  [62, 4_500], [92, 6_000], [120, 7_400], [180, 9_500], [365, 14_000],
];
const AGE_BANDS: readonly [band: AgeBand, fromAge: number, perMille: number][] = [
  ["child", 0, 500], ["adult", 18, 1_000], ["senior", 65, 1_750], ["elder", 75, 3_000],
];
/** What each benefit adds to a traveller's premium, per mille. */
const BENEFIT_LOADING: Readonly<Record<BenefitCode, number>> = { "000000": 0, HZDWSP: 500, TEROSM: 150, TRMWSP: 650 };
export const ADULT_AGE = 18;
const MAX_FAMILY_ADULTS = 2;

const DAY_MS = 86_400_000;

/** Days of cover, the day of departure and the day of return both counted. */
export const tripDays = (departureDate: string, returnDate: string) => Math.round((Date.parse(returnDate) - Date.parse(departureDate)) / DAY_MS) + 1;

export const ageBandOf = (age: number): (typeof AGE_BANDS)[number] => [...AGE_BANDS].reverse().find(([, fromAge]) => age >= fromAge)!;

/** Where the trip goes, as the price sees it: North America costs most, the Schengen area a little more than elsewhere. */
function regionPerMille(destination: string): number {
  if (NORTH_AMERICA.has(destination)) return 1_800;
  if (SCHENGEN_STATES.has(destination)) return 1_150;
  return 1_000;
}

const benefitName = (code: BenefitCode) => BENEFITS.find((benefit) => benefit.code === code)?.label ?? code;

function territoryRefusal(plan: InsurancePlan, trip: TripFacts): string {
  const { territory } = plan;
  if (territory.kind === "only") return `${plan.name} covers only ${plan.code === "SCHNGN" ? "the Schengen states" : [...territory.countries].join(", ")}.`;
  if (territory.kind === "home") return trip.homeCountry === null ? `${plan.name} needs the agency's country of sale.` : `${plan.name} covers travel within ${trip.homeCountry} only.`;
  if (trip.destination === trip.homeCountry) return `${plan.name} covers travel abroad only.`;
  return `${plan.name} does not cover ${[...territory.except].join(" or ")}.`;
}

/**
 * Rates one plan for one trip: eligibility (territory, length, ages, benefit, family make-up),
 * then each traveller's premium = the week's premium × the trip's length band × the region,
 * rounded to minor units, × the age band × (1 + the benefit's loading), rounded. A family
 * policy covers one or two adults with their children under 18, who travel free.
 */
export function ratePlan(plan: InsurancePlan, trip: TripFacts): PlanRating {
  const refuse = (reason: string): PlanRating => ({ eligible: false, reason });
  if (!covers(plan, trip.destination, trip.homeCountry)) return refuse(territoryRefusal(plan, trip));
  const days = tripDays(trip.departureDate, trip.returnDate);
  if (days > plan.maxDays) return refuse(`${plan.name} covers trips of up to ${plan.maxDays} days; this one is ${days}.`);
  if (!plan.benefits.includes(trip.benefit)) return refuse(`${plan.name} does not offer ${benefitName(trip.benefit)}.`);
  const ages = trip.dateOfBirths.map((dateOfBirth) => ageOn(dateOfBirth, trip.departureDate));
  const outside = ages.find((age) => age < plan.minAge || age > plan.maxAge);
  if (outside !== undefined) return refuse(`${plan.name} insures travellers aged ${plan.minAge} to ${plan.maxAge}; one is ${outside}.`);
  const family = trip.product === "020108";
  if (family) {
    if (!plan.family) return refuse(`${plan.name} has no family cover.`);
    const adults = ages.filter((age) => age >= ADULT_AGE).length;
    if (adults === 0 || adults > MAX_FAMILY_ADULTS || ages.length < 2) return refuse("A family policy covers one or two adults with their children under 18.");
  }
  const band = DURATION_BANDS.find(([maxDays]) => days <= maxDays)!;
  const tripBase = Math.round((plan.weeklyPremium * band[1] * regionPerMille(trip.destination)) / 1_000_000);
  const travellers = trip.dateOfBirths.map((dateOfBirth, index): RatedTraveller => {
    const age = ages[index]!;
    const [ageBand, , agePerMille] = ageBandOf(age);
    const free = family && age < ADULT_AGE;
    const premium = free ? 0 : Math.round((tripBase * agePerMille * (1_000 + BENEFIT_LOADING[trip.benefit])) / 1_000_000);
    return { dateOfBirth, age, ageBand, premium };
  });
  return { eligible: true, days, travellers, premium: travellers.reduce((sum, traveller) => sum + traveller.premium, 0) };
}
