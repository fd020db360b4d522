import { z } from "zod";
import { openValue, sealValue, type KeySeal } from "../../../auth/keySeal";
import {
  cancellationRefusal,
  changeRefusal,
  freeLookUntil,
  insurancePlanCodeSchema,
  insuranceProductCodeSchema,
  benefitCodeSchema,
  type InsurancePlanCode,
  type InsurancePolicy,
  type InsuredPerson,
  type SupplierInsuranceQuote,
} from "../../../../src/contract/insurance";
import { systemClock, type Clock } from "../../../clock";
import { applyFaults, NO_FAULTS, validateSwitches, type SandboxSwitches } from "../../../suppliers/sandbox/faults";
import { hashHex } from "../../../suppliers/sandbox/prng";
import { SupplierError } from "../../../suppliers/supplierError";
import type { SupplierCallOptions } from "../../../suppliers/types";
import { memoryBookingStore, type SandboxBookingStore } from "../../sandboxBookingStore";
import type { InsuranceAdapter, InsuranceChangeAsk, InsuranceChangeQuote, InsuranceIssueRequest, InsuranceQuoteAnswer, InsuranceQuoteAsk } from "../types";
import { coveredCountries, INSURANCE_PLANS, planOf, type InsurancePlan } from "./plans";
import { ratePlan, type TripFacts } from "./premiums";

/** A quote can be bought for half an hour. */
export const QUOTE_LIFETIME_MS = 30 * 60_000;
const EMERGENCY_PHONE = "+966 11 000 0000 (sandbox assistance line, 24 hours)";

/** What a quote key carries: the trip as quoted, so the sandbox can price it again at issue. */
const quoteSpecSchema = z.object({
  supplierId: z.string(),
  plan: insurancePlanCodeSchema,
  product: insuranceProductCodeSchema,
  benefit: benefitCodeSchema,
  destination: z.string(),
  homeCountry: z.string().nullable(),
  departureDate: z.iso.date(),
  returnDate: z.iso.date(),
  dateOfBirths: z.array(z.iso.date()),
  issuedAt: z.number(),
});
type QuoteSpec = z.infer<typeof quoteSpecSchema>;

/** What a change key carries: the policy changed, and the trip as it would stand. */
const changeSpecSchema = quoteSpecSchema.extend({ policyNumber: z.string() });
type ChangeSpec = z.infer<typeof changeSpecSchema>;

/** A key as this insurer issued it; one changed on the way (dates, issue time) is not known. */
function decodeKey<Schema extends z.ZodType>(keys: KeySeal, key: string, schema: Schema): z.infer<Schema> {
  const spec = openValue(keys, key, schema);
  if (spec === null) throw new SupplierError("OFFER_NOT_FOUND", "This quote is not known; quote again.");
  return spec;
}

export const policyNumberOf = (policy: InsurancePolicy) => policy.policyNumber;


/**
 * A sandbox travel insurer, Gulf Takaful Travel: the spec's plans rated by plans.ts and
 * premiums.ts the same every time, its policies kept in the database, with the latency, failure
 * and time-out switches of the other sandboxes.
 */
export class SandboxInsurer implements InsuranceAdapter {
  readonly isSandbox = true;
  readonly supplierId = "gulf-takaful-travel";
  readonly supplierName = "Gulf Takaful Travel (sandbox)";
  readonly currency = "SAR";
  #switches: SandboxSwitches = NO_FAULTS;

  constructor(
    private readonly keys: KeySeal,
    private readonly clock: Clock = systemClock,
    private readonly store: SandboxBookingStore<InsurancePolicy> = memoryBookingStore(policyNumberOf),
    private readonly random: () => number = Math.random,
  ) {}

  get switches(): SandboxSwitches {
    return this.#switches;
  }

  setSwitches(changes: Partial<SandboxSwitches>): SandboxSwitches {
    this.#switches = validateSwitches({ ...this.#switches, ...changes });
    return this.#switches;
  }

  coveredCountries(plan: InsurancePlanCode, countries: readonly string[], homeCountry: string | null): string[] {
    return coveredCountries(planOf(plan), countries, homeCountry);
  }

