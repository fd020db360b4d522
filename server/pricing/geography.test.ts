import { describe, expect, it } from "vitest";
import { loadAirports } from "../reference/airports";
import { createAirportLocator, zonesOf } from "./geography";

describe("createAirportLocator over the real airports", () => {
  const locate = createAirportLocator(loadAirports());

  it("places airports in their country, regions and zones", () => {
    expect(locate("LHR")).toMatchObject({ countryCode: "GB", regions: ["EUROPE", "EMEA"], zones: [] });
    expect(locate("KWI")).toMatchObject({ countryCode: "KW", regions: ["ASIA", "MIDDLE EAST", "EMEA"] });
    expect(locate("MAD")).toMatchObject({ countryCode: "ES", zones: ["IBERIAN PENINSULA"] });
    expect(locate("ARN")?.zones).toEqual(["SCANDINAVIA"]);
    expect(locate("NBO")).toMatchObject({ countryCode: "KE", regions: ["AFRICA", "EMEA"], zones: ["EAST AFRICA"] });
    expect(locate("JFK")).toMatchObject({ countryCode: "US", regions: ["NORTH AMERICA"] });
    expect(locate("QQQ")).toBeUndefined();
  });

  it("knows the countries OpenFlights names differently", () => {
    expect(locate("SAW")?.countryCode).toBe("TR");
    expect(locate("PRG")?.countryCode).toBe("CZ");
    expect(locate("ABJ")?.zones).toEqual(["WEST AFRICA"]);
  });
});

describe("zonesOf", () => {
  it("puts the Gulf states in the GCC and their neighbours in the Levant", () => {
    expect(zonesOf("KW")).toEqual(["GCC"]);
    expect(zonesOf("JO")).toEqual(["LEVANT"]);
    expect(zonesOf("PT")).toEqual(["IBERIAN PENINSULA"]);
  });
});
