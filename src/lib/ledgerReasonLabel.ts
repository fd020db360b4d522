import type { TFunction } from "i18next";
import type { LedgerReasonCode } from "../contract/ledgerReasons";

interface ReasonOfEntry {
  readonly reason: string;
  readonly reasonCode: LedgerReasonCode | null;
  readonly reasonParams: Readonly<Record<string, string>> | null;
}

/** A ledger entry's reason in the reader's language; entries written before reason codes keep their English sentence. */
export function ledgerReasonLabel(t: TFunction, { reason, reasonCode, reasonParams }: ReasonOfEntry): string {
  if (reasonCode === null) return reason;
  const params = reasonParams ?? {};
  const state = params.state === undefined ? {} : { state: t(`ledgerReasons.states.${params.state}`, { defaultValue: params.state }) };
  return t(`ledgerReasons.codes.${reasonCode}`, { ...params, ...state });
}
