import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Money } from "../../contract/money";
import type { Payment } from "../../contract/shopping";
import { bookingApi } from "../api/bookingApi";
import { EMPTY_CARD, cardTokenRequest, type CardDetails } from "./PaymentPanel";
import { activePaymentChoice, isCardMethod, offersVouchers, orderPayment, paymentChoiceStatus, type PaymentChoice } from "./paymentChoice";
import { useVoucher } from "./useVoucher";

/**
 * The payment of a product sold paid only (a policy, an activity, a visa, a package): the agency's options for its
 * supplier without hold, the method chosen, the card, and the payment a booking request carries.
 */
export function usePaidCheckout(subject: { product: "insurance" | "activity" | "visa" | "package"; supplierId: string }, total: Money) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<PaymentChoice | null>(null);
  const [card, setCard] = useState<CardDetails>(EMPTY_CARD);
  const query = useQuery({ queryKey: ["booking", "payment-options", subject.product, subject.supplierId], queryFn: () => bookingApi.paymentOptions(subject) });
  const options = query.data && { ...query.data, bookAndHold: false };
  const voucher = useVoucher({}, { offer: offersVouchers(options) });
  const activeChoice = options ? activePaymentChoice(options, choice, total, voucher.applied) : null;
  const status = options && activeChoice ? paymentChoiceStatus(options, activeChoice, total, voucher.applied) : null;

  /** The payment for the booking request, the card tokenised now (a token is good for one payment). */
  async function payment(): Promise<Payment> {
    if (!options || !activeChoice || activeChoice.kind === "hold") throw new Error(t("booking.checkout.noPaymentMethods"));
    let cardPayment: { holderName: string; token: string } | null = null;
    if (isCardMethod(options, activeChoice)) {
      const request = cardTokenRequest(card);
      if (!request) throw new Error(t("booking.checkout.card.incomplete"));
      cardPayment = { holderName: request.holderName, token: (await bookingApi.cardToken(request)).token };
    }
    return orderPayment(activeChoice, cardPayment, voucher.applied).payment!;
  }

  return {
    panel: { options, loading: query.isPending, error: query.isError, total, choice: activeChoice, onChoice: setChoice, card, onCard: setCard, voucher },
    usable: status?.usable === true,
    payment,
    /** What identifies the card in a retry's fingerprint (the token is new each time). */
    cardDigits: card.number.slice(-4),
  };
}
