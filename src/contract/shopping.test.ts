import { describe, expect, it } from "vitest";
import {
  airShoppingRequestSchema,
  FARE_FAMILY_CODES,
  orderCreateRequestSchema,
  priceSchema,
  toFlatPassenger,
  toFlatSegment,
  type PaxSegment,
} from "./shopping";

const leg = (origin: string, destination: string, departureDate: string) => ({ origin, destination, departureDate });

describe("AirShopping request", () => {
  it("fills the spec's defaults: economy, every fare family, no airline preference, connections allowed", () => {
    const request = airShoppingRequestSchema.parse({ originDestinations: [leg("KWI", "LHR", "2025-06-10")], passengers: {} });
    expect(request).toEqual({
      originDestinations: [leg("KWI", "LHR", "2025-06-10")],
      passengers: { ADT: 1, CHD: 0, INF: 0, YTH: 0 },
      cabin: "Y",
      fareFamilyCodes: [...FARE_FAMILY_CODES],
      preferredAirlines: [],
      directOnly: false,
    });
  });

  it("takes up to six legs in date order", () => {
    const legs = ["2025-06-01", "2025-06-02", "2025-06-03", "2025-06-04", "2025-06-05", "2025-06-06", "2025-06-07"].map((date) =>
      leg("KWI", "DXB", date),
    );
    expect(airShoppingRequestSchema.safeParse({ originDestinations: legs.slice(0, 6), passengers: {} }).success).toBe(true);
    expect(airShoppingRequestSchema.safeParse({ originDestinations: legs, passengers: {} }).success).toBe(false);
    const backwards = airShoppingRequestSchema.safeParse({
      originDestinations: [leg("KWI", "DXB", "2025-06-10"), leg("DXB", "KWI", "2025-06-09")],
      passengers: {},
    });
    expect(backwards.error?.issues[0]?.path).toEqual(["originDestinations", 1, "departureDate"]);
  });

  it("refuses impossible passenger mixes and routes", () => {
    const parse = (passengers: object, legs = [leg("KWI", "LHR", "2025-06-10")]) =>
      airShoppingRequestSchema.safeParse({ originDestinations: legs, passengers }).success;
    expect(parse({ ADT: 0, CHD: 1 })).toBe(false);
    expect(parse({ ADT: 0, YTH: 1 })).toBe(true);
    expect(parse({ ADT: 1, INF: 2 })).toBe(false);
    expect(parse({ ADT: 5, CHD: 5 })).toBe(false);
    expect(parse({ ADT: 1 }, [leg("KWI", "KWI", "2025-06-10")])).toBe(false);
    expect(parse({ ADT: 1 }, [leg("kwi", "LHR", "2025-06-10")])).toBe(false);
  });
});

describe("prices", () => {
  it("hold together: total = base + taxes = base + the tax breakdown", () => {
    const price = { currency: "KWD", base: 100_000, taxes: 12_500, total: 112_500, taxBreakdown: [{ code: "UB", amount: 12_500 }] };
    expect(priceSchema.safeParse(price).success).toBe(true);
    expect(priceSchema.safeParse({ ...price, total: 112_501 }).success).toBe(false);
    expect(priceSchema.safeParse({ ...price, taxBreakdown: [] }).success).toBe(false);
    expect(priceSchema.safeParse({ ...price, base: 100_000.5, total: 112_500.5 }).success).toBe(false);
  });
});

