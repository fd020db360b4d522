import { INSURANCE_PLANS } from "../../../src/config/referenceLists";
import { createHmac } from "node:crypto";
import { z } from "zod";
import { ageOn } from "../../../src/contract/age";
import {
  changeRefusal,
  freeLookUntil,
  INSURANCE_PLAN_CODES,
  type CoverageKind,
  type InsurancePlanCode,
  type InsurancePolicy,
  type InsuredPerson,
  type SupplierInsuranceQuote,
} from "../../../src/contract/insurance";
import { splitMinor, type Money } from "../../../src/contract/money";
import { openValue, sealValue, type KeySeal } from "../../auth/keySeal";
import type { Clock } from "../../clock";
import { ageBandOf, tripDays } from "../../products/insurance/sandbox/premiums";
import type { InsuranceAdapter, InsuranceChangeAsk, InsuranceChangeQuote, InsuranceIssueRequest, InsuranceQuoteAnswer, InsuranceQuoteAsk } from "../../products/insurance/types";
import { providerAnswer, supplierHttp, type SupplierHttpAnswer } from "../http/supplierHttp";
import { providerMoney } from "../providerMoney";
import { referenceUuid } from "../referenceUuid";
import { SupplierError } from "../supplierError";
import type { SupplierCallOptions } from "../types";
import { xcoverBookingListSchema, xcoverBookingSchema, xcoverCancellationSchema, xcoverErrorSchema, xcoverOfferSchema, xcoverUpdatePreviewSchema, type XCoverBooking, type XCoverQuote } from "./xcoverSchemas";

/** The connection an administrator enters in the supplier wizard. */
export interface XCoverConnection {
  readonly supplierId: string;
  readonly supplierName: string;
  /** https://api.xcover.com/x live; the staging host Cover Genius gives the account for tests. */
  readonly endpointUrl: string;
  readonly apiKey: string;
  readonly secret: string;
  /** The partner code XCover gave the account: every path names it. */
  readonly partnerCode: string;
  /** The account's currency: premiums and refunds are in it. */
  readonly currency: string;
}

const PROVIDER = "XCover";
/** XCover does not say how long an offer holds; the platform quotes again after half an hour. */
const QUOTE_LIFETIME_MS = 30 * 60_000;

/**
 * The account's XCover products as the platform's plans. Cover Genius sets the policy codes of a
 * partner's products when it sets up the account: a quote whose code is not here is not shown.
 */
export const XCOVER_PLANS: Readonly<Record<string, InsurancePlanCode>> = {
  TRAVEL_INTERNATIONAL: "INTRNL",
  TRAVEL_REST_OF_WORLD: "REFWRD",
  TRAVEL_SCHENGEN_VISA: "SCHNGN",
  TRAVEL_STUDENT_GOLD: "STDGLD",
  TRAVEL_STUDENT_SILVER: "STDSVR",
  TRAVEL_DOMESTIC_GOLD: "DMCGLD",
  TRAVEL_HAJJ_UMRAH: "HJUPNA",
};

/** XCover's benefit content ids as the platform's coverage lines; other benefits are not listed. */
const BENEFIT_KINDS: Readonly<Record<string, CoverageKind>> = {
  medical_expenses: "medical",
  emergency_evacuation: "evacuation",
  trip_cancellation: "tripCancellation",
  baggage_loss: "baggageLoss",
  baggage_delay: "baggageDelay",
  travel_delay: "travelDelay",
  personal_accident: "personalAccident",
  personal_liability: "personalLiability",
};

/** What a quote key carries: the trip as quoted, to quote it again and to confirm the offer. */
const quoteSpecSchema = z.object({
  supplierId: z.string(),
  offerId: z.string(),
  quoteId: z.string(),
  policyCode: z.string(),
  destination: z.string(),
  homeCountry: z.string().nullable(),
  departureDate: z.iso.date(),
  returnDate: z.iso.date(),
  dateOfBirths: z.array(z.iso.date()),
  issuedAt: z.number(),
});
type QuoteSpec = z.infer<typeof quoteSpecSchema>;

