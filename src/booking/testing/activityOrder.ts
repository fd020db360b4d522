import { summarised } from "./summarised";
import type { ActivityBooking } from "../../contract/activities";
import type { PlatformOrder } from "../../contract/orders";
import { activitySummary } from "./activityResults";

const terms = {
  refundable: true,
  timeZone: "Asia/Dubai",
  penalties: [{ from: "2027-02-09T15:00", fromUtc: "2027-02-09T11:00:00.000Z", amount: { amount: 45_000, currency: "KWD" } }],
};

/** A desert safari for three booked by deposit: what GET /api/orders/{id} answers. */
export const SAFARI_BOOKING: ActivityBooking = {
  supplierId: "desert-city-experiences",
  supplierName: "Desert & City Experiences (sandbox)",
  bookingId: "DC1A2B3C4D",
  clientReference: "AGG-88",
  status: "confirm",
  voucherCode: "1A2B-482913",
  activity: activitySummary("A00F00004", { name: "Dubai Evening Desert Safari with BBQ Dinner", category: "desertSafari", minutes: 360 }).activity,
  optionCode: "SHARED",
  optionName: "Shared group",
  date: "2027-02-10",
  time: "15:00",
  language: "English",
  participants: { adults: 2, children: 1, infants: 0 },
  travellers: [
    { firstName: "Sam", lastName: "Guest", band: "adult" },
    { firstName: "Dana", lastName: "Guest", band: "adult" },
    { firstName: "Ali", lastName: "Guest", band: "child" },
  ],
  contact: { email: "sam@example.com", phone: "+96522001234" },
  total: { amount: 60_000, currency: "AED" },
  cancellationPolicy: { ...terms, penalties: [{ ...terms.penalties[0]!, amount: { amount: 60_000, currency: "AED" } }] },
  cancellation: null,
  createdAt: "2026-11-24T08:00:00.000Z",
};

export const ACTIVITY_ORDER: PlatformOrder = summarised({
  id: 88,
  status: "confirm",
  organisationId: 3,
  userId: 4,
  bookedOnBehalf: null,
  supplierId: "desert-city-experiences",
  bookingReference: "DC1A2B3C4D",
  paymentMethodId: 1,
  currency: "KWD",
  total: 45_000,
  paid: 45_000,
  refunded: 0,
  paymentTimeLimit: null,
  passengerNames: "Sam Guest, Dana Guest, Ali Guest",
  failure: null,
  createdAt: "2026-11-24T08:00:00.000Z",
  updatedAt: "2026-11-24T08:00:00.000Z",
  priceBreakdown: null,
  charge: null,
  supplierOrder: null,
  items: [
    {
      id: 130,
      kind: "activity",
      supplierId: "desert-city-experiences",
      supplierReference: "DC1A2B3C4D",
      status: "confirm",
      total: { amount: 45_000, currency: "KWD" },
      priceBreakdown: null,
      cancellationTerms: terms,
      hotel: null,
      insurance: null,
      activity: SAFARI_BOOKING,
      visa: null,
      package: null,
      transfer: null,
    },
  ],
});
