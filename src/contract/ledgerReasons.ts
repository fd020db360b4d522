import { z } from "zod";

/**
 * Why a ledger entry was written: a code, and the references its sentence names. The English
 * sentence is stored with the entry too (for exports and older readers); the console shows the
 * code's sentence in the reader's language (i18n `ledgerReasons.*`, kept equal to these in English).
 */
export const LEDGER_REASON_TEXT = {
  booking: "Booking",
  bookingFailed: "Booking failed at the supplier: payment returned",
  ticketing: "Ticketing {{reference}}",
  ticketingFailed: "Ticketing {{reference}} failed: payment returned",
  ticketingUnconfirmed: "Ticketing {{reference}} never confirmed by the supplier: payment returned",
  change: "Change of {{reference}}",
  changeFailed: "Change of {{reference}} failed: payment returned",
  changeDifference: "Change of {{reference}}: fare difference returned",
  void: "Void of {{reference}}",
  refund: "Refund of {{reference}}",
  ticketRefund: "Refund of {{reference}} (RFIC {{rfic}})",
  cancellation: "Cancellation of {{reference}}",
  confirmation: "Confirmation of {{reference}}",
  confirmationFailed: "Confirmation of {{reference}} failed: payment returned",
  hotelCancellation: "Cancellation of hotel booking {{reference}}",
  activityCancellation: "Cancellation of activity booking {{reference}}",
  packageCancellation: "Cancellation of package booking {{reference}}",
  policyCancellation: "Cancellation of policy {{reference}}",
  policyChange: "Change of policy {{reference}}",
  policyChangeFailed: "Change of policy {{reference}} failed: payment returned",
  policyChangeDifference: "Change of policy {{reference}}: premium difference returned",
  insuranceNotIssued: "Insurance not issued for {{reference}}: payment returned",
  addOnNotIssued: "Add-on not issued for {{reference}}: payment returned",
  visaFeesReturned: "Visa application {{reference}} {{state}}: fees returned",
  visaFeesKept: "Visa application {{reference}} {{state}}: fees kept (the embassy had it)",
  transferReturned: "Transfer {{reference}} {{state}}: amount and fee returned",
  topUpApproved: "Top-up {{reference}} approved",
  cashReceived: "Cash received for {{reference}}",
  chequeReceived: "Cheque {{number}} received for {{reference}}",
  chequeBounced: "Cheque {{number}} for {{reference}} bounced",
  agentTransaction: "{{note}}",
} as const;

export type LedgerReasonCode = keyof typeof LEDGER_REASON_TEXT;
export const LEDGER_REASON_CODES = Object.keys(LEDGER_REASON_TEXT) as [LedgerReasonCode, ...LedgerReasonCode[]];

/** The states a `{{state}}` names (a visa application or a transfer that ended), translated as words of their own. */
export const LEDGER_REASON_STATES = ["cancelled", "rejected"] as const;

export interface LedgerReason {
  readonly code: LedgerReasonCode;
  readonly params: Readonly<Record<string, string>>;
}

export const ledgerReason = (code: LedgerReasonCode, params: Record<string, string> = {}): LedgerReason => ({ code, params });

/** The reason's English sentence; a name the sentence has no value for is left out. */
export const ledgerReasonText = ({ code, params }: LedgerReason): string => LEDGER_REASON_TEXT[code].replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? "");

/** A ledger entry's reason as the API answers it: the English sentence, and its code and references (null on older entries). */
export const ledgerReasonFields = {
  reason: z.string(),
  reasonCode: z.enum(LEDGER_REASON_CODES).nullable(),
  reasonParams: z.record(z.string(), z.string()).nullable(),
};
