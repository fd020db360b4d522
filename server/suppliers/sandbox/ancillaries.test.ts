import { beforeAll, describe, expect, it } from "vitest";
import {
  airShoppingRequestSchema,
  seatAvailabilityResponseSchema,
  serviceListResponseSchema,
  type Offer,
  type PaxSegment,
  type Seat,
  type SeatMap,
} from "../../../src/contract/shopping";
import { BA_NDC, TRAVELFUSION } from "./profiles";
import { SandboxSupplier } from "./sandboxSupplier";
import { buildSeatMap } from "./seatMaps";

const NOW = new Date("2025-05-01T10:00:00Z");
const call = { signal: new AbortController().signal };

const reference = (offer: Offer) => ({
  supplierId: offer.supplierId,
  shoppingResponseId: offer.shoppingResponseId,
  offerId: offer.offerId,
  ownerCode: offer.ownerCode,
});

const seatsOf = (seatMap: SeatMap): Seat[] => seatMap.cabins.flatMap((cabin) => cabin.rows.flatMap((row) => row.seats));

let supplier: SandboxSupplier;
let lightOffer: Offer;
let flexOffer: Offer;
let segment: PaxSegment;

beforeAll(async () => {
  supplier = new SandboxSupplier(BA_NDC, () => NOW);
  const request = airShoppingRequestSchema.parse({
    originDestinations: [{ origin: "LHR", destination: "JFK", departureDate: "2025-06-10" }],
    passengers: { ADT: 1, CHD: 1, INF: 1 },
    fareFamilyCodes: ["F01"],
  });
  const { offers } = await supplier.airShopping(request, call);
  lightOffer = offers.find((offer) => offer.fareBrand.code === "LIGHT" && offer.journeys[0]!.segments.length === 1)!;
  flexOffer = offers.find((offer) => offer.fareBrand.code === "FLEX" && offer.journeys[0]!.segments.length === 1)!;
  segment = lightOffer.journeys[0]!.segments[0]!;
});

describe("sandbox SeatAvailability", () => {
  it("answers one seat map per segment of the offer", async () => {
    const response = await supplier.seatAvailability(reference(lightOffer), call);
    expect(seatAvailabilityResponseSchema.parse(response)).toEqual(response);
    expect(response.seatMaps.map((seatMap) => seatMap.paxSegmentID)).toEqual([segment.paxSegmentID]);
    await expect(supplier.seatAvailability({ ...reference(lightOffer), paxSegmentIDs: ["nope"] }, call)).rejects.toMatchObject({
      code: "INVALID_REQUEST",
    });
  });

  it("lays out a single-aisle A320 as 2-2 business and 3-3 economy with overwing exits", () => {
    const seatMap = buildSeatMap({ ...segment, aircraftCode: "320" }, lightOffer.fareBrand, BA_NDC, new Set());
    expect(seatMap.cabins.map((cabin) => [cabin.cabinCode, cabin.columnGroups])).toEqual([
      ["C", [["A", "C"], ["D", "F"]]],
      ["Y", [["A", "B", "C"], ["D", "E", "F"]]],
    ]);
    const economy = seatMap.cabins[1]!;
    expect(economy.rows.filter((row) => row.isExitRow).map((row) => row.rowNumber)).toEqual([12, 13]);
    expect(seatsOf(seatMap).some((seat) => seat.characteristics.includes("bassinet"))).toBe(false);
    const row20 = economy.rows.find((row) => row.rowNumber === 20)!;
    expect(row20.seats.map((seat) => seat.characteristics[0])).toEqual(["window", "middle", "aisle", "aisle", "middle", "window"]);
  });

  it("lays out twin-aisle aircraft: 1-2-1 business, 3-4-3 economy, an upper deck on the A380", () => {
    const boeing = buildSeatMap({ ...segment, aircraftCode: "77W" }, lightOffer.fareBrand, BA_NDC, new Set());
    expect(boeing.cabins.map((cabin) => cabin.cabinCode)).toEqual(["F", "C", "W", "Y"]);
    expect(boeing.cabins[1]!.columnGroups).toEqual([["A"], ["E", "F"], ["K"]]);
    expect(boeing.cabins[3]!.columnGroups).toEqual([["A", "B", "C"], ["D", "E", "F", "G"], ["H", "J", "K"]]);
    const airbus = buildSeatMap({ ...segment, aircraftCode: "359" }, lightOffer.fareBrand, BA_NDC, new Set());
    expect(airbus.cabins.at(-1)!.columnGroups).toEqual([["A", "B", "C"], ["D", "E", "F"], ["G", "H", "K"]]);
    const superjumbo = buildSeatMap({ ...segment, aircraftCode: "388" }, lightOffer.fareBrand, BA_NDC, new Set());
    expect(superjumbo.cabins.map((cabin) => `${cabin.cabinCode}:${cabin.deck}`)).toEqual(["F:main", "Y:main", "C:upper", "W:upper"]);
  });

  it("puts bassinets at wide-body bulkheads for adults only, and never prices a seat for an infant", () => {
    const seatMap = buildSeatMap({ ...segment, aircraftCode: "77W" }, lightOffer.fareBrand, BA_NDC, new Set());
    const bassinets = seatsOf(seatMap).filter((seat) => seat.characteristics.includes("bassinet"));
    expect(bassinets.length).toBeGreaterThan(0);
    expect(bassinets.every((seat) => seat.characteristics.includes("bulkhead") || seat.characteristics.includes("exitRow"))).toBe(true);
    expect(bassinets.every((seat) => seat.prices.map((price) => price.passengerType).join() === "ADT")).toBe(true);
    const exitSeats = seatsOf(seatMap).filter((seat) => seat.characteristics.includes("exitRow") && !seat.characteristics.includes("bassinet"));
    expect(exitSeats.every((seat) => !seat.prices.some((price) => price.passengerType === "CHD"))).toBe(true);
    expect(seatsOf(seatMap).some((seat) => seat.prices.some((price) => price.passengerType === "INF"))).toBe(false);
  });

  it("shows occupied, blocked, free and paid seats, galleys and lavatories", () => {
    const seatMap = buildSeatMap({ ...segment, aircraftCode: "77W" }, lightOffer.fareBrand, BA_NDC, new Set());
    const seats = seatsOf(seatMap);
    const availability = new Set(seats.map((seat) => seat.availability));
    expect(availability).toEqual(new Set(["available", "occupied", "blocked"]));
    const economy = seatMap.cabins.find((cabin) => cabin.cabinCode === "Y")!;
    const economyPrices = economy.rows.flatMap((row) => row.seats.map((seat) => seat.prices[0]!.price.amount));
    expect(Math.min(...economyPrices)).toBe(2_500);
    expect(Math.max(...economyPrices)).toBe(7_000);
    const business = seatMap.cabins.find((cabin) => cabin.cabinCode === "C")!;
    expect(business.rows.every((row) => row.seats.every((seat) => seat.prices.every((price) => price.price.amount === 0)))).toBe(true);
    expect(seatMap.cabins[0]!.facilities).toContainEqual({ kind: "galley", afterRowNumber: null });
    expect(economy.facilities).toContainEqual({ kind: "lavatory", afterRowNumber: 50 });
  });

  it("includes standard seats in the flex brand and halves extra legroom", () => {
    const light = buildSeatMap({ ...segment, aircraftCode: "77W" }, lightOffer.fareBrand, BA_NDC, new Set());
    const flex = buildSeatMap({ ...segment, aircraftCode: "77W" }, flexOffer.fareBrand, BA_NDC, new Set());
    const priceOf = (seatMap: SeatMap, seatNumber: string) =>
      seatsOf(seatMap).find((seat) => seat.seatNumber === seatNumber)!.prices[0]!.price.amount;
    expect([priceOf(light, "30A"), priceOf(flex, "30A")]).toEqual([2_500, 0]);
    expect([priceOf(light, "38A"), priceOf(flex, "38A")]).toEqual([7_000, 3_500]);
  });

  it("marks seats taken by earlier sandbox orders as occupied", () => {
    const free = seatsOf(buildSeatMap(segment, lightOffer.fareBrand, BA_NDC, new Set())).find((seat) => seat.availability === "available")!;
    const after = buildSeatMap(segment, lightOffer.fareBrand, BA_NDC, new Set([free.seatNumber]));
    expect(seatsOf(after).find((seat) => seat.seatNumber === free.seatNumber)!.availability).toBe("occupied");
  });
});

