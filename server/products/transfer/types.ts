import type { Corridor, PayoutMethod } from "../../../src/contract/moneyTransfer";
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
  readonly beneficiary: { readonly name: string; readonly country: string; readonly payoutMethod: PayoutMethod; readonly payoutTo: string };
}

/** A remittance partner: publishes its brands' corridors and rates, and pays transfers out. A real one is one more implementation. */
export interface RemittancePartner {
  readonly partnerId: string;
  /** How reports and the dashboard name it. */
  readonly partnerName: string;
  readonly isSandbox: boolean;
  /** The corridors a brand of the partner serves, with their payout methods, limits and fees. */
  corridors(brand: string): readonly Corridor[];
  /** The partner's rate now for a corridor: receiving-currency units per sending unit, as a decimal string. */
  rate(brand: string, corridor: Pick<Corridor, "sendCurrency" | "receiveCurrency">, options: SupplierCallOptions): Promise<string>;
  submit(submission: PartnerSubmission, options: SupplierCallOptions): Promise<PartnerTransfer>;
  /** Where the transfer stands now. */
  status(reference: string, options: SupplierCallOptions): Promise<PartnerTransfer>;
  /** The transfer submitted with this client reference, or null when it never reached the partner. */
  byClientReference(clientReference: string, options: SupplierCallOptions): Promise<PartnerTransfer | null>;
  /** Stops a transfer not yet paid out; NOT_PERMITTED once it is paid or rejected. */
  cancel(reference: string, options: SupplierCallOptions): Promise<PartnerTransfer>;
}
