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

/** An issued policy as it should stand: its trip's dates and the people it insures (the plan and destination stay). */
export interface InsuranceChangeAsk {
  readonly policyNumber: string;
  readonly departureDate: string;
  readonly returnDate: string;
  readonly insured: readonly InsuredPerson[];
  /** Where the travellers live, as for a quote. */
  readonly homeCountry: string | null;
}

/** The insurer's price for a change, to confirm with its key before it expires. */
export interface InsuranceChangeQuote {
  readonly changeKey: string;
  readonly expiresAt: string;
  /** The policy's quote as it would stand (its premium the whole new premium). */
  readonly quote: SupplierInsuranceQuote;
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
  /** Prices a change of an issued policy's dates or insured; NOT_PERMITTED once cancelled or the trip has started. */
  quoteChange(ask: InsuranceChangeAsk, options: SupplierCallOptions): Promise<InsuranceChangeQuote>;
  /** Makes the quoted change: the policy as it stands after it (its insured as given). OFFER_EXPIRED past its time. */
  confirmChange(policyNumber: string, changeKey: string, insured: readonly InsuredPerson[], options: SupplierCallOptions): Promise<InsurancePolicy>;
  /** Cancels for a full refund within the free-look period; NOT_PERMITTED after it or once the trip has started. */
  cancel(policyNumber: string, options: SupplierCallOptions): Promise<InsurancePolicy>;
}
