import { describe, expect, it } from "vitest";
import { airShoppingRequestSchema } from "../../contract/shopping";
import { MAX_RECENT_SEARCHES, rememberSearch, upcomingSearches } from "./recentSearches";

const search = (destination: string, departureDate = "2026-12-10", cabin: "Y" | "C" = "Y") =>
  airShoppingRequestSchema.parse({ originDestinations: [{ origin: "KWI", destination, departureDate }], passengers: { ADT: 1 }, cabin });

describe("recent searches", () => {
  it("keeps the newest first without repeating the same search", () => {
    let recent = rememberSearch([], search("LHR"));
    recent = rememberSearch(recent, search("DXB"));
    recent = rememberSearch(recent, search("LHR"));
    expect(recent.map((entry) => entry.originDestinations[0]!.destination)).toEqual(["LHR", "DXB"]);
    expect(rememberSearch(recent, search("LHR", "2026-12-10", "C"))).toHaveLength(3);
  });

  it("keeps at most six and forgets departed ones", () => {
    let recent = [search("AAA")];
    for (const destination of ["BBB", "CCC", "DDD", "EEE", "FFF", "GGG"]) recent = rememberSearch(recent, search(destination));
    expect(recent).toHaveLength(MAX_RECENT_SEARCHES);
    expect(upcomingSearches([search("LHR", "2026-11-01"), search("DXB", "2026-11-22")], "2026-11-22")).toHaveLength(1);
  });
});
