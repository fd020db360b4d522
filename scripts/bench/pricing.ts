import { benchMarkupEngine } from "../../server/pricing/bench";
import { goal, ms, type BenchRow } from "./stats";

const RULES = 10_000;
const OFFERS = 1_000;
/** Issue 17's goal for a search's pricing. */
const SEARCH_GOAL_MS = 20;

/** Issue 4: the markup engine, in memory, over sandbox offers and a synthetic rule book. */
export async function benchPricing(): Promise<BenchRow[]> {
  const figures = benchMarkupEngine(RULES, OFFERS);
  const label = `(${RULES.toLocaleString("en")} rules, ${OFFERS.toLocaleString("en")} offers per search)`;
  return [
    { area: "pricing", metric: `markup engine offers priced/s ${label}`, value: figures.offersPerSecond.toFixed(0) },
    { area: "pricing", metric: `markup engine, an agency's first search of the day ${label}`, value: ms(figures.firstSearchMs) },
    {
      area: "pricing",
      metric: `markup engine, per search ${label}`,
      value: ms(figures.searchMs),
      budget: goal(figures.searchMs <= SEARCH_GOAL_MS, `<= ${SEARCH_GOAL_MS} ms`),
    },
  ];
}