/** What a change key carries: XCover's update and the trip as it would stand, to confirm that update only. */
const changeSpecSchema = z.object({
  supplierId: z.string(),
  policyNumber: z.string(),
  updateId: z.string(),
  departureDate: z.iso.date(),
  returnDate: z.iso.date(),
  dateOfBirths: z.array(z.iso.date()),
  issuedAt: z.number(),
});
type ChangeSpec = z.infer<typeof changeSpecSchema>;

/** Authorization: Signature over the Date header, HMAC-SHA512 with the partner's secret, as XCover's partner API signs requests. */
export function xcoverAuthorization(apiKey: string, secret: string, date: string): string {
  const signature = encodeURIComponent(createHmac("sha512", secret).update(`date: ${date}`).digest("base64"));
  return `Signature keyId="${apiKey}",algorithm="hmac-sha512",signature="${signature}"`;
}

/** One UUID per platform reference: a confirm sent again after a lost answer is the same confirm to XCover. */
export const idempotencyKeyOf = (clientReference: string): string => referenceUuid("xcover-confirm", clientReference);

function refusal(answer: SupplierHttpAnswer): SupplierError {
  const parsed = xcoverErrorSchema.safeParse(answer.body);
  const said = (parsed.success ? [parsed.data.error, parsed.data.message ?? parsed.data.detail].filter(Boolean).join(": ") : "") || `HTTP ${answer.status}`;
  if (answer.status === 401 || answer.status === 403) return new SupplierError("NOT_PERMITTED", `${PROVIDER} refused the credentials (${said}). Check the API key, secret and partner code.`);
  if (answer.status === 404) return new SupplierError("ORDER_NOT_FOUND", `${PROVIDER} does not know it (${said}).`);
  if (answer.status >= 500) return new SupplierError("SUPPLIER_FAILURE", `${PROVIDER} failed (${said}).`);
  if (/expired/i.test(said)) return new SupplierError("OFFER_EXPIRED", `${PROVIDER}'s offer has expired (${said}). Quote again.`);
  return new SupplierError("INVALID_REQUEST", `${PROVIDER} refused the request (${said}).`);
}

/**
 * Travel insurance from Cover Genius XCover: an offer for the trip and its travellers, the
 * chosen quote confirmed into a booking (the policy) with the platform's reference as the
 * partner transaction id, read back, and cancelled with the refund XCover states. XCover's
 * products show under the spec's plan codes (XCOVER_PLANS); the product disclosure statement
 * each quote links is shown with it.
 */
export class XCoverAdapter implements InsuranceAdapter {
  readonly isSandbox = false;
  readonly supplierId: string;
  readonly supplierName: string;
  readonly currency: string;

  constructor(
    private readonly connection: XCoverConnection,
    private readonly clock: Clock,
    private readonly keys: KeySeal,
  ) {
    this.supplierId = connection.supplierId;
    this.supplierName = connection.supplierName;
    this.currency = connection.currency;
  }