  #quoteOf(plan: InsurancePlan, spec: QuoteSpec): SupplierInsuranceQuote | string {
    const trip: TripFacts = { ...spec };
    const rating = ratePlan(plan, trip);
    if (!rating.eligible) return rating.reason;
    const money = (amount: number) => ({ amount, currency: this.currency });
    const cover = (units: number | null) => (units === null ? null : { amount: units * 100, currency: plan.coverageCurrency });
    return {
      supplierId: this.supplierId,
      quoteKey: sealValue(this.keys, spec),
      expiresAt: new Date(spec.issuedAt + QUOTE_LIFETIME_MS).toISOString(),
      plan: plan.code,
      planName: plan.name,
      product: spec.product,
      benefit: spec.benefit,
      destination: spec.destination,
      departureDate: spec.departureDate,
      returnDate: spec.returnDate,
      days: rating.days,
      travellers: rating.travellers.map((traveller) => ({ ...traveller, premium: money(traveller.premium) })),
      premium: money(rating.premium),
      coverage: Object.entries(plan.limits).map(([kind, limit]) => ({
        kind: kind as keyof InsurancePlan["limits"],
        limit: cover(limit),
        excess: kind === "medical" && plan.medicalExcess > 0 ? cover(plan.medicalExcess) : null,
      })),
      exclusions: [...plan.exclusions],
      emergencyPhone: EMERGENCY_PHONE,
      documents: [],
    };
  }

  async quote({ trip, homeCountry }: InsuranceQuoteAsk, options: SupplierCallOptions): Promise<InsuranceQuoteAnswer> {
    await applyFaults(this.#switches, options.signal, this.random);
    const plans = trip.plan === "All" ? INSURANCE_PLANS : [planOf(trip.plan)];
    const quotes: SupplierInsuranceQuote[] = [];
    const ineligible: { plan: InsurancePlanCode; planName: string; reason: string }[] = [];
    for (const plan of plans) {
      const spec: QuoteSpec = {
        supplierId: this.supplierId,
        plan: plan.code,
        product: trip.product,
        benefit: trip.benefit,
        destination: trip.destination,
        homeCountry,
        departureDate: trip.departureDate,
        returnDate: trip.returnDate,
        dateOfBirths: trip.travellers.map((traveller) => traveller.dateOfBirth),
        issuedAt: this.clock().getTime(),
      };
      const quote = this.#quoteOf(plan, spec);
      if (typeof quote === "string") ineligible.push({ plan: plan.code, planName: plan.name, reason: quote });
      else quotes.push(quote);
    }
    return { quotes, ineligible };
  }

  #requoteNow(quoteKey: string): SupplierInsuranceQuote {
    const spec = decodeKey(this.keys, quoteKey, quoteSpecSchema);
    if (spec.supplierId !== this.supplierId) throw new SupplierError("OFFER_NOT_FOUND", "This quote belongs to another insurer.");
    if (this.clock().getTime() >= spec.issuedAt + QUOTE_LIFETIME_MS) throw new SupplierError("OFFER_EXPIRED", "This quote has expired; quote again.");
    const quote = this.#quoteOf(planOf(spec.plan), spec);
    if (typeof quote === "string") throw new SupplierError("INVALID_REQUEST", quote);
    return quote;
  }

  async requote(quoteKey: string, options: SupplierCallOptions): Promise<SupplierInsuranceQuote> {
    await applyFaults(this.#switches, options.signal, this.random);
    return this.#requoteNow(quoteKey);
  }

  async issue(request: InsuranceIssueRequest, options: SupplierCallOptions): Promise<InsurancePolicy> {
    await applyFaults(this.#switches, options.signal, this.random);
    const quote = this.#requoteNow(request.quoteKey);
    const births = quote.travellers.map((traveller) => traveller.dateOfBirth);
    if (request.insured.length !== births.length || request.insured.some((person, index) => person.dateOfBirth !== births[index])) {
      throw new SupplierError("INVALID_REQUEST", "The people insured are not the travellers quoted (dates of birth differ); quote again.");
    }
    if (request.payment.amount.amount !== quote.premium.amount || request.payment.amount.currency !== quote.premium.currency) {
      throw new SupplierError("PAYMENT_MISMATCH", `The payment (${request.payment.amount.amount} ${request.payment.amount.currency}) is not the premium (${quote.premium.amount} ${quote.premium.currency}).`);
    }
    const issuedAt = this.clock().toISOString();
    for (let attempt = 0; ; attempt += 1) {
      const policy: InsurancePolicy = {
        policyNumber: `GTT-${quote.plan}-${hashHex(`${request.clientReference}|${attempt}`)}`,
        clientReference: request.clientReference,
        status: "issued",
        issuedAt,
        cancelledAt: null,
        freeLookUntil: freeLookUntil(issuedAt, quote.departureDate),
        quote: { ...quote, quoteKey: "" },
        insured: [...request.insured],
      };
      if (await this.store.insert(this.supplierId, policy)) return policy;
      if (attempt > 5) throw new SupplierError("SUPPLIER_FAILURE", "No policy number was free; retry.");
    }
  }

  async #load(policyNumber: string) {
    const stored = await this.store.load(this.supplierId, policyNumber);
    if (!stored) throw new SupplierError("ORDER_NOT_FOUND", `There is no policy ${policyNumber}.`);
    return stored;
  }

  async retrieve(policyNumber: string, options: SupplierCallOptions): Promise<InsurancePolicy> {
    await applyFaults(this.#switches, options.signal, this.random);
    return (await this.#load(policyNumber)).booking;
  }

  async retrieveByClientReference(clientReference: string, options: SupplierCallOptions): Promise<InsurancePolicy | null> {
    await applyFaults(this.#switches, options.signal, this.random);
    return (await this.store.byClientReference(this.supplierId, clientReference)) ?? null;
  }

  /** The policy's plan for the trip as it would stand, rated now; the reason when the plan no longer covers it. */
  #changed(policy: InsurancePolicy, spec: ChangeSpec): SupplierInsuranceQuote {
    const refusal = changeRefusal(policy, this.clock().toISOString().slice(0, 10));
    if (refusal) throw new SupplierError("NOT_PERMITTED", refusal);
    const quote = this.#quoteOf(planOf(policy.quote.plan), spec);
    if (typeof quote === "string") throw new SupplierError("INVALID_REQUEST", quote);
    return quote;
  }

  async quoteChange(ask: InsuranceChangeAsk, options: SupplierCallOptions): Promise<InsuranceChangeQuote> {
    await applyFaults(this.#switches, options.signal, this.random);
    const policy = (await this.#load(ask.policyNumber)).booking;
    const { plan, product, benefit, destination } = policy.quote;
    const spec: ChangeSpec = {
      supplierId: this.supplierId,
      policyNumber: policy.policyNumber,
      plan,
      product,
      benefit,
      destination,
      homeCountry: ask.homeCountry,
      departureDate: ask.departureDate,
      returnDate: ask.returnDate,
      dateOfBirths: ask.insured.map((person) => person.dateOfBirth),
      issuedAt: this.clock().getTime(),
    };
    const quote = this.#changed(policy, spec);
    return { changeKey: sealValue(this.keys, spec), expiresAt: quote.expiresAt, quote };
  }

  async confirmChange(policyNumber: string, changeKey: string, insured: readonly InsuredPerson[], options: SupplierCallOptions): Promise<InsurancePolicy> {
    await applyFaults(this.#switches, options.signal, this.random);
    const spec = decodeKey(this.keys, changeKey, changeSpecSchema);
    if (spec.supplierId !== this.supplierId || spec.policyNumber !== policyNumber) throw new SupplierError("OFFER_NOT_FOUND", "This change was not quoted for this policy.");
    if (this.clock().getTime() >= spec.issuedAt + QUOTE_LIFETIME_MS) throw new SupplierError("OFFER_EXPIRED", "This change quote has expired; quote it again.");
    if (insured.length !== spec.dateOfBirths.length || insured.some((person, index) => person.dateOfBirth !== spec.dateOfBirths[index])) {
      throw new SupplierError("INVALID_REQUEST", "The people insured are not those the change was quoted for (dates of birth differ).");
    }
    const stored = await this.#load(policyNumber);
    const quote = this.#changed(stored.booking, spec);
    const changed: InsurancePolicy = { ...stored.booking, freeLookUntil: freeLookUntil(stored.booking.issuedAt, quote.departureDate), quote: { ...quote, quoteKey: "" }, insured: [...insured] };
    await this.store.update(this.supplierId, changed, stored.version);
    return changed;
  }

  async cancel(policyNumber: string, options: SupplierCallOptions): Promise<InsurancePolicy> {
    await applyFaults(this.#switches, options.signal, this.random);
    const stored = await this.#load(policyNumber);
    const policy = stored.booking;
    const refusal = cancellationRefusal(policy, this.clock().toISOString().slice(0, 10));
    if (refusal) throw new SupplierError("NOT_PERMITTED", refusal);
    const cancelled: InsurancePolicy = { ...policy, status: "cancelled", cancelledAt: this.clock().toISOString() };
    await this.store.update(this.supplierId, cancelled, stored.version);
    return cancelled;
  }
}
