import { describe, expect, it } from "vitest";
import { PRICED_OFFER as PRICED } from "../testing/pricedOffer";
import { checkoutPassengers, seatedPassengers, travelDates } from "./checkoutPassengers";

describe("checkout passengers", () => {
  it("lists every passenger of the offer, by name once typed, else by type and number", () => {
    const passengers = checkoutPassengers(PRICED, new Map([["PAX2", "Sara Ali"]]), (type) => type);
    expect(passengers.map((passenger) => passenger.label)).toEqual(["ADT 1", "Sara Ali", "CHD 1", "INF 1"]);
    expect(seatedPassengers(passengers).map((passenger) => passenger.paxKey)).toEqual(["PAX1", "PAX2", "PAX3"]);
  });

  it("takes the first and last flight dates", () => {
    expect(travelDates(PRICED)).toEqual({ first: "2026-12-10", last: "2026-12-17" });
  });
});
