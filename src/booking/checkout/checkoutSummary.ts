import type { Money } from "../../contract/money";
import type { FareBrand, PassengerTypeCode, PricedOffer } from "../../contract/shopping";

/** Spec "Summary data": one fare line per passenger type, in the agency's currency. */
export interface FareDetail {
  passengerType: PassengerTypeCode;
  passengerCount: number;
  /** Per passenger. */
  base: Money;
  taxes: Money;
  markup: Money;
  unitTotal: Money;
  /** unitTotal × passengerCount. */
  total: Money;
}

/** Spec "Summary data: orderRules": what the fare allows after booking. */
export interface OrderRules {
  fareBrandName: string;
  change: FareBrand["change"];
  refund: FareBrand["refund"];
  checkedBaggage: FareBrand["checkedBaggage"];
  cabinBaggage: FareBrand["cabinBaggage"];
  seatSelectionIncluded: boolean;
}

export interface CheckoutSummary {
  fareDetails: FareDetail[];
  orderRules: OrderRules;
  fare: Money;
  bookingMarkup: Money;
  services: Money;
  seats: Money;
  grandTotal: Money;
}

/**
 * What the agent will be charged, from the priced offer (fare, per-passenger markups, booking
 * markups) plus the extras already converted to the agency's currency.
 */
export function checkoutSummary(offer: PricedOffer, extras: { services: Money; seats: Money }): CheckoutSummary {
  const { currency, items, bookingMarkups, totals } = offer.priceBreakdown;
  const money = (amount: number): Money => ({ amount, currency });
  for (const extra of [extras.services, extras.seats]) {
    if (extra.currency !== currency) throw new RangeError(`Extras in ${extra.currency} cannot be added to a ${currency} fare.`);
  }
  const fareDetails = items.map((item) => ({
    passengerType: item.passengerType,
    passengerCount: item.passengerCount,
    base: money(item.base),
    taxes: money(item.taxes),
    markup: money(item.markups.reduce((sum, markup) => sum + markup.amount, 0)),
    unitTotal: money(item.unitTotal),
    total: money(item.unitTotal * item.passengerCount),
  }));
  const brand = offer.fareBrand;
  return {
    fareDetails,
    orderRules: {
      fareBrandName: brand.name,
      change: brand.change,
      refund: brand.refund,
      checkedBaggage: brand.checkedBaggage,
      cabinBaggage: brand.cabinBaggage,
      seatSelectionIncluded: brand.seatSelectionIncluded,
    },
    fare: money(totals.total),
    bookingMarkup: money(bookingMarkups.reduce((sum, markup) => sum + markup.amount, 0)),
    services: extras.services,
    seats: extras.seats,
    grandTotal: money(totals.total + extras.services.amount + extras.seats.amount),
  };
}
