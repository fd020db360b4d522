/** Booking status display rules of spec section 4. */
export type BookingStatusStyle = "voided" | "not-issued" | "cancelled" | "Waiting List" | "confirmed" | "refunded";

const styles: Record<string, BookingStatusStyle> = {
  cancel: "voided",
  TK: "voided",
  void: "voided",
  Voided: "voided",
  hold: "not-issued",
  UC: "cancelled",
  UN: "cancelled",
  waitList: "Waiting List",
  confirm: "confirmed",
  HK: "confirmed",
  GK: "confirmed",
  Open: "confirmed",
  "1": "confirmed",
  exchange: "confirmed",
  Confirmed: "confirmed",
  refund: "refunded",
};

const labels: Record<string, string> = {
  cancel: "Cancelled",
  void: "Unconfirmed",
  hold: "Hold",
  Voided: "Voided",
  waitList: "Waiting List",
  confirm: "Confirmed",
  exchange: "Confirmed",
  Confirmed: "Confirmed",
  refund: "Unconfirmed",
};

export function bookingStatusStyle(statusCode: string): BookingStatusStyle | undefined {
  return styles[statusCode];
}

export function bookingStatusLabel(statusCode: string): string | undefined {
  return labels[statusCode];
}
