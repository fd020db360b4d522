import type { BeneficiaryRequest, Corridor, PayoutMethod, RecipientField } from "../../../src/contract/moneyTransfer";
import type { Money } from "../../../src/contract/money";
import type { SupplierCallOptions } from "../../suppliers/types";

/** A transfer as the partner keeps it: with it until paid out, rejected by its compliance, or cancelled. */
export interface PartnerTransfer {
  readonly reference: string;
  /** The platform's reference (the order's), by which a transfer is found after a crash. */
  readonly clientReference: string;
  readonly state: "sent" | "paid" | "rejected" | "cancelled";
  /** Why the partner rejected it, in words. */
  readonly reason: string;
}

export interface PartnerSubmission {
  readonly brand: string;
  readonly clientReference: string;
  readonly send: Money;
  readonly receive: Money;
  readonly rate: string;
  readonly remitterName: string;
  readonly purpose: string;
  readonly beneficiary: { readonly name: string; readonly country: string; readonly payoutMethod: PayoutMethod; readonly payoutTo: string; readonly account: BeneficiaryRequest };
  /** The partner's own quote the platform's quote locked (PartnerLock), null for a partner without one. */
  readonly partnerQuote: string | null;
  /** The quote's recipient fields as the agent filled them in, by key. */
  readonly recipientDetails: Readonly<Record<string, string>>;
}

/** How much a quote is for: the amount sent, or the amount received, in minor units. */
export interface QuotedAmount {
  readonly of: "send" | "receive";
  readonly minor: number;
}

/** A partner's own quote for the amount to receive: its rate held until expiresAt, and what it needs of the recipient's account. */
export interface PartnerLock {
  readonly partnerQuote: string;
  readonly expiresAt: string;
  readonly recipientFields: readonly RecipientField[];
}

/** A remittance partner: publishes its brands' corridors and rates, and pays transfers out. A real one is one more implementation. */
export interface RemittancePartner {
  readonly partnerId: string;
  /** How reports and the dashboard name it. */
  readonly partnerName: string;
  readonly isSandbox: boolean;
  /** The corridors a brand of the partner serves, with their payout methods, limits and fees. */
  corridors(brand: string, options: SupplierCallOptions): Promise<readonly Corridor[]>;
  /**
   * The partner's rate now for a corridor and amount: receiving-currency units per sending unit,
   * as a decimal string, with whatever the partner charges for the amount already taken off.
   */
  rate(brand: string, corridor: Pick<Corridor, "sendCurrency" | "receiveCurrency">, amount: QuotedAmount, options: SupplierCallOptions): Promise<string>;
  /** The partner's own quote for exactly this amount received, or null when the partner keeps none (its rate is taken at submission). */
  lock(brand: string, corridor: Pick<Corridor, "sendCurrency" | "receiveCurrency">, receive: Money, beneficiary: BeneficiaryRequest, options: SupplierCallOptions): Promise<PartnerLock | null>;
  submit(submission: PartnerSubmission, options: SupplierCallOptions): Promise<PartnerTransfer>;
  /** Where the transfer stands now. */
  status(reference: string, options: SupplierCallOptions): Promise<PartnerTransfer>;
  /** The transfer submitted with this client reference, or null when it never reached the partner. */
  byClientReference(clientReference: string, options: SupplierCallOptions): Promise<PartnerTransfer | null>;
  /** Stops a transfer not yet paid out; NOT_PERMITTED once it is paid or rejected. */
  cancel(reference: string, options: SupplierCallOptions): Promise<PartnerTransfer>;
}

/** A partner connected through a supplier row (Wise): named by the row's code, so breakers, logs and tenancy see a supplier. */
export interface ConnectedRemittancePartner extends RemittancePartner {
  readonly supplierId: string;
  readonly supplierName: string;
  /** The transfer a webhook of the partner is about and its status, once its signature is checked (NOT_PERMITTED when it fails); null for an event not about a transfer. */
  webhookTransfer(body: string, signature: string | undefined): { readonly reference: string; readonly status: string } | null;
}
