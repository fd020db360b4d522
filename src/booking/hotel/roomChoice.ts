import type { PricedHotelRate } from "../../contract/hotels";
import { freeCancellationUntil } from "../../contract/hotelCancellation";

/**
 * Choosing rooms on the hotel page: the rooms of one booking come from one supplier, so once a
 * room is chosen the others offer that supplier's rates; until then each kind of rate (room
 * type, board, refundability) shows the cheapest supplier's.
 */

const kindOf = (rate: PricedHotelRate) => `${rate.roomTypeCode}|${rate.boardBasis}|${rate.refundable ? "R" : "N"}`;

/**
 * The rates to show for a room: the locked supplier's, or the cheapest of each kind; grouped by
 * room type (the cheapest room type first), cheapest first within it.
 */
export function roomOptions(rates: readonly PricedHotelRate[], lockedSupplier: string | null): PricedHotelRate[] {
  const best = new Map<string, PricedHotelRate>();
  for (const rate of rates) {
    if (lockedSupplier !== null && rate.supplierId !== lockedSupplier) continue;
    const current = best.get(kindOf(rate));
    if (!current || rate.price.total < current.price.total) best.set(kindOf(rate), rate);
  }
  const byPrice = [...best.values()].sort((left, right) => left.price.total - right.price.total);
  const typeOrder = new Map<string, number>();
  for (const rate of byPrice) if (!typeOrder.has(rate.roomTypeCode)) typeOrder.set(rate.roomTypeCode, typeOrder.size);
  return byPrice.sort((left, right) => typeOrder.get(left.roomTypeCode)! - typeOrder.get(right.roomTypeCode)! || left.price.total - right.price.total);
}

/** How many rows the room type cell of each row spans (0: covered by the row above), for options grouped by room type. */
export const roomTypeSpans = (options: readonly PricedHotelRate[]): number[] =>
  options.map((rate, index) => {
    if (index > 0 && options[index - 1]!.roomTypeCode === rate.roomTypeCode) return 0;
    let span = 1;
    while (options[index + span]?.roomTypeCode === rate.roomTypeCode) span += 1;
    return span;
  });

/** The supplier the chosen rooms lock the others to, if any room is chosen. */
export const lockedSupplierOf = (chosen: readonly (PricedHotelRate | undefined)[]): string | null => chosen.find((rate) => rate !== undefined)?.supplierId ?? null;

/**
 * Choosing `rate` for room `roomIndex`: a rate of another supplier than the rooms chosen so far
 * starts the choice again from this room (the others must be chosen again from its supplier).
 * A rate the supplier sells only for the whole stay is chosen for every room at once, from each
 * room's rates (`roomRates`, by room index); a room chosen on another of its whole-stay rates is
 * chosen again.
 */
export function chooseRate(chosen: readonly (PricedHotelRate | undefined)[], roomIndex: number, rate: PricedHotelRate, roomRates: readonly (readonly PricedHotelRate[])[] = []): (PricedHotelRate | undefined)[] {
  // Dense, so that a room chosen before the ones above it leaves no hole (holes escape map and some).
  const length = Math.max(chosen.length, roomIndex + 1, roomRates.length);
  const others = Array.from({ length }, (_, index) => (index === roomIndex ? undefined : chosen[index]));
  const locked = lockedSupplierOf(others);
  const next = locked !== null && locked !== rate.supplierId ? others.map(() => undefined) : [...others];
  next[roomIndex] = rate;
  if (rate.stayRateId === undefined) return next;
  return next.map((current, index) => {
    const sameStay = roomRates[index]?.find((candidate) => candidate.stayRateId === rate.stayRateId);
    if (sameStay) return sameStay;
    return current?.stayRateId !== undefined && current.stayRateId !== rate.stayRateId ? undefined : current;
  });
}

/** The stay's total once every room is chosen, else null. */
export function chosenTotal(chosen: readonly (PricedHotelRate | undefined)[], roomCount: number): { amount: number; currency: string } | null {
  const rooms = Array.from({ length: roomCount }, (_, index) => chosen[index]);
  if (rooms.some((rate) => rate === undefined)) return null;
  const rates = rooms as PricedHotelRate[];
  return { amount: rates.reduce((sum, rate) => sum + rate.price.total, 0), currency: rates[0]!.price.currency };
}

/** Whether every chosen room can be held unpaid (until the earliest deadline). */
export const canHold = (rates: readonly PricedHotelRate[], now: Date) => rates.length > 0 && rates.every((rate) => rate.holdable && freeCancellationUntil(rate.cancellationPolicy, now) !== null);
