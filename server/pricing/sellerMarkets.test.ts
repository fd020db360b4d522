import { describe, expect, it } from "vitest";
import { sellerMarkets, type StoredMarket } from "./sellerMarkets";

const market = (code: string, lists: Partial<StoredMarket> = {}): StoredMarket => ({ code, kind: "flight", status: 1, regions: [], zones: [], countries: [], ...lists });
const MARKETS = [
  market("ALL"),
  market("EMEA", { regions: ["EUROPE", "MIDDLE EAST", "AFRICA"] }),
  market("GCC", { countries: ["KW", "SA"] }),
  market("IBERIA", { zones: ["IBERIAN PENINSULA"] }),
  market("AMER", { regions: ["NORTH AMERICA"] }),
  market("OFF", { status: 0 }),
  market("DMT", { kind: "dmt" }),
];

describe("sellerMarkets", () => {
  it("puts a Kuwaiti seller in the open, regional and country markets, not in others", () => {
    expect(sellerMarkets(MARKETS, "KW")).toEqual(["ALL", "EMEA", "GCC"]);
  });

  it("matches zones, and leaves a seller without a country in the open markets only", () => {
    expect(sellerMarkets(MARKETS, "PT")).toEqual(["ALL", "EMEA", "IBERIA"]);
    expect(sellerMarkets(MARKETS, "US")).toEqual(["ALL", "AMER"]);
    expect(sellerMarkets(MARKETS, null)).toEqual(["ALL"]);
  });
});
