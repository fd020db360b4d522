import type { BoardBasis, PricedHotelRate } from "../../contract/hotels";

/** A priced hotel rate whose price is its supplier's net as is, for the hotel rules' unit tests. */
export function pricedHotelRate(supplierId: string, roomIndex: number, roomTypeCode: string, total: number, options: { boardBasis?: BoardBasis; refundable?: boolean; holdable?: boolean } = {}): PricedHotelRate {
  const { boardBasis = "BB", refundable = true, holdable = false } = options;
  const policy = { refundable, timeZone: "Asia/Dubai", penalties: [{ from: "2027-02-05T12:00", fromUtc: "2027-02-05T08:00:00.000Z", amount: { amount: total, currency: "USD" } }] };
  return {
    rateKey: `${supplierId}-${roomIndex}-${roomTypeCode}-${boardBasis}-${refundable}-${total}`,
    supplierId,
    supplierName: supplierId,
    roomIndex,
    occupancy: { adults: 2, childAges: [] },
    roomTypeCode,
    roomName: roomTypeCode,
    boardBasis,
    refundable,
    net: { amount: total, currency: "USD" },
    taxesIncluded: { amount: 0, currency: "USD" },
    payAtProperty: { amount: 0, currency: "AED" },
    nights: 2,
    cancellationPolicy: policy,
    agencyCancellationPolicy: { ...policy, penalties: policy.penalties.map((step) => ({ ...step, amount: { amount: total, currency: "KWD" } })) },
    expiresAt: "2027-01-01T00:30:00.000Z",
    holdable,
    price: { currency: "KWD", supplierPrice: { amount: total, currency: "USD" }, exchangeRate: null, base: total, markups: [], markupTotal: 0, total },
  };
}