describe("sandbox ServiceList", () => {
  it("prices bags, meals and special assistance per passenger type and segment", async () => {
    const response = await supplier.serviceList(reference(lightOffer), call);
    expect(serviceListResponseSchema.parse(response)).toEqual(response);
    const byCode = new Map(response.services.map((service) => [service.code, service]));
    expect(byCode.get("BG23")).toMatchObject({ kind: "baggage", baggage: { pieces: 1, weightKg: 23 } });
    expect(byCode.get("XW05")).toMatchObject({ baggage: { pieces: 0, weightKg: 5 } });
    expect(byCode.get("BG23")!.prices).toEqual([
      { paxSegmentID: segment.paxSegmentID, passengerType: "ADT", price: { amount: 7_500, currency: "GBP" } },
      { paxSegmentID: segment.paxSegmentID, passengerType: "CHD", price: { amount: 7_500, currency: "GBP" } },
    ]);
    expect(byCode.get("WCHR")).toMatchObject({ kind: "specialAssist" });
    expect(byCode.get("WCHR")!.prices.every((price) => price.price.amount === 0)).toBe(true);
    expect(byCode.get("BBML")!.prices.map((price) => price.passengerType)).toEqual(["INF"]);
    expect(byCode.get("CHML")!.prices.map((price) => price.passengerType)).toEqual(["CHD"]);
    expect(byCode.has("SNCK")).toBe(false);
  });

  it("sells snack boxes rather than special meals on low-cost carriers", async () => {
    const lowCost = new SandboxSupplier(TRAVELFUSION, () => NOW);
    const request = airShoppingRequestSchema.parse({
      originDestinations: [{ origin: "KWI", destination: "DXB", departureDate: "2025-06-10" }],
      passengers: { ADT: 1 },
    });
    const { offers } = await lowCost.airShopping(request, call);
    const codes = (await lowCost.serviceList(reference(offers[0]!), call)).services.map((service) => service.code);
    expect(codes).toContain("SNCK");
    expect(codes).not.toContain("VGML");
    expect(codes).toContain("WCHR");
  });
});
