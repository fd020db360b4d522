import type { CancellationQuote, Order } from "../../../src/contract/shopping";
import { SupplierError } from "../supplierError";

/** Tickets may be voided, everything refunded, until 24 hours after issue. */
const VOID_WINDOW_MS = 24 * 60 * 60_000;

/** Government and airport taxes come back on any ticket; the carrier surcharge only with a refundable fare. */
const CARRIER_SURCHARGE_CODE = "YQ";

function refundQuote(order: Order, netPaid: number): CancellationQuote {
  const currency = order.totals.total.currency;
  const refundable = order.fareBrand.refund.allowed;
  const penaltyPerPassenger = order.fareBrand.refund.penalty?.amount ?? 0;
  let fareBack = 0;
  let penalty = 0;
  for (const item of order.orderItems) {
    const passengers = item.paxRefIds.length;
    const taxesBack = item.unitPrice.taxBreakdown
      .filter((tax) => refundable || tax.code !== CARRIER_SURCHARGE_CODE)
      .reduce((sum, tax) => sum + tax.amount, 0);
    fareBack += passengers * (taxesBack + (refundable ? item.unitPrice.base : 0));
    // Infants travel on a lap: no penalty on their small fare.
    if (refundable && item.passengerType !== "INF") penalty += passengers * penaltyPerPassenger;
  }
  const penaltyCharged = Math.min(penalty, fareBack);
  const refundAmount = Math.min(fareBack - penaltyCharged, netPaid);
  return {
    kind: "refund",
    amountPaid: { amount: netPaid, currency },
    penalty: { amount: penaltyCharged, currency },
    nonRefundable: { amount: Math.max(0, netPaid - refundAmount - penaltyCharged), currency },
    refundAmount: { amount: refundAmount, currency },
    resultingStatus: "refund",
  };
}

/** What cancelling the order now would give back: a released hold, a void, or a refund per the fare brand. */
export function cancellationQuote(order: Order, now: Date): CancellationQuote {
  const currency = order.totals.total.currency;
  const zero = { amount: 0, currency };
  if (order.status === "hold") {
    return { kind: "cancelHold", amountPaid: zero, penalty: zero, nonRefundable: zero, refundAmount: zero, resultingStatus: "cancel" };
  }
  if (order.status !== "confirm" && order.status !== "exchange") {
    throw new SupplierError("NOT_PERMITTED", `An order in status ${order.status} cannot be cancelled.`);
  }
  if (now.getTime() >= Date.parse(order.journeys[0]!.segments[0]!.departure.dateTime)) {
    throw new SupplierError("NOT_PERMITTED", "The journey has started; flown tickets are not refunded here.");
  }
  const netPaid = order.amountPaid.amount - order.amountRefunded.amount;
  const withinVoidWindow = order.ticketedAt !== null && now.getTime() - Date.parse(order.ticketedAt) <= VOID_WINDOW_MS;
  if (withinVoidWindow) {
    const paid = { amount: netPaid, currency };
    return { kind: "void", amountPaid: paid, penalty: zero, nonRefundable: zero, refundAmount: paid, resultingStatus: "Voided" };
  }
  return refundQuote(order, netPaid);
}
