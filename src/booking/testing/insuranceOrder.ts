import { summarised } from "./summarised";
import type { InsurancePolicy } from "../../contract/insurance";
import type { PlatformOrder } from "../../contract/orders";

const sar = (amount: number) => ({ amount, currency: "SAR" });
const eur = (units: number) => ({ amount: units * 100, currency: "EUR" });

/** A Schengen policy for two, sold alone: what GET /api/orders/{id} answers. */
export const SCHENGEN_POLICY: InsurancePolicy = {
  policyNumber: "GTT-SCHNGN-1A2B3C4D",
  clientReference: "AGG-77",
  status: "issued",
  issuedAt: "2026-11-24T09:00:00.000Z",
  cancelledAt: null,
  freeLookUntil: "2026-12-08",
  quote: {
    supplierId: "gulf-takaful-travel",
    quoteKey: "",
    expiresAt: "2026-11-24T09:30:00.000Z",
    plan: "SCHNGN",
    planName: "Schengen",
    product: "020107",
    benefit: "000000",
    destination: "FR",
    departureDate: "2027-03-01",
    returnDate: "2027-03-10",
    days: 10,
    travellers: [
      { dateOfBirth: "1996-05-20", age: 30, ageBand: "adult", premium: sar(8_223) },
      { dateOfBirth: "1950-02-01", age: 77, ageBand: "elder", premium: sar(24_669) },
    ],
    premium: sar(32_892),
    coverage: [
      { kind: "medical", limit: eur(50_000), excess: null },
      { kind: "tripCancellation", limit: null, excess: null },
    ],
    exclusions: ["Travel outside the Schengen area"],
    emergencyPhone: "+966 11 000 0000 (sandbox assistance line, 24 hours)",
    documents: [],
  },
  insured: [
    { firstName: "Lina", lastName: "Haddad", dateOfBirth: "1996-05-20", passportNumber: "K1234567" },
    { firstName: "Omar", lastName: "Haddad", dateOfBirth: "1950-02-01" },
  ],
};

export const INSURANCE_ORDER: PlatformOrder = summarised({
  id: 77,
  status: "confirm",
  organisationId: 3,
  userId: 4,
  bookedOnBehalf: null,
  supplierId: "gulf-takaful-travel",
  bookingReference: SCHENGEN_POLICY.policyNumber,
  paymentMethodId: 1,
  currency: "KWD",
  total: 2_700,
  paid: 2_700,
  refunded: 0,
  paymentTimeLimit: null,
  passengerNames: "Lina Haddad, Omar Haddad",
  failure: null,
  createdAt: "2026-11-24T09:00:00.000Z",
  updatedAt: "2026-11-24T09:00:00.000Z",
  priceBreakdown: null,
  charge: null,
  supplierOrder: null,
  items: [
    {
      id: 120,
      kind: "insurance",
      supplierId: "gulf-takaful-travel",
      supplierReference: SCHENGEN_POLICY.policyNumber,
      status: "confirm",
      total: { amount: 2_700, currency: "KWD" },
      priceBreakdown: null,
      cancellationTerms: null,
      hotel: null,
      insurance: SCHENGEN_POLICY,
      activity: null,
      visa: null,
      package: null,
      transfer: null,
    },
  ],
});
