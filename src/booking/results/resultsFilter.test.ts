import { describe, expect, it } from "vitest";
import { journey, segment } from "../../../server/pricing/testFixtures";
import type { PricedOffer } from "../../contract/shopping";
import { PRICED_OFFER } from "../testing/pricedOffer";
import {
  NO_FILTERS,
  airlineMatrix,
  faresForItinerary,
  filterOffers,
  filtersInUse,
  journeyKey,
  legOptions,
  priceBounds,
  sortOffers,
} from "./resultsFilter";

const AIRLINES = ["BA", "LH", "UA", "KU", "EK"];

/** Offer n: airline, stops, departure hour, fare brand and price all vary with n. */
function generated(n: number): PricedOffer {
  const owner = AIRLINES[n % AIRLINES.length]!;
  const hour = String(6 + (n % 17)).padStart(2, "0");
  const flight = (from: string, to: string, time: string, number: number) =>
    segment(from, to, time, {
      paxSegmentID: `S${n}-${number}`,
      marketingCarrier: { designatorCode: owner, name: owner, flightNumber: String(100 + (n % 40)), rbdCode: "Q", rbdName: "Economy" },
    });
  const outbound = n % 3 === 0 ? [flight("KWI", "FRA", `2026-12-10T${hour}:00`, 1), flight("FRA", "LHR", `2026-12-10T${hour}:30`, 2)] : [flight("KWI", "LHR", `2026-12-10T${hour}:00`, 1)];
  const total = 100_000 + ((n * 7_919) % 400_000);
  return {
    ...PRICED_OFFER,
    offerId: `O${n}`,
    ownerCode: owner,
    ownerName: `Airline ${owner}`,
    supplierId: n % 2 ? "ba-ndc" : "travelfusion",
    fareFamilyCode: n % 4 ? "F01" : "F02",
    fareBrand: { ...PRICED_OFFER.fareBrand, checkedBaggage: { pieces: n % 2, weightKg: (n % 2) * 23 } },
    journeys: [
      { ...journey(`J${n}a`, ...outbound), duration: n % 3 === 0 ? "PT9H" : "PT6H30M" },
      journey(`J${n}b`, flight("LHR", "KWI", "2026-12-17T21:30", 3)),
    ],
    priceBreakdown: { ...PRICED_OFFER.priceBreakdown, totals: { ...PRICED_OFFER.priceBreakdown.totals, total } },
  };
}

const OFFERS = Array.from({ length: 2_000 }, (_, n) => generated(n));

describe("results filters", () => {
  it("filters by stops, airline letter and list, supplier, fare family, baggage, price and time windows", () => {
    expect(filterOffers(OFFERS, { ...NO_FILTERS, stops: [1] }, 0).every((offer) => offer.journeys[0]!.segments.length === 2)).toBe(true);
    expect(new Set(filterOffers(OFFERS, { ...NO_FILTERS, airlineLetter: "K" }, 0).map((offer) => offer.ownerCode))).toEqual(new Set(["KU"]));
    expect(filterOffers(OFFERS, { ...NO_FILTERS, airlines: ["UA", "EK"] }, 0)).toHaveLength(800);
    expect(filterOffers(OFFERS, { ...NO_FILTERS, suppliers: ["travelfusion"] }, 0)).toHaveLength(1_000);
    expect(filterOffers(OFFERS, { ...NO_FILTERS, fareFamilies: ["F02"] }, 0)).toHaveLength(500);
    expect(filterOffers(OFFERS, { ...NO_FILTERS, baggageIncluded: true }, 0)).toHaveLength(1_000);
    const cheap = filterOffers(OFFERS, { ...NO_FILTERS, price: [100_000, 150_000] }, 0);
    expect(cheap.every((offer) => offer.priceBreakdown.totals.total <= 150_000)).toBe(true);
    const mornings = filterOffers(OFFERS, { ...NO_FILTERS, departureHours: [6, 9] }, 0);
    expect(mornings.every((offer) => Number(offer.journeys[0]!.segments[0]!.departure.dateTime.slice(11, 13)) <= 9)).toBe(true);
    expect(mornings.length).toBeGreaterThan(0);
  });

  it("knows when a filter is in use, to say so on the phone's filters button", () => {
    expect(filtersInUse(NO_FILTERS)).toBe(false);
    expect(filtersInUse({ ...NO_FILTERS, stops: [] })).toBe(false);
    expect(filtersInUse({ ...NO_FILTERS, departureHours: [6, 24] })).toBe(true);
    expect(filtersInUse({ ...NO_FILTERS, baggageIncluded: true })).toBe(true);
  });

  it("sorts by price, duration, departure, and recommended with the priority airlines first", () => {
    const byPrice = sortOffers(OFFERS, "price", 0).map((offer) => offer.priceBreakdown.totals.total);
    expect(byPrice).toEqual([...byPrice].sort((left, right) => left - right));
    expect(sortOffers(OFFERS, "duration", 0)[0]!.journeys[0]!.duration).toBe("PT6H30M");
    expect(sortOffers(OFFERS, "departure", 0)[0]!.journeys[0]!.segments[0]!.departure.dateTime.slice(11, 13)).toBe("06");
    const recommended = sortOffers(OFFERS, "recommended", 0);
    expect(recommended[0]!.ownerCode).toBe("UA");
    expect(recommended[400]!.ownerCode).not.toBe("UA");
  });

  it("groups a leg's journeys under the journeys chosen before, then lists the itinerary's fares", () => {
    const sorted = sortOffers(OFFERS, "price", 0);
    const outbound = legOptions(sorted, 0, []);
    const first = outbound[0]!;
    expect(first.offers.every((offer) => journeyKey(offer.journeys[0]!) === first.key)).toBe(true);
    const inbound = legOptions(sorted, 1, [first.key]);
    expect(inbound.flatMap((option) => option.offers).every((offer) => journeyKey(offer.journeys[0]!) === first.key)).toBe(true);
    const fares = faresForItinerary(OFFERS, [first.key, inbound[0]!.key]);
    expect(fares.length).toBeGreaterThan(0);
    expect(fares.map((offer) => offer.priceBreakdown.totals.total)).toEqual([...fares.map((offer) => offer.priceBreakdown.totals.total)].sort((a, b) => a - b));
  });

  it("builds the airline-by-stops matrix with the cheapest price per cell, and the price bounds", () => {
    const { airlines, cheapest } = airlineMatrix(OFFERS, 0);
    expect(airlines.map((airline) => airline.code)).toEqual(["BA", "EK", "KU", "LH", "UA"]);
    const baDirect = OFFERS.filter((offer) => offer.ownerCode === "BA" && offer.journeys[0]!.segments.length === 1).map((offer) => offer.priceBreakdown.totals.total);
    expect(cheapest.get("BA:0")).toBe(Math.min(...baDirect));
    expect(priceBounds([])).toBeNull();
  });

  it("filters and sorts 2,000 offers well inside a frame", () => {
    const started = performance.now();
    for (let round = 0; round < 10; round += 1) {
      legOptions(sortOffers(filterOffers(OFFERS, { ...NO_FILTERS, stops: [0, 1], baggageIncluded: round % 2 === 0 }, 0), "price", 0), 0, []);
    }
    expect((performance.now() - started) / 10).toBeLessThan(50);
  });
});
