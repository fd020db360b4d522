import { describe, expect, it } from "vitest";
import { searchFromParams, searchResultsPath } from "./searchRequestUrl";

describe("search in the address", () => {
  it("round-trips a return search with its defaults filled in", () => {
    const path = searchResultsPath({
      originDestinations: [
        { origin: "KWI", destination: "LHR", departureDate: "2026-12-10" },
        { origin: "LHR", destination: "KWI", departureDate: "2026-12-17" },
      ],
      passengers: { ADT: 2 },
    });
    const request = searchFromParams(new URL(path, "http://console").searchParams);
    expect(request?.originDestinations).toHaveLength(2);
    expect(request?.passengers).toEqual({ ADT: 2, CHD: 0, INF: 0, YTH: 0 });
    expect(request?.cabin).toBe("Y");
    expect(request?.fareFamilyCodes).toHaveLength(12);
  });

  it("gives null for a missing, garbled or invalid search", () => {
    expect(searchFromParams(new URLSearchParams())).toBeNull();
    expect(searchFromParams(new URLSearchParams({ q: "{not json" }))).toBeNull();
    expect(searchFromParams(new URLSearchParams({ q: JSON.stringify({ originDestinations: [] }) }))).toBeNull();
  });
});
