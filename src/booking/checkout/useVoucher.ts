import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { RedeemableVoucher } from "../../contract/vouchers";
import { bookingApi } from "../api/bookingApi";

/** The e-voucher an agent applies at checkout: checked by the server, then paid first at booking (docs/payments.md). */
export function useVoucher() {
  const [applied, setApplied] = useState<RedeemableVoucher | null>(null);
  const check = useMutation({ mutationFn: (code: string) => bookingApi.checkVoucher(code), onSuccess: setApplied });
  return {
    applied,
    apply: (code: string) => check.mutate(code),
    remove: () => {
      setApplied(null);
      check.reset();
    },
    checking: check.isPending,
    error: check.error?.message ?? null,
  };
}

export type VoucherState = ReturnType<typeof useVoucher>;
