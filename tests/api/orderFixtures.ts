import { expect } from "vitest";
import type { PlatformOrder } from "../../src/contract/orders";
import { pricedAirShoppingResponseSchema, type OrderPassenger, type PricedOffer } from "../../src/contract/shopping";
import { TITLES_BY_PASSENGER_TYPE } from "../../src/contract/travellerTitle";
import type { ApiTestClient, TestResponse } from "./apiClient";
import type { TestServer } from "./harness";

export const SEARCH = {
  originDestinations: [
    { origin: "LHR", destination: "JFK", departureDate: "2027-03-10" },
    { origin: "JFK", destination: "LHR", departureDate: "2027-03-17" },
  ],
  passengers: { ADT: 1, CHD: 1 },
};

export const CONTACT = { email: "booker@gulfhorizon.example", phoneCountryCode: "+965", phoneNumber: "22001234" };

const BIRTH_DATES = { ADT: "1985-03-02", YTH: "2005-01-01", CHD: "2017-05-05", INF: "2026-09-01" } as const;

export function passengersFor(offer: PricedOffer, lastName = "Traveller"): OrderPassenger[] {
  return offer.offerItems.flatMap((item) =>
    item.paxRefIds.map((paxId) => ({
      paxId,
      paxType: item.passengerType,
      salutation: TITLES_BY_PASSENGER_TYPE[item.passengerType][0]!,
      firstName: "Sam",
      lastName,
      dateOfBirth: BIRTH_DATES[item.passengerType],
      identificationType: "PT" as const,
      passportId: `P${paxId}X`,
      documentExpiryDate: "2031-01-01",
      recordLocator: null,
    })),
  );
}

export const referenceOf = (offer: PricedOffer) => ({
  supplierId: offer.supplierId,
  shoppingResponseId: offer.shoppingResponseId,
  offerId: offer.offerId,
  ownerCode: offer.ownerCode,
});

/** An offer of the supplier and fare brand (LIGHT, CLASSIC, FLEX) from a fresh search. */
export async function findOffer(client: ApiTestClient, supplierId: string, brand: string): Promise<PricedOffer> {
  const response = await client.post("/api/flights/search", SEARCH);
  expect(response.status, response.text).toBe(200);
  const { offers } = pricedAirShoppingResponseSchema.parse((response.body as { data: unknown }).data);
  const offer = offers.find((candidate) => candidate.supplierId === supplierId && candidate.fareBrand.code === brand);
  if (!offer) throw new Error(`No ${brand} offer from ${supplierId}.`);
  return offer;
}

let keyCounter = 0;
export const newKey = () => `test-key-${process.pid}-${Date.now()}-${(keyCounter += 1)}`;

export function book(client: ApiTestClient, offer: PricedOffer, payment: { paymentMethodId: number; card?: { holderName: string; token: string }; voucherCode?: string } | null, key = newKey(), lastName?: string): Promise<TestResponse> {
  return client.post(
    "/api/orders",
    {
      ...referenceOf(offer),
      passengers: passengersFor(offer, lastName),
      contact: CONTACT,
      isBookAndHold: payment === null,
      payment: payment === null ? null : { ...payment, card: payment.card ?? null },
    },
    { headers: { "idempotency-key": key } },
  );
}

export const DEPOSIT = { paymentMethodId: 1 };

export const orderOf = (response: TestResponse): PlatformOrder => {
  expect(response.status, response.text).toBe(200);
  return (response.body as { data: PlatformOrder }).data;
};

export async function signedIn(server: TestServer, username = "agent", password = "Agent#2026!"): Promise<ApiTestClient> {
  const client = server.client();
  await client.signIn(username, password);
  return client;
}

/** What the organisation (the demo agent's agency by default) has used of its credit line. */
export async function creditUsed(server: TestServer, organisationId = 3): Promise<number> {
  const row = await server.db.selectFrom("organisations").select("credit_used").where("id", "=", organisationId).executeTakeFirstOrThrow();
  return row.credit_used;
}
