import type { BoardBasis, HotelAmenity, HotelSummary } from "../../contract/hotels";

/** The result list's filters; an empty list means "any". */
export interface HotelFilters {
  /** The most a stay may cost, in minor units of the selling currency; null: no limit. */
  readonly maxPrice: number | null;
  readonly stars: readonly number[];
  readonly boards: readonly BoardBasis[];
  readonly refundableOnly: boolean;
  readonly suppliers: readonly string[];
  /** Every one listed must be there. */
  readonly amenities: readonly HotelAmenity[];
  readonly name: string;
}

export const NO_HOTEL_FILTERS: HotelFilters = { maxPrice: null, stars: [], boards: [], refundableOnly: false, suppliers: [], amenities: [], name: "" };

export const HOTEL_SORTS = ["recommended", "price", "stars", "distance"] as const;
export type HotelSort = (typeof HOTEL_SORTS)[number];

/** A hotel as the list shows it: the cheapest stay that meets the board and refundability filters. */
export interface HotelRow {
  readonly summary: HotelSummary;
  readonly price: number;
  readonly boardBasis: BoardBasis;
  readonly refundable: boolean;
  /** Whether some stay of it can be cancelled free (shown as a badge whatever the filters). */
  readonly freeCancellation: boolean;
}

function rowOf(summary: HotelSummary, filters: HotelFilters, boards: ReadonlySet<string>): HotelRow | null {
  let best: HotelSummary["stayOffers"][number] | null = null;
  for (const offer of summary.stayOffers) {
    if (filters.refundableOnly && !offer.refundable) continue;
    if (boards.size > 0 && !boards.has(offer.boardBasis)) continue;
    if (best === null || offer.total < best.total) best = offer;
  }
  if (best === null) return null;
  return { summary, price: best.total, boardBasis: best.boardBasis, refundable: best.refundable, freeCancellation: summary.stayOffers.some((offer) => offer.refundable) };
}

/**
 * Recommended: a good price for its stars, near the centre (each 10 km counts as a fifth more),
 * with free cancellation and more than one supplier (a firmer price) ahead.
 */
const recommendation = (row: HotelRow) =>
  (row.price / row.summary.hotel.stars) * (1 + row.summary.hotel.distanceKm / 50) * (row.freeCancellation ? 0.9 : 1) * (row.summary.supplierIds.length > 1 ? 0.95 : 1);

const SORTERS: Record<HotelSort, (left: HotelRow, right: HotelRow) => number> = {
  recommended: (left, right) => recommendation(left) - recommendation(right) || left.price - right.price,
  price: (left, right) => left.price - right.price,
  stars: (left, right) => right.summary.hotel.stars - left.summary.hotel.stars || left.price - right.price,
  distance: (left, right) => left.summary.hotel.distanceKm - right.summary.hotel.distanceKm || left.price - right.price,
};

/** The hotels that pass every filter, each with the price it is shown at, in the chosen order. */
export function filterHotels(hotels: readonly HotelSummary[], filters: HotelFilters, sort: HotelSort): HotelRow[] {
  const boards = new Set<string>(filters.boards);
  const stars = new Set(filters.stars);
  const suppliers = new Set(filters.suppliers);
  const name = filters.name.trim().toLocaleLowerCase();
  const rows: HotelRow[] = [];
  for (const summary of hotels) {
    const { hotel } = summary;
    if (stars.size > 0 && !stars.has(hotel.stars)) continue;
    if (suppliers.size > 0 && !summary.supplierIds.some((supplierId) => suppliers.has(supplierId))) continue;
    if (filters.amenities.some((amenity) => !hotel.amenities.includes(amenity))) continue;
    if (name !== "" && !hotel.name.toLocaleLowerCase().includes(name)) continue;
    const row = rowOf(summary, filters, boards);
    if (row === null || (filters.maxPrice !== null && row.price > filters.maxPrice)) continue;
    rows.push(row);
  }
  return rows.sort(SORTERS[sort]);
}

/** The price range of the results, for the price slider. */
export function priceRange(hotels: readonly HotelSummary[]): { min: number; max: number } | null {
  let min = Number.POSITIVE_INFINITY;
  let max = 0;
  for (const summary of hotels) {
    for (const offer of summary.stayOffers) {
      min = Math.min(min, offer.total);
      max = Math.max(max, offer.total);
    }
  }
  return Number.isFinite(min) ? { min, max } : null;
}

export const isFiltered = (filters: HotelFilters) =>
  filters.maxPrice !== null || filters.stars.length + filters.boards.length + filters.suppliers.length + filters.amenities.length > 0 || filters.refundableOnly || filters.name.trim() !== "";