describe("OrderCreate request", () => {
  const base = {
    supplierId: "ba-ndc",
    shoppingResponseId: "BA-SR-1",
    offerId: "BA-SR-1-1",
    ownerCode: "BA",
    passengers: [
      {
        paxId: "PAX1",
        paxType: "ADT",
        salutation: "Mrs.",
        firstName: "Huda",
        lastName: "Saleh",
        dateOfBirth: "1990-01-31",
        identificationType: "PT",
        passportId: "K1234567",
      },
    ],
    contact: { email: "huda@example.com", phoneCountryCode: "+965", phoneNumber: "99001122" },
  };

  it("takes a payment unless the booking is held", () => {
    expect(orderCreateRequestSchema.safeParse({ ...base, isBookAndHold: true, payment: null }).success).toBe(true);
    expect(orderCreateRequestSchema.safeParse({ ...base, isBookAndHold: false, payment: { paymentMethodId: 1 } }).success).toBe(true);
    expect(orderCreateRequestSchema.safeParse({ ...base, isBookAndHold: false, payment: null }).success).toBe(false);
    expect(orderCreateRequestSchema.safeParse({ ...base, isBookAndHold: true, payment: { paymentMethodId: 1 } }).success).toBe(false);
  });

  it("needs distinct passengers with the spec's titles", () => {
    const twice = { ...base, passengers: [base.passengers[0], base.passengers[0]], isBookAndHold: true, payment: null };
    expect(orderCreateRequestSchema.safeParse(twice).success).toBe(false);
    const untitled = { ...base, passengers: [{ ...base.passengers[0], salutation: "Sir" }], isBookAndHold: true, payment: null };
    expect(orderCreateRequestSchema.safeParse(untitled).success).toBe(false);
  });

  it("takes only the titles of each passenger's type: no Master for an adult, no Mr. for an infant", () => {
    const titled = (paxType: string, salutation: string) => orderCreateRequestSchema.safeParse({ ...base, passengers: [{ ...base.passengers[0], paxType, salutation }], isBookAndHold: true, payment: null });
    const master = titled("ADT", "Master");
    expect(master.success).toBe(false);
    expect(master.error?.issues[0]).toMatchObject({ path: ["passengers", 0, "salutation"], message: "Master is not a title for this passenger type (ADT): use Mr., Mrs., Ms., Dr." });
    expect(titled("INF", "Mr.").success).toBe(false);
    expect(titled("CHD", "Master").success).toBe(true);
    expect(titled("YTH", "Ms.").success).toBe(true);
  });
});

describe("the console's flat records (spec section 3)", () => {
  const segment: PaxSegment = {
    paxSegmentID: "BA4309-20250617-JFKLHR",
    departure: { iataCode: "JFK", stationName: "John F Kennedy International Airport", terminal: "8", dateTime: "2025-06-17T18:20:00-04:00" },
    arrival: { iataCode: "LHR", stationName: "London Heathrow Airport", terminal: "3", dateTime: "2025-06-18T06:30:00+01:00" },
    duration: "PT7H10M",
    aircraftCode: "77W",
    aircraftName: "Boeing 777-300ER",
    cabinCode: "Y",
    marketingCarrier: { designatorCode: "BA", name: "British Airways", flightNumber: "4309", rbdCode: "Q", rbdName: "Economy" },
    operatingCarrier: { designatorCode: "AA", name: "American Airlines", flightNumber: "100", rbdCode: "Q", rbdName: "Economy" },
  };

  it("maps a segment to exactly the spec's output fields", () => {
    expect(toFlatSegment(segment)).toEqual({
      arrivalDateAndTime: "2025-06-18T06:30:00+01:00",
      arrivalStationName: "London Heathrow Airport",
      arrivalTerminal: "3",
      departureDateAndTime: "2025-06-17T18:20:00-04:00",
      departureStationName: "John F Kennedy International Airport",
      departureTerminal: "8",
      duration: "PT7H10M",
      aircraftCode: "77W",
      marketingCarrierDesigCode: "BA",
      marketingCarrierName: "British Airways",
      marketingCarrierFlightNumber: "4309",
      marketingCarrierRBDCode: "Q",
      operatingCarrierDesigCode: "AA",
      operatingCarrierName: "American Airlines",
      operatingCarrierFlightNumber: "100",
      operatingCarrierRBDCode: "Q",
      paxSegmentID: "BA4309-20250617-JFKLHR",
    });
  });

  it("maps a passenger and the contact to the spec's output fields, spelling kept", () => {
    const passenger = {
      paxId: "PAX2",
      paxType: "CHD" as const,
      salutation: "Master" as const,
      firstName: "Omar",
      lastName: "Saleh",
      dateOfBirth: "2017-05-05",
      identificationType: "PT" as const,
      passportId: "K7654321",
      documentExpiryDate: null,
      recordLocator: "FF123",
    };
    const contact = { email: "huda@example.com", phoneCountryCode: "+965", phoneNumber: "99001122" };
    expect(toFlatPassenger(passenger, contact)).toEqual({
      ptc: "CHD",
      paxId: "PAX2",
      firstName: "Omar",
      lastName: "Saleh",
      title: "Master",
      dateOfBirth: "2017-05-05",
      profileLocator: "FF123",
      docType: "PT",
      docNumber: "K7654321",
      email: "huda@example.com",
      phoneCountyCode: "+965",
      phoneNumber: "99001122",
    });
  });
});
