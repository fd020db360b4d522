import type { Hotel, HotelRate, PricedHotelRate, StayOffer, SupplierHotelResult } from "../../../src/contract/hotels";

/** One hotel as every supplier that sells it offers it: merged on the shared hotel code. */
export interface MergedHotel {
  readonly hotel: Hotel;
  readonly supplierIds: readonly string[];
  readonly rates: readonly HotelRate[];
}

/** The suppliers' answers merged: each hotel once, with every supplier's rates, in the first supplier's order. */
export function mergeHotels(answers: readonly { readonly supplierId: string; readonly hotels: readonly SupplierHotelResult[] }[]): MergedHotel[] {
  const merged = new Map<string, { hotel: Hotel; supplierIds: string[]; rates: HotelRate[] }>();
  for (const answer of answers) {
    for (const result of answer.hotels) {
      const entry = merged.get(result.hotel.hotelCode);
      if (entry) {
        entry.supplierIds.push(answer.supplierId);
        entry.rates.push(...result.rates);
      } else {
        merged.set(result.hotel.hotelCode, { hotel: result.hotel, supplierIds: [answer.supplierId], rates: [...result.rates] });
      }
    }
  }
  return [...merged.values()];
}

const rateKind = (rate: HotelRate) => `${rate.supplierId}|${rate.roomIndex}|${rate.roomTypeCode}|${rate.boardBasis}|${rate.refundable ? "R" : "N"}`;

/**
 * Each supplier's cheapest rate per room, room type, board and refundability (a supplier may sell
 * several rate plans of one kind), cheapest first within each room. The console shows the
 * cheapest supplier's first; the rooms of one booking come from one supplier.
 */
export function cheapestRates(rates: readonly PricedHotelRate[]): PricedHotelRate[] {
  const best = new Map<string, PricedHotelRate>();
  for (const rate of rates) {
    const key = rateKind(rate);
    const current = best.get(key);
    if (!current || rate.price.total < current.price.total) best.set(key, rate);
  }
  return [...best.values()].sort((left, right) => left.roomIndex - right.roomIndex || left.price.total - right.price.total);
}

/**
 * For each board and refundability, the cheapest stay one supplier can sell for every room (the
 * sum of its cheapest rate of that kind per room), the cheapest supplier's, cheapest first.
 */
export function stayOffers(rates: readonly PricedHotelRate[], roomCount: number): StayOffer[] {
  const cheapest = new Map<string, number[]>();
  for (const rate of rates) {
    const key = `${rate.supplierId}|${rate.boardBasis}|${rate.refundable ? "R" : "N"}`;
    let perRoom = cheapest.get(key);
    if (!perRoom) cheapest.set(key, (perRoom = new Array<number>(roomCount).fill(Number.POSITIVE_INFINITY)));
    perRoom[rate.roomIndex] = Math.min(perRoom[rate.roomIndex]!, rate.price.total);
  }
  const best = new Map<string, StayOffer>();
  for (const [key, perRoom] of cheapest) {
    if (perRoom.some((price) => !Number.isFinite(price))) continue;
    const [, boardBasis, refundable] = key.split("|") as [string, StayOffer["boardBasis"], string];
    const offer = { boardBasis, refundable: refundable === "R", total: perRoom.reduce((sum, price) => sum + price, 0) };
    const kind = `${boardBasis}|${refundable}`;
    if (offer.total < (best.get(kind)?.total ?? Number.POSITIVE_INFINITY)) best.set(kind, offer);
  }
  return [...best.values()].sort((left, right) => left.total - right.total);
}

/**
 * Each supplier's cheapest rate per room, board and refundability, before pricing: everything a
 * markup rule can look at is the same within such a group and a markup never falls as the
 * price rises, so the cheapest before pricing is the cheapest after. The result list prices
 * only these.
 */
export function cheapestPerStayKind(rates: readonly HotelRate[]): HotelRate[] {
  const best = new Map<string, HotelRate>();
  for (const rate of rates) {
    const key = `${rate.supplierId}|${rate.roomIndex}|${rate.boardBasis}|${rate.refundable ? "R" : "N"}`;
    const current = best.get(key);
    if (!current || rate.net.amount < current.net.amount) best.set(key, rate);
  }
  return [...best.values()];
}
