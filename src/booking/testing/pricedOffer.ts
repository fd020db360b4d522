import { journey, offer, segment } from "../../../server/pricing/testFixtures";
import type { PricedOffer, ServiceDefinition } from "../../contract/shopping";

const markup = (amount: number) => ({ ruleId: 1, ruleName: "Agency", layer: "agency" as const, amount });

/**
 * A GBP return offer KWI-LHR-KWI sold in KWD at 0.3841 (2 adults, 1 child, 1 infant), for the
 * booking pages' unit tests.
 */
export const PRICED_OFFER: PricedOffer = {
  ...offer({
    journeys: [
      journey("J1", segment("KWI", "LHR", "2026-12-10T08:00", { paxSegmentID: "S1" })),
      journey("J2", segment("LHR", "KWI", "2026-12-17T21:30", { paxSegmentID: "S2" })),
    ],
  }),
  priceBreakdown: {
    currency: "KWD",
    supplierPrice: offer().totalPrice,
    exchangeRate: "0.3841",
    items: [
      { offerItemId: "OI1", passengerType: "ADT", passengerCount: 2, base: 153_640, taxes: 38_410, markups: [markup(5_000)], unitTotal: 197_050 },
      { offerItemId: "OI2", passengerType: "CHD", passengerCount: 1, base: 115_230, taxes: 38_410, markups: [], unitTotal: 153_640 },
      { offerItemId: "OI3", passengerType: "INF", passengerCount: 1, base: 15_364, taxes: 3_841, markups: [], unitTotal: 19_205 },
    ],
    bookingMarkups: [markup(2_500)],
    totals: { base: 437_874, taxes: 119_071, markups: 12_500, total: 569_445 },
  },
};

const gbp = (amount: number) => ({ amount, currency: "GBP" });

/** A 23 kg bag sold on both segments for adults and children; a vegetarian meal on the first only. */
export const SERVICES: ServiceDefinition[] = [
  {
    serviceDefinitionID: "BAG23",
    kind: "baggage",
    code: "XBAG",
    name: "Extra bag 23 kg",
    description: "One more checked bag",
    baggage: { pieces: 1, weightKg: 23 },
    maximumQuantity: 1,
    prices: ["S1", "S2"].flatMap((paxSegmentID) =>
      (["ADT", "CHD"] as const).map((passengerType) => ({ paxSegmentID, passengerType, price: gbp(2_500) })),
    ),
  },
  {
    serviceDefinitionID: "VGML",
    kind: "meals",
    code: "VGML",
    name: "Vegetarian meal",
    description: "Vegan vegetarian",
    baggage: null,
    maximumQuantity: 1,
    prices: [{ paxSegmentID: "S1", passengerType: "ADT", price: gbp(1_000) }],
  },
];
