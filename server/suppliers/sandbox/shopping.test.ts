import { describe, expect, it } from "vitest";
import {
  airShoppingRequestSchema,
  airShoppingResponseSchema,
  type AirShoppingRequestInput,
  type Offer,
} from "../../../src/contract/shopping";
import { findAirport } from "./airportDirectory";
import { blockMinutes, greatCircleKm, isoDuration } from "./flightTime";
import { BA_NDC, LUFTHANSA_GROUP_NDC, TRAVELFUSION, type SandboxSupplierProfile } from "./profiles";
import { SandboxSupplier } from "./sandboxSupplier";

const NOW = new Date("2025-05-01T10:00:00Z");
const call = { signal: new AbortController().signal };

function search(profile: SandboxSupplierProfile, input: AirShoppingRequestInput, now: Date = NOW) {
  return new SandboxSupplier(profile, () => now).airShopping(airShoppingRequestSchema.parse(input), call);
}

const oneWay = (origin: string, destination: string, departureDate = "2025-06-10") => ({
  originDestinations: [{ origin, destination, departureDate }],
  passengers: { ADT: 1 },
});

const segmentsOf = (offer: Offer) => offer.journeys.flatMap((journey) => journey.segments);

describe("sandbox AirShopping", () => {
  it("answers the same search with the same offers", async () => {
    const request = {
      originDestinations: [
        { origin: "LHR", destination: "JFK", departureDate: "2025-06-10" },
        { origin: "JFK", destination: "LHR", departureDate: "2025-06-17" },
      ],
      passengers: { ADT: 2, CHD: 1, INF: 1 },
    };
    const first = await search(BA_NDC, request);
    const second = await search(BA_NDC, request);
    expect(first.offers.length).toBeGreaterThan(0);
    expect(second).toEqual(first);
    expect(airShoppingResponseSchema.parse(first)).toEqual(first);
  });

  it("gives different offers for another date or route", async () => {
    const base = await search(BA_NDC, oneWay("LHR", "JFK", "2025-06-10"));
    const otherDate = await search(BA_NDC, oneWay("LHR", "JFK", "2025-06-11"));
    const otherRoute = await search(BA_NDC, oneWay("LHR", "BOS", "2025-06-10"));
    expect(otherDate.shoppingResponseId).not.toBe(base.shoppingResponseId);
    expect(otherDate.offers.map((offer) => offer.totalPrice.total)).not.toEqual(base.offers.map((offer) => offer.totalPrice.total));
    expect(segmentsOf(otherRoute.offers[0]!)[0]!.arrival.iataCode).not.toBe("JFK");
  });

  it("flies direct and connecting itineraries via plausible hubs", async () => {
    const london = await search(BA_NDC, oneWay("LHR", "JFK"));
    expect(london.offers.some((offer) => offer.journeys[0]!.segments.length === 1)).toBe(true);
    const kuwait = await search(LUFTHANSA_GROUP_NDC, oneWay("KWI", "JFK"));
    const connections = kuwait.offers.filter((offer) => offer.journeys[0]!.segments.length === 2);
    expect(connections.length).toBeGreaterThan(0);
    for (const offer of connections) {
      expect(["FRA", "MUC", "ZRH", "GVA", "VIE", "BRU", "DUS", "CGN", "HAM", "STR"]).toContain(offer.journeys[0]!.segments[0]!.arrival.iataCode);
      expect(["LH", "LX", "OS", "SN", "EW"]).toContain(offer.ownerCode);
    }
  });

  it("sells partner flights under BA codeshare numbers, operated by the partner", async () => {
    const response = await search(BA_NDC, oneWay("LHR", "JFK"));
    const segments = response.offers.flatMap(segmentsOf);
    expect(response.offers.every((offer) => offer.ownerCode === "BA")).toBe(true);
    expect(segments.every((segment) => segment.marketingCarrier.designatorCode === "BA")).toBe(true);
    const codeshare = segments.find((segment) => segment.operatingCarrier.designatorCode !== "BA");
    expect(codeshare?.operatingCarrier.name).toBe("American Airlines");
    expect(codeshare?.marketingCarrier.flightNumber).not.toBe(codeshare?.operatingCarrier.flightNumber);
  });

  it("gives local times in each airport's zone and durations from the great circle", async () => {
    const response = await search(BA_NDC, oneWay("LHR", "JFK"));
    const direct = response.offers.map(segmentsOf).find((segments) => segments.length === 1)![0]!;
    expect(direct.departure.dateTime).toMatch(/^2025-06-10T\d\d:\d\d:00\+01:00$/);
    expect(direct.arrival.dateTime).toMatch(/-04:00$/);
    const minutes = blockMinutes(greatCircleKm(findAirport("LHR"), findAirport("JFK")));
    expect(direct.duration).toBe(isoDuration(minutes));
    expect(Date.parse(direct.arrival.dateTime) - Date.parse(direct.departure.dateTime)).toBe(minutes * 60_000);
    expect(direct.departure.stationName).toBe("London Heathrow Airport");
    expect(direct.departure.terminal).toBe("5");
  });

  it("prices passenger types from the adult fare: CHD 75%, INF 10%, YTH 90%", async () => {
    const response = await search(BA_NDC, { ...oneWay("LHR", "JFK"), passengers: { ADT: 2, YTH: 1, CHD: 1, INF: 1 } });
    const offer = response.offers[0]!;
    const base = (type: string) => offer.offerItems.find((item) => item.passengerType === type)!.unitPrice.base;
    expect(base("CHD")).toBe(Math.round((base("ADT") * 75) / 100));
    expect(base("INF")).toBe(Math.round((base("ADT") * 10) / 100));
    expect(base("YTH")).toBe(Math.round((base("ADT") * 90) / 100));
    expect(offer.offerItems.map((item) => item.paxRefIds)).toEqual([["PAX1", "PAX2"], ["PAX3"], ["PAX4"], ["PAX5"]]);
    const adult = offer.offerItems[0]!.unitPrice;
    expect(offer.totalPrice.base).toBe(2 * base("ADT") + base("YTH") + base("CHD") + base("INF"));
    expect(adult.total).toBe(adult.base + adult.taxes);
    expect(adult.taxBreakdown.map((tax) => tax.code)).toEqual(["UB", "YQ"]);
    const infantTaxes = offer.offerItems.find((item) => item.passengerType === "INF")!.unitPrice.taxBreakdown;
    expect(infantTaxes.map((tax) => tax.code)).toEqual(["YQ"]);
  });

  it("sells light, classic and flex brands with their baggage, conditions and booking classes", async () => {
    const response = await search(BA_NDC, { ...oneWay("LHR", "JFK"), fareFamilyCodes: ["F01"] });
    const [light, classic, flex] = response.offers.slice(0, 3);
    expect([light, classic, flex].map((offer) => offer!.fareBrand.code)).toEqual(["LIGHT", "CLASSIC", "FLEX"]);
    expect(light!.fareBrand).toMatchObject({ name: "Economy Light", checkedBaggage: { pieces: 0 }, change: { allowed: false }, refund: { allowed: false } });
    expect(classic!.fareBrand).toMatchObject({ checkedBaggage: { pieces: 1, weightKg: 23 }, change: { allowed: true, penalty: { amount: 7_000, currency: "GBP" } } });
    expect(flex!.fareBrand).toMatchObject({ checkedBaggage: { pieces: 2 }, refund: { allowed: true }, seatSelectionIncluded: true });
    expect(light!.totalPrice.total).toBeLessThan(classic!.totalPrice.total);
    expect(classic!.totalPrice.total).toBeLessThan(flex!.totalPrice.total);
    expect(["O", "Q", "N"]).toContain(segmentsOf(light!)[0]!.marketingCarrier.rbdCode);
    expect(["B", "Y"]).toContain(segmentsOf(flex!)[0]!.marketingCarrier.rbdCode);
    expect(response.offers.every((offer) => offer.fareFamilyCode === "F01" && offer.fareCode === "70J")).toBe(true);
  });

  it("sells the requested cabin and nothing from a low-cost carrier in business", async () => {
    const business = await search(BA_NDC, { ...oneWay("KWI", "LHR"), cabin: "C" });
    expect(business.offers.length).toBeGreaterThan(0);
    for (const offer of business.offers) {
      expect(segmentsOf(offer).some((segment) => segment.cabinCode === "C")).toBe(true);
      expect(offer.fareBrand.name).toMatch(/^Business /);
    }
    expect((await search(TRAVELFUSION, { ...oneWay("KWI", "DXB"), cabin: "C" })).offers).toEqual([]);
    const lowCost = await search(TRAVELFUSION, oneWay("KWI", "DXB"));
    expect(lowCost.offers.length).toBeGreaterThan(0);
    expect(lowCost.offers[0]!.fareBrand).toMatchObject({ name: "Basic", refund: { allowed: false } });
  });

  it("filters on direct flights and preferred airlines", async () => {
    const direct = await search(LUFTHANSA_GROUP_NDC, { ...oneWay("KWI", "JFK"), directOnly: true });
    expect(direct.offers.every((offer) => offer.journeys.every((journey) => journey.segments.length === 1))).toBe(true);
    const preferred = await search(LUFTHANSA_GROUP_NDC, { ...oneWay("CDG", "VIE"), preferredAirlines: ["OS"] });
    expect(preferred.offers.length).toBeGreaterThan(0);
    expect(preferred.offers.every((offer) => segmentsOf(offer).some((segment) => segment.operatingCarrier.designatorCode === "OS"))).toBe(true);
  });

  it("lets offers live 30 minutes", async () => {
    const response = await search(BA_NDC, oneWay("LHR", "JFK"));
    expect(response.offers[0]!.expiresAt).toBe("2025-05-01T10:30:00.000Z");
    expect(response.offers[0]!.priceGuaranteeExpiresAt).toBeNull();
  });

  it("refuses unknown airports", async () => {
    await expect(search(BA_NDC, oneWay("LHR", "QQQ"))).rejects.toMatchObject({ code: "INVALID_REQUEST" });
  });
});
