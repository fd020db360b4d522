import { describe, expect, it } from "vitest";
import { placeText, tripText } from "./orderSummaryText";

describe("an order's summary in words", () => {
  it("names a flight by its airports, the rest by what and where", () => {
    expect(tripText({ title: "KU 101 · KU 102", place: { kind: "route", airports: ["KWI", "LHR", "KWI"] }, travelDate: "2027-01-10", status: "confirm", stage: null }, "en")).toBe("KWI → LHR → KWI");
    expect(tripText({ title: "Jumeirah Creekside", place: { kind: "city", name: "Dubai" }, travelDate: "2027-01-10", status: "confirm", stage: null }, "en")).toBe("Jumeirah Creekside, Dubai");
    expect(tripText({ title: "", place: null, travelDate: null, status: "failed", stage: null }, "en")).toBe("—");
  });

  it("names a country in the reader's language", () => {
    expect(placeText({ kind: "country", code: "FR" }, "en")).toBe("France");
    expect(placeText({ kind: "country", code: "FR" }, "ar")).toBe("فرنسا");
  });
});
