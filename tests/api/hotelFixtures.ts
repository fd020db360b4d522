import { expect } from "vitest";
import { hotelRatesResponseSchema, hotelSearchResponseSchema, type HotelBooking, type HotelRatesResponse, type HotelSearchResponse, type PricedHotelRate } from "../../src/contract/hotels";
import type { InsuranceSelection } from "../../src/contract/insurance";
import type { ApiTestClient, TestResponse } from "./apiClient";
import type { PlatformOrder } from "../../src/contract/orders";
import { newKey, orderOf } from "./orderFixtures";

/** Two rooms in Dubai: two adults, and one adult with a child of seven (the journey). */
export const DUBAI_STAY = {
  cityId: "AE-dubai",
  checkIn: "2027-02-10",
  checkOut: "2027-02-13",
  rooms: [{ adults: 2, childAges: [] }, { adults: 1, childAges: [7] }],
  nationality: "KW",
};

export async function searchHotels(client: ApiTestClient, request: object = DUBAI_STAY): Promise<HotelSearchResponse> {
  const response = await client.post("/api/hotels/search", request);
  expect(response.status, response.text).toBe(200);
  return hotelSearchResponseSchema.parse((response.body as { data: unknown }).data);
}

export async function ratesOf(client: ApiTestClient, hotelCode: string, stay = DUBAI_STAY): Promise<HotelRatesResponse> {
  const { cityId: _city, ...rest } = stay;
  const response = await client.post("/api/hotels/rates", { ...rest, hotelCode });
  expect(response.status, response.text).toBe(200);
  return hotelRatesResponseSchema.parse((response.body as { data: unknown }).data);
}

/** One rate per room from one supplier, matching the test (e.g. refundable and holdable): the cheapest such set. */
export function pickRooms(rates: HotelRatesResponse, accept: (rate: PricedHotelRate) => boolean): { supplierId: string; rates: PricedHotelRate[] } | undefined {
  const suppliers = new Set(rates.rooms.flatMap((room) => room.rates.map((rate) => rate.supplierId)));
  for (const supplierId of suppliers) {
    const chosen = rates.rooms.map((room) => room.rates.find((rate) => rate.supplierId === supplierId && accept(rate)));
    if (chosen.every((rate) => rate !== undefined)) return { supplierId, rates: chosen as PricedHotelRate[] };
  }
  return undefined;
}

/** A hotel of the search whose rooms the test accepts, with its picked rates. */
export async function findRooms(client: ApiTestClient, search: HotelSearchResponse, accept: (rate: PricedHotelRate) => boolean, stay = DUBAI_STAY) {
  for (const summary of search.hotels.slice(0, 40)) {
    const picked = pickRooms(await ratesOf(client, summary.hotel.hotelCode, stay), accept);
    if (picked) return { hotel: summary.hotel, ...picked };
  }
  throw new Error("No hotel has rooms the test accepts.");
}

const guestsFor = (rate: PricedHotelRate, lastName: string) => [
  ...Array.from({ length: rate.occupancy.adults }, (_, index) => ({ title: index === 0 ? "Mr." : "Mrs.", firstName: index === 0 ? "Sam" : "Dana", lastName })),
  ...rate.occupancy.childAges.map((age) => ({ title: "Master", firstName: "Ali", lastName, age })),
];

export function bookRooms(
  client: ApiTestClient,
  picked: { supplierId: string; rates: PricedHotelRate[] },
  payment: { paymentMethodId: number; card?: { holderName: string; token: string } } | null,
  options: { key?: string; lastName?: string; expectedTotal?: { amount: number; currency: string }; insurance?: InsuranceSelection } = {},
): Promise<TestResponse> {
  const total = { amount: picked.rates.reduce((sum, rate) => sum + rate.price.total, 0), currency: picked.rates[0]!.price.currency };
  return client.post(
    "/api/hotels/book",
    {
      supplierId: picked.supplierId,
      rooms: picked.rates.map((rate) => ({ rateKey: rate.rateKey, guests: guestsFor(rate, options.lastName ?? "Guest"), specialRequests: "Late arrival" })),
      contact: { email: "booker@gulfhorizon.example", phone: "+96522001234" },
      payment: payment && { paymentMethodId: payment.paymentMethodId, card: payment.card ?? null },
      isBookAndHold: payment === null,
      expectedTotal: options.expectedTotal ?? total,
      insurance: options.insurance,
    },
    { headers: { "idempotency-key": options.key ?? newKey() } },
  );
}

/** The stay a hotel order booked. */
export const hotelOf = (order: PlatformOrder): HotelBooking => order.items[0]!.hotel!;

/**
 * Cancels a hotel order inside its free cancellation: the quote keeps nothing and gives the agency
 * everything back, the order and its stay end cancelled. Answers the cancelled order.
 */
export async function cancelInFull(client: ApiTestClient, order: PlatformOrder): Promise<PlatformOrder> {
  const quote = await client.post(`/api/orders/${order.id}/cancel-quote`, {});
  expect(quote.body).toMatchObject({ data: { quote: { penalty: { amount: 0 } }, refundToAgency: { amount: order.total, currency: order.currency } } });
  const cancelled = orderOf(await client.post(`/api/orders/${order.id}/cancel`, {}, { headers: { "idempotency-key": newKey() } }));
  expect(cancelled).toMatchObject({ status: "cancel", refunded: order.total });
  expect(hotelOf(cancelled).status).toBe("cancel");
  return cancelled;
}
