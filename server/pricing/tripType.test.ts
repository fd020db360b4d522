import { describe, expect, it } from "vitest";
import { journey, locateAirport, segment } from "./testFixtures";
import { classifyTripType } from "./tripType";

const leg = (id: string, from: string, to: string, date: string) => journey(id, segment(from, to, `${date}T08:00`));

describe("classifyTripType", () => {
  it("tells one-way, return, circle and round-the-world trips apart", () => {
    expect(classifyTripType([leg("J1", "KWI", "LHR", "2025-06-10")], locateAirport)).toBe("OW");
    expect(classifyTripType([leg("J1", "KWI", "LHR", "2025-06-10"), leg("J2", "LHR", "KWI", "2025-06-17")], locateAirport)).toBe("RT");
    const circle = [leg("J1", "KWI", "LHR", "2025-06-10"), leg("J2", "LHR", "MAD", "2025-06-12"), leg("J3", "MAD", "KWI", "2025-06-15")];
    expect(classifyTripType(circle, locateAirport)).toBe("Circle");
    const aroundTheWorld = [
      leg("J1", "LHR", "JFK", "2025-06-10"),
      leg("J2", "JFK", "NRT", "2025-06-14"),
      leg("J3", "NRT", "SYD", "2025-06-18"),
      leg("J4", "SYD", "KWI", "2025-06-22"),
      leg("J5", "KWI", "LHR", "2025-06-26"),
    ];
    expect(classifyTripType(aroundTheWorld, locateAirport)).toBe("RTW");
  });

  it("leaves open jaws without a trip type", () => {
    expect(classifyTripType([leg("J1", "KWI", "LHR", "2025-06-10"), leg("J2", "MAD", "KWI", "2025-06-17")], locateAirport)).toBeNull();
    expect(classifyTripType([leg("J1", "KWI", "LHR", "2025-06-10"), leg("J2", "LHR", "MAD", "2025-06-17")], locateAirport)).toBeNull();
  });
});
