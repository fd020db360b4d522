import { summarised } from "./summarised";
import type { HotelBooking, HotelRate } from "../../contract/hotels";
import type { PlatformOrder } from "../../contract/orders";

const usd = (amount: number) => ({ amount, currency: "USD" });
const kwd = (amount: number) => ({ amount, currency: "KWD" });

const policy = {
  refundable: true,
  timeZone: "Asia/Dubai",
  penalties: [
    { from: "2027-02-04T12:00", fromUtc: "2027-02-04T08:00:00.000Z", amount: usd(30_000) },
    { from: "2027-02-10T14:00", fromUtc: "2027-02-10T10:00:00.000Z", amount: usd(90_000) },
  ],
};

const rate = (roomIndex: number, adults: number, childAges: number[]): HotelRate => ({
  rateKey: `KEY${roomIndex}`,
  supplierId: "gulf-bedbank",
  roomIndex,
  occupancy: { adults, childAges },
  roomTypeCode: "DLX",
  roomName: "Deluxe Room",
  boardBasis: "BB",
  refundable: true,
  net: usd(45_000),
  taxesIncluded: usd(4_091),
  payAtProperty: { amount: 4_500, currency: "AED" },
  nights: 3,
  cancellationPolicy: policy,
  expiresAt: "2026-11-24T09:00:00.000Z",
  holdable: true,
});

const booking: HotelBooking = {
  supplierId: "gulf-bedbank",
  supplierName: "Gulf Bedbank (sandbox)",
  bookingId: "GB1A2B3C4D",
  confirmationNumber: "482913-3C4D",
  clientReference: "AGG-77",
  status: "confirm",
  hotel: {
    hotelCode: "H07A10012",
    name: "Pearl View Hotel & Spa",
    stars: 4,
    address: "12 Corniche Street, Dubai, United Arab Emirates",
    cityId: "AE-dubai",
    cityName: "Dubai",
    countryCode: "AE",
    latitude: 25.2,
    longitude: 55.3,
    distanceKm: 2.4,
    amenities: ["wifi", "pool"],
    timeZone: "Asia/Dubai",
    localCurrency: "AED",
  },
  checkIn: "2027-02-10",
  checkOut: "2027-02-13",
  nights: 3,
  rooms: [
    { rate: rate(0, 2, []), guests: [{ title: "Mr.", firstName: "Sam", lastName: "Guest" }, { title: "Mrs.", firstName: "Dana", lastName: "Guest" }], specialRequests: "High floor" },
    { rate: rate(1, 1, [7]), guests: [{ title: "Mr.", firstName: "Omar", lastName: "Guest" }, { title: "Master", firstName: "Ali", lastName: "Guest", age: 7 }], specialRequests: "" },
  ],
  contact: { email: "booker@gulfhorizon.example", phone: "+96522001234" },
  total: usd(90_000),
  holdUntil: null,
  cancellation: null,
  createdAt: "2026-11-24T08:00:00.000Z",
};

/** A confirmed two-room hotel order paid by deposit, for the hotel pages' unit tests. */
export const HOTEL_ORDER: PlatformOrder = summarised({
  id: 77,
  status: "confirm",
  organisationId: 3,
  userId: 2,
  bookedOnBehalf: null,
  supplierId: "gulf-bedbank",
  bookingReference: "GB1A2B3C4D",
  paymentMethodId: 1,
  currency: "KWD",
  total: 28_500,
  paid: 28_500,
  refunded: 0,
  paymentTimeLimit: null,
  passengerNames: "Sam Guest, Dana Guest, Omar Guest, Ali Guest",
  failure: null,
  createdAt: "2026-11-24T08:00:00.000Z",
  updatedAt: "2026-11-24T08:00:00.000Z",
  priceBreakdown: null,
  charge: null,
  supplierOrder: null,
  items: [
    {
      id: 90,
      kind: "hotel",
      supplierId: "gulf-bedbank",
      supplierReference: "GB1A2B3C4D",
      status: "confirm",
      total: kwd(28_500),
      priceBreakdown: { currency: "KWD", supplierPrice: usd(90_000), exchangeRate: "0.3075", base: 27_675, markups: [], markupTotal: 825, total: 28_500 },
      cancellationTerms: { ...policy, penalties: [{ ...policy.penalties[0]!, amount: kwd(9_500) }, { ...policy.penalties[1]!, amount: kwd(28_500) }] },
      hotel: booking,
      insurance: null,
      activity: null,
      visa: null,
      package: null,
      transfer: null,
    },
  ],
});
