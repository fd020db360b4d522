import {
  BENEFIT_CODES,
  INSURANCE_PLAN_CODES,
  INSURANCE_PRODUCT_CODES,
  MAX_INSURED,
  type BenefitCode,
  type InsurancePlanCode,
  type InsuranceProductCode,
  type InsuranceQuoteRequest,
} from "../../contract/insurance";

/**
 * An insurance quote lives in the address (a reload, a bookmark or a shared link shows the same
 * quotes): destination, dates, travellers' dates of birth as "1990-01-02,2015-06-01", product,
 * benefit and plan.
 */

export type InsuranceTrip = Pick<InsuranceQuoteRequest, "departureDate" | "returnDate" | "travellers" | "product" | "benefit" | "plan"> & { destination: string };

export function insuranceQuery(trip: InsuranceTrip): string {
  const params = new URLSearchParams();
  params.set("to", trip.destination);
  params.set("from", trip.departureDate);
  params.set("until", trip.returnDate);
  params.set("born", trip.travellers.map((traveller) => traveller.dateOfBirth).join(","));
  params.set("product", trip.product);
  params.set("benefit", trip.benefit);
  params.set("plan", trip.plan);
  return params.toString();
}

export const insuranceResultsPath = (trip: InsuranceTrip) => `/search/insurance?${insuranceQuery(trip)}`;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], value: string | null): value is T => value !== null && (values as readonly string[]).includes(value);

/** The trip of the address, or null when a part is missing or malformed. */
export function tripFromParams(params: URLSearchParams): InsuranceTrip | null {
  const destination = params.get("to");
  const departureDate = params.get("from");
  const returnDate = params.get("until");
  const births = (params.get("born") ?? "").split(",").filter((birth) => birth !== "");
  const product = params.get("product");
  const benefit = params.get("benefit");
  const plan = params.get("plan");
  if (!destination || !/^[A-Z]{2}$/.test(destination) || !departureDate || !ISO_DATE.test(departureDate) || !returnDate || !ISO_DATE.test(returnDate)) return null;
  if (births.length === 0 || births.length > MAX_INSURED || births.some((birth) => !ISO_DATE.test(birth))) return null;
  if (!oneOf<InsuranceProductCode>(INSURANCE_PRODUCT_CODES, product) || !oneOf<BenefitCode>(BENEFIT_CODES, benefit)) return null;
  if (plan !== "All" && !oneOf<InsurancePlanCode>(INSURANCE_PLAN_CODES, plan)) return null;
  return { destination, departureDate, returnDate, travellers: births.map((dateOfBirth) => ({ dateOfBirth })), product, benefit, plan };
}
