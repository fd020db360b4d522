import { benchMarkupEngine } from "../../server/pricing/bench";
import type { BenchRow } from "./stats";

const RULES = 10_000;
const OFFERS = 1_000;

/** Issue 4: the markup engine, in memory, over sandbox offers and a synthetic rule book. */
export async function benchPricing(): Promise<BenchRow[]> {
  const offersPerSecond = benchMarkupEngine(RULES, OFFERS);
  return [{ area: "pricing", metric: `markup engine offers priced/s (${RULES} rules, ${OFFERS} offers per search)`, value: offersPerSecond.toFixed(0) }];
}
