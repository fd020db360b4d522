import { describe, expect, it } from "vitest";
import type { PricedOffer } from "../../contract/shopping";
import { PRICED_OFFER } from "../testing/pricedOffer";
import { splitTickets } from "./splitTickets";

const offer = (offerId: string, total: number): PricedOffer => ({
  ...PRICED_OFFER,
  offerId,
  priceBreakdown: { ...PRICED_OFFER.priceBreakdown, totals: { ...PRICED_OFFER.priceBreakdown.totals, total } },
});

describe("split tickets", () => {
  const outbound = [offer("O1", 120_000), offer("O2", 90_000), offer("O3", 150_000), offer("O4", 200_000)];
  const inbound = [offer("R1", 80_000), offer("R2", 100_000)];

  it("combines the cheapest one-way offers of each leg that beat the cheapest through fare", () => {
    const splits = splitTickets([outbound, inbound], 200_000);
    expect(splits.map((split) => split.offers.map((entry) => entry.offerId))).toEqual([["O2", "R1"], ["O2", "R2"]]);
    expect(splits[0]).toMatchObject({ total: 170_000, saving: 30_000 });
  });

  it("shows nothing when a leg has no one-way offer, for one leg, or when no split is cheaper", () => {
    expect(splitTickets([outbound, []], 200_000)).toEqual([]);
    expect(splitTickets([outbound], 200_000)).toEqual([]);
    expect(splitTickets([outbound, inbound], 150_000)).toEqual([]);
    // 170,000 against 171,000 saves under 1%: not worth two bookings.
    expect(splitTickets([outbound, inbound], 171_000)).toEqual([]);
  });

  it("offers the cheapest splits when there is no through fare at all", () => {
    expect(splitTickets([outbound, inbound], null, 1)[0]).toMatchObject({ total: 170_000, saving: 0 });
  });
});