  async #call<Schema extends z.ZodType>(method: "GET" | "POST" | "PATCH", path: string, schema: Schema, signal: AbortSignal, body?: unknown, headers: Record<string, string> = {}): Promise<z.infer<Schema>> {
    const base = `${this.connection.endpointUrl.replace(/\/+$/, "")}/partners/${encodeURIComponent(this.connection.partnerCode)}`;
    const answer = await supplierHttp(PROVIDER, {
      method,
      url: `${base}${path}`,
      headers: () => {
        const date = new Date().toUTCString();
        return { date, "x-api-key": this.connection.apiKey, authorization: xcoverAuthorization(this.connection.apiKey, this.connection.secret, date), ...headers };
      },
      body,
      signal,
    });
    return providerAnswer(PROVIDER, answer, schema, refusal);
  }

  #money(amount: string, currency: string): Money {
    return providerMoney(PROVIDER, amount, currency);
  }

  /** The cheapest authenticated call, for the wizard's Test connection: a booking that cannot exist, refused as unknown. */
  async status(options: SupplierCallOptions): Promise<string> {
    try {
      await this.#call("GET", "/bookings/CONNECTION-TEST/", xcoverBookingSchema, options.signal);
      return "OK";
    } catch (error) {
      if (error instanceof SupplierError && error.code === "ORDER_NOT_FOUND") return "OK";
      throw error;
    }
  }

  /** XCover quotes what it covers: every country asked is covered by the offer made for it. */
  coveredCountries(_plan: InsurancePlanCode, countries: readonly string[]): string[] {
    return [...countries];
  }

  /** The platform's quote of one XCover quote, for the travellers by date of birth. */
  #quoteOf(quote: XCoverQuote, spec: QuoteSpec): SupplierInsuranceQuote {
    const plan = XCOVER_PLANS[quote.policy.policy_code]!;
    const premium = this.#money(quote.price, quote.currency);
    const shares = splitMinor(premium.amount, spec.dateOfBirths.length);
    const coverage = quote.benefits.flatMap((benefit) => {
      const kind = BENEFIT_KINDS[benefit.benefit_content_id];
      const currency = benefit.currency ?? quote.currency;
      return kind ? [{ kind, limit: benefit.limit ? this.#money(benefit.limit, currency) : null, excess: benefit.excess ? this.#money(benefit.excess, currency) : null }] : [];
    });
    return {
      supplierId: this.supplierId,
      quoteKey: this.#sealed(spec),
      expiresAt: new Date(spec.issuedAt + QUOTE_LIFETIME_MS).toISOString(),
      plan,
      planName: quote.policy.policy_name,
      product: "020107",
      benefit: "000000",
      destination: spec.destination,
      departureDate: spec.departureDate,
      returnDate: spec.returnDate,
      days: tripDays(spec.departureDate, spec.returnDate),
      travellers: spec.dateOfBirths.map((dateOfBirth, index) => {
        const age = ageOn(dateOfBirth, spec.departureDate);
        return { dateOfBirth, age, ageBand: ageBandOf(age)[0], premium: { amount: shares[index]!, currency: premium.currency } };
      }),
      premium,
      coverage: coverage.sort((left, right) => Object.values(BENEFIT_KINDS).indexOf(left.kind) - Object.values(BENEFIT_KINDS).indexOf(right.kind)),
      exclusions: (quote.policy.content?.exclusions ?? []).map((exclusion) => exclusion.title || exclusion.description).filter((text) => text !== ""),
      emergencyPhone: "",
      documents: quote.policy.pds_url ? [{ title: `${quote.policy.policy_name}: product disclosure statement`, url: quote.policy.pds_url }] : [],
    };
  }

  async #offer(trip: Omit<QuoteSpec, "supplierId" | "offerId" | "quoteId" | "policyCode" | "issuedAt">, signal: AbortSignal) {
    const offer = await this.#call("POST", "/offers/?extra_fields=benefits", xcoverOfferSchema, signal, {
      request: [
        {
          policy_type: "travel_insurance",
          policy_type_version: 1,
          policy_start_date: `${trip.departureDate}T00:00:00Z`,
          policy_end_date: `${trip.returnDate}T23:59:59Z`,
          destinations: [{ country: trip.destination }],
          travellers: trip.dateOfBirths.map((birthDate) => ({ birth_date: birthDate })),
        },
      ],
      quotePackage: { currency: this.currency, customer_country: trip.homeCountry ?? undefined, customer_language: "en" },
    });
    const issuedAt = this.clock().getTime();
    return offer.quotes.filter((quote) => XCOVER_PLANS[quote.policy.policy_code] !== undefined).map((quote) => ({ quote, spec: { ...trip, supplierId: this.supplierId, offerId: offer.id, quoteId: quote.id, policyCode: quote.policy.policy_code, issuedAt } }));
  }

  async quote({ trip, homeCountry }: InsuranceQuoteAsk, options: SupplierCallOptions): Promise<InsuranceQuoteAnswer> {
    const wanted = trip.plan === "All" ? INSURANCE_PLAN_CODES : [trip.plan];
    // XCover covers each traveller on their own, without the spec's add-on benefits: other asks are answered with why.
    const unsupported = trip.product !== "020107" ? "XCover covers each traveller on their own; family cover (020108) is not offered." : trip.benefit !== "000000" ? "XCover's policies are offered without the spec's add-on benefits." : null;
    if (unsupported) return { quotes: [], ineligible: wanted.filter((plan) => Object.values(XCOVER_PLANS).includes(plan)).map((plan) => ({ plan, planName: INSURANCE_PLANS.find((entry) => entry.code === plan)?.label ?? plan, reason: unsupported })) };
    const offered = await this.#offer({ destination: trip.destination, homeCountry, departureDate: trip.departureDate, returnDate: trip.returnDate, dateOfBirths: trip.travellers.map((traveller) => traveller.dateOfBirth) }, options.signal);
    return { quotes: offered.filter(({ quote }) => wanted.includes(XCOVER_PLANS[quote.policy.policy_code]!)).map(({ quote, spec }) => this.#quoteOf(quote, spec)), ineligible: [] };
  }

  #sealed(spec: QuoteSpec | ChangeSpec): string {
    return sealValue(this.keys, spec);
  }

  #opened<Spec extends { supplierId: string }>(key: string, schema: z.ZodType<Spec>): Spec {
    const spec = openValue(this.keys, key, schema);
    if (spec === null || spec.supplierId !== this.supplierId) throw new SupplierError("OFFER_NOT_FOUND", "This quote is not known; quote again.");
    return spec;
  }

  #spec(quoteKey: string): QuoteSpec {
    return this.#opened(quoteKey, quoteSpecSchema);
  }

  /** A fresh offer for the same trip (XCover's offers do not last): the same product priced now, under a new key. */
  async requote(quoteKey: string, options: SupplierCallOptions): Promise<SupplierInsuranceQuote> {
    const { supplierId: _supplier, offerId: _offer, quoteId: _quote, policyCode, issuedAt, ...trip } = this.#spec(quoteKey);
    if (this.clock().getTime() >= issuedAt + QUOTE_LIFETIME_MS) throw new SupplierError("OFFER_EXPIRED", "This quote has expired; quote again.");
    const same = (await this.#offer(trip, options.signal)).find(({ quote }) => quote.policy.policy_code === policyCode);
    if (!same) throw new SupplierError("OFFER_NOT_FOUND", `${PROVIDER} no longer offers this policy for the trip; quote again.`);
    return this.#quoteOf(same.quote, same.spec);
  }

  #policy(booking: XCoverBooking, insuredTitles: readonly (InsuranceIssueRequest["insured"][number] | undefined)[] = []): InsurancePolicy {
    const quote = booking.quotes[0]!;
    if (XCOVER_PLANS[quote.policy.policy_code] === undefined) throw new SupplierError("SUPPLIER_FAILURE", `${PROVIDER} booking ${booking.id} is for ${quote.policy.policy_code}, which is not one of the account's mapped products.`);
    const destination = quote.destinations[0]?.country;
    if (!destination) throw new SupplierError("SUPPLIER_FAILURE", `${PROVIDER} booking ${booking.id} does not say where the trip goes.`);
    const departureDate = quote.policy_start_date.slice(0, 10);
    const returnDate = (quote.policy_end_date ?? quote.policy_start_date).slice(0, 10);
    const dateOfBirths = quote.insured.map((person) => person.birth_date ?? "");
    const spec: QuoteSpec = { supplierId: this.supplierId, offerId: booking.id, quoteId: quote.id, policyCode: quote.policy.policy_code, destination, homeCountry: null, departureDate, returnDate, dateOfBirths, issuedAt: Date.parse(booking.created_at) };
    const issuedAt = new Date(Date.parse(booking.created_at)).toISOString();
    const cancelled = booking.status.toUpperCase() === "CANCELLED";
    return {
      policyNumber: booking.id,
      clientReference: booking.partner_transaction_id ?? "",
      status: cancelled ? "cancelled" : "issued",
      issuedAt,
      cancelledAt: cancelled ? this.clock().toISOString() : null,
      freeLookUntil: freeLookUntil(issuedAt, departureDate),
      quote: { ...this.#quoteOf(quote, spec), quoteKey: "" },
      insured: quote.insured.map((person, index) => ({
        firstName: person.first_name,
        lastName: person.last_name,
        dateOfBirth: person.birth_date ?? "",
        ...(insuredTitles[index]?.title ? { title: insuredTitles[index]!.title } : {}),
        ...(insuredTitles[index]?.passportNumber ? { passportNumber: insuredTitles[index]!.passportNumber } : {}),
      })),
    };
  }

  async issue(request: InsuranceIssueRequest, options: SupplierCallOptions): Promise<InsurancePolicy> {
    const spec = this.#spec(request.quoteKey);
    if (request.insured.length !== spec.dateOfBirths.length || request.insured.some((person, index) => person.dateOfBirth !== spec.dateOfBirths[index])) {
      throw new SupplierError("INVALID_REQUEST", "The people insured are not the travellers quoted (dates of birth differ); quote again.");
    }
    const holder = request.insured[0]!;
    const booking = await this.#call(
      "POST",
      `/offers/${encodeURIComponent(spec.offerId)}/confirm/`,
      xcoverBookingSchema,
      options.signal,
      {
        quotes: [{ id: spec.quoteId, insured: request.insured.map((person) => ({ first_name: person.firstName, last_name: person.lastName, birth_date: person.dateOfBirth })) }],
        policyholder: { first_name: holder.firstName, last_name: holder.lastName, email: request.contact.email, phone: request.contact.phone, country: spec.homeCountry ?? undefined },
        partner_transaction_id: request.clientReference,
      },
      { "x-idempotency-key": idempotencyKeyOf(request.clientReference) },
    );
    const policy = this.#policy(booking, request.insured);
    if (request.payment.amount.amount !== policy.quote.premium.amount || request.payment.amount.currency !== policy.quote.premium.currency) {
      throw new SupplierError("PAYMENT_MISMATCH", `${PROVIDER} confirmed ${booking.id} at ${policy.quote.premium.amount} ${policy.quote.premium.currency}, not the ${request.payment.amount.amount} ${request.payment.amount.currency} paid.`);
    }
    return policy;
  }

  async retrieve(policyNumber: string, options: SupplierCallOptions): Promise<InsurancePolicy> {
    return this.#policy(await this.#call("GET", `/bookings/${encodeURIComponent(policyNumber)}/`, xcoverBookingSchema, options.signal));
  }

  async retrieveByClientReference(clientReference: string, options: SupplierCallOptions): Promise<InsurancePolicy | null> {
    const answer = await this.#call("GET", `/bookings/?${new URLSearchParams({ partner_transaction_id: clientReference })}`, xcoverBookingListSchema, options.signal);
    const found = answer.results.find((booking) => booking.partner_transaction_id === clientReference);
    return found ? this.#policy(found) : null;
  }

  /**
   * Prices a change with `PATCH /bookings/{id}/quote_for_update`: the booking's quote with its new
   * policy dates and insured. XCover answers an update id and the booking's new total price; the
   * quote as it would stand is the booking's, repriced and redated.
   */
  async quoteChange(ask: InsuranceChangeAsk, options: SupplierCallOptions): Promise<InsuranceChangeQuote> {
    const booking = await this.#call("GET", `/bookings/${encodeURIComponent(ask.policyNumber)}/`, xcoverBookingSchema, options.signal);
    const current = this.#policy(booking);
    const refusal = changeRefusal(current, this.clock().toISOString().slice(0, 10));
    if (refusal) throw new SupplierError("NOT_PERMITTED", refusal);
    const quote = booking.quotes[0]!;
    const update = await this.#call("PATCH", `/bookings/${encodeURIComponent(ask.policyNumber)}/quote_for_update`, xcoverUpdatePreviewSchema, options.signal, {
      quotes: [
        {
          id: quote.id,
          policy_start_date: `${ask.departureDate}T00:00:00Z`,
          policy_end_date: `${ask.returnDate}T23:59:59Z`,
          insured: ask.insured.map((person) => ({ first_name: person.firstName, last_name: person.lastName, birth_date: person.dateOfBirth })),
        },
      ],
    });
    const issuedAt = this.clock().getTime();
    const dateOfBirths = ask.insured.map((person) => person.dateOfBirth);
    const changeKey = this.#sealed({ supplierId: this.supplierId, policyNumber: booking.id, updateId: update.update_id, departureDate: ask.departureDate, returnDate: ask.returnDate, dateOfBirths, issuedAt });
    const redated = { ...quote, price: update.total_price, currency: update.currency, policy_start_date: `${ask.departureDate}T00:00:00Z`, policy_end_date: `${ask.returnDate}T23:59:59Z` };
    const spec: QuoteSpec = { supplierId: this.supplierId, offerId: booking.id, quoteId: quote.id, policyCode: quote.policy.policy_code, destination: current.quote.destination, homeCountry: ask.homeCountry, departureDate: ask.departureDate, returnDate: ask.returnDate, dateOfBirths, issuedAt };
    return { changeKey, expiresAt: new Date(issuedAt + QUOTE_LIFETIME_MS).toISOString(), quote: { ...this.#quoteOf(redated, spec), quoteKey: "" } };
  }

  /** Confirms the update XCover priced (`POST /bookings/{id}/confirm_update/{update}/`); the booking it answers is the policy now. */
  async confirmChange(policyNumber: string, changeKey: string, insured: readonly InsuredPerson[], options: SupplierCallOptions): Promise<InsurancePolicy> {
    const spec = this.#opened(changeKey, changeSpecSchema);
    if (spec.policyNumber !== policyNumber) throw new SupplierError("OFFER_NOT_FOUND", "This change was not quoted for this policy.");
    if (this.clock().getTime() >= spec.issuedAt + QUOTE_LIFETIME_MS) throw new SupplierError("OFFER_EXPIRED", "This change quote has expired; quote it again.");
    if (insured.length !== spec.dateOfBirths.length || insured.some((person, index) => person.dateOfBirth !== spec.dateOfBirths[index])) {
      throw new SupplierError("INVALID_REQUEST", "The people insured are not those the change was quoted for (dates of birth differ).");
    }
    const path = `/bookings/${encodeURIComponent(policyNumber)}/confirm_update/${encodeURIComponent(spec.updateId)}/`;
    return this.#policy(await this.#call("POST", path, xcoverBookingSchema, options.signal, {}), insured);
  }

  /**
   * Cancels for the refund XCover states: previewed first, and only when it is the whole premium
   * (the platform gives the agency back all it paid within the free-look period, never more than
   * the insurer returns).
   */
  async cancel(policyNumber: string, options: SupplierCallOptions): Promise<InsurancePolicy> {
    const path = `/bookings/${encodeURIComponent(policyNumber)}/cancel`;
    const booking = await this.retrieve(policyNumber, options);
    const preview = await this.#call("POST", path, xcoverCancellationSchema, options.signal, { preview: true });
    const refund = this.#money(preview.refund_amount, booking.quote.premium.currency);
    if (refund.amount < booking.quote.premium.amount) {
      throw new SupplierError("NOT_PERMITTED", `${PROVIDER} would refund only ${preview.refund_amount} ${refund.currency} of the ${booking.quote.premium.amount} premium: the policy is not cancelled here. Ask Cover Genius.`);
    }
    await this.#call("POST", path, xcoverCancellationSchema, options.signal, { preview: false });
    return { ...booking, status: "cancelled", cancelledAt: this.clock().toISOString() };
  }
}
