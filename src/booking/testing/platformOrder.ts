import type { PlatformOrder } from "../../contract/orders";
import { PRICED_OFFER } from "./pricedOffer";

const kwd = (amount: number) => ({ amount, currency: "KWD" });

/** A ticketed deposit order of PRICED_OFFER's flights for two adults, for the booking pages' unit tests. */
export const TICKETED_ORDER: PlatformOrder = {
  id: 41,
  status: "confirm",
  organisationId: 3,
  userId: 2,
  supplierId: "ba-ndc",
  bookingReference: "X7K2PQ",
  paymentMethodId: 1,
  currency: "KWD",
  total: 403_703,
  paid: 403_703,
  refunded: 0,
  paymentTimeLimit: null,
  passengerNames: "John Smith, Sara Smith",
  failure: null,
  createdAt: "2026-11-22T10:00:00.000Z",
  updatedAt: "2026-11-22T10:00:00.000Z",
  priceBreakdown: PRICED_OFFER.priceBreakdown,
  charge: { fare: kwd(394_100), services: kwd(9_603), seats: kwd(0), total: kwd(403_703) },
  items: [
    {
      id: 41,
      kind: "flight",
      supplierId: "ba-ndc",
      supplierReference: "X7K2PQ",
      status: "confirm",
      total: kwd(403_703),
      priceBreakdown: PRICED_OFFER.priceBreakdown,
      cancellationTerms: null,
      hotel: null,
      insurance: null,
    },
  ],
  supplierOrder: {
    orderId: "BA-ORD-1",
    bookingReference: "X7K2PQ",
    supplierId: "ba-ndc",
    ownerCode: "BA",
    status: "confirm",
    createdAt: "2026-11-22T10:00:00.000Z",
    paymentTimeLimit: null,
    ticketedAt: "2026-11-22T10:00:01.000Z",
    passengers: [
      { paxId: "PAX1", paxType: "ADT", salutation: "Mr.", firstName: "John", lastName: "Smith", dateOfBirth: "1980-05-01", identificationType: "PT", passportId: "P1234567", documentExpiryDate: "2030-01-01", recordLocator: null },
      { paxId: "PAX2", paxType: "ADT", salutation: "Mrs.", firstName: "Sara", lastName: "Smith", dateOfBirth: "1982-07-09", identificationType: "PT", passportId: "P7654321", documentExpiryDate: "2030-01-01", recordLocator: null },
    ],
    contact: { email: "john@example.com", phoneCountryCode: "+965", phoneNumber: "50001234" },
    journeys: PRICED_OFFER.journeys,
    fareFamilyCode: "F01",
    fareCode: "70J",
    fareBrand: PRICED_OFFER.fareBrand,
    orderItems: [{ orderItemId: "OI1", passengerType: "ADT", paxRefIds: ["PAX1", "PAX2"], unitPrice: PRICED_OFFER.offerItems[0]!.unitPrice }],
    services: [{ serviceDefinitionID: "BAG23", paxId: "PAX1", paxSegmentID: "S1", quantity: 1, kind: "baggage", name: "Extra bag 23 kg", price: { amount: 2_500, currency: "GBP" } }],
    seats: [],
    tickets: [
      { ticketNumber: "1251234567890", paxId: "PAX1", issuedAt: "2026-11-22T10:00:01.000Z" },
      { ticketNumber: "1251234567891", paxId: "PAX2", issuedAt: "2026-11-22T10:00:01.000Z" },
    ],
    totals: { fare: PRICED_OFFER.totalPrice, services: { amount: 2_500, currency: "GBP" }, seats: { amount: 0, currency: "GBP" }, total: { amount: 2_500, currency: "GBP" } },
    amountPaid: kwd(403_703),
    amountRefunded: kwd(0),
  },
};
