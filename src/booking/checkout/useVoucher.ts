import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { RedeemableVoucher } from "../../contract/vouchers";
import { bookingApi, type VoucherSale } from "../api/bookingApi";

/**
 * The e-voucher (or residual travel funds) an agent applies at checkout: checked by the server,
 * then paid first at booking (docs/payments.md). The codes the agency can use are offered, those of
 * the flight's airline and travellers included, so a code need not be typed.
 */
export function useVoucher(sale: VoucherSale, { offer }: { offer: boolean }) {
  const [applied, setApplied] = useState<RedeemableVoucher | null>(null);
  const check = useMutation({ mutationFn: (code: string) => bookingApi.checkVoucher(code), onSuccess: setApplied });
  const usable = useQuery({ queryKey: ["booking", "usable-vouchers", sale], queryFn: () => bookingApi.usableVouchers(sale), enabled: offer });
  return {
    applied,
    usable: usable.data ?? [],
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
