import type { PricedOffer } from "../../contract/shopping";
import { sellingTotal } from "./resultsFilter";

/** Separate one-way tickets, one per leg, bought as separate bookings. */
export interface SplitTicket {
  offers: PricedOffer[];
  total: number;
  /** How much less than the cheapest through fare. */
  saving: number;
}

const CANDIDATES_PER_LEG = 3;
/** Two bookings instead of one are worth it from 1% cheaper. */
const MINIMUM_SAVING_PERCENT = 1;

/**
 * Combinations of one-way offers (one per leg, each leg searched on its own) that cost at least 1%
 * less than the cheapest offer covering every leg: the split tickets worth showing, cheapest first. Each
 * combination takes different offers, so its tickets are issued, changed and refunded apart.
 */
export function splitTickets(oneWayByLeg: readonly (readonly PricedOffer[])[], cheapestThrough: number | null, limit = 3): SplitTicket[] {
  if (oneWayByLeg.length < 2 || oneWayByLeg.some((offers) => offers.length === 0)) return [];
  const candidates = oneWayByLeg.map((offers) => [...offers].sort((left, right) => sellingTotal(left) - sellingTotal(right)).slice(0, CANDIDATES_PER_LEG));
  let combinations: PricedOffer[][] = [[]];
  for (const leg of candidates) combinations = combinations.flatMap((combination) => leg.map((offer) => [...combination, offer]));
  return combinations
    .map((offers) => {
      const total = offers.reduce((sum, offer) => sum + sellingTotal(offer), 0);
      return { offers, total, saving: cheapestThrough === null ? 0 : cheapestThrough - total };
    })
    .filter((split) => cheapestThrough === null || split.saving * 100 >= cheapestThrough * MINIMUM_SAVING_PERCENT)
    .sort((left, right) => left.total - right.total)
    .slice(0, limit);
}
