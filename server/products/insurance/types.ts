import type { BookingContact } from "../../orders/productModule";
import type { InsurancePlanCode, IneligiblePlan, InsurancePolicy, InsuranceQuoteRequest, InsuredPerson, SupplierInsuranceQuote } from "../../../src/contract/insurance";
import type { SupplierCallOptions, SupplierPayment } from "../../suppliers/types";

export interface InsuranceQuoteAsk {
  readonly trip: InsuranceQuoteRequest & { readonly destination: string };
  /** Where the travellers live: the agency's country of sale (domestic plans cover it, travel plans cover everywhere else). */
  readonly homeCountry: string | null;
}

export interface InsuranceQuoteAnswer {
  readonly quotes: readonly SupplierInsuranceQuote[];
  readonly ineligible: readonly IneligiblePlan[];
}

export interface InsuranceIssueRequest {
  readonly quoteKey: string;
  /** In the order of the quote's dates of birth. */
  readonly insured: readonly InsuredPerson[];
  /** Who the insurer writes to about the policy (the booking's contact). */
  readonly contact: BookingContact;
  readonly payment: SupplierPayment;
  /** The platform's own reference, kept by the insurer (see SupplierOrderCreateRequest). */
  readonly clientReference: string;
}

/** An insurer. A real one is one more implementation. */
export interface InsuranceAdapter {
  readonly supplierId: string;
  readonly supplierName: string;
  readonly isSandbox: boolean;
  /** The insurer's currency: premiums and payments are in it. */
  readonly currency: string;
  /** The countries, out of these, that a plan covers for travellers living in `homeCountry`. */
  coveredCountries(plan: InsurancePlanCode, countries: readonly string[], homeCountry: string | null): string[];
  quote(ask: InsuranceQuoteAsk, options: SupplierCallOptions): Promise<InsuranceQuoteAnswer>;
  /** The quote behind this key, priced now; OFFER_EXPIRED past its time. */
  requote(quoteKey: string, options: SupplierCallOptions): Promise<SupplierInsuranceQuote>;
  issue(request: InsuranceIssueRequest, options: SupplierCallOptions): Promise<InsurancePolicy>;
  retrieve(policyNumber: string, options: SupplierCallOptions): Promise<InsurancePolicy>;
  /** The policy issued with this client reference, or null when the insurer never issued one. */
  retrieveByClientReference(clientReference: string, options: SupplierCallOptions): Promise<InsurancePolicy | null>;
  /** Cancels for a full refund within the free-look period; NOT_PERMITTED after it or once the trip has started. */
  cancel(policyNumber: string, options: SupplierCallOptions): Promise<InsurancePolicy>;
}
