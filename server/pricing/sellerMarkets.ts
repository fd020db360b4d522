import { regionsOf, zonesOf } from "./geography";

/** A market as the markets resource stores it (codes; regions upper-cased). */
export interface StoredMarket {
  readonly code: string;
  readonly kind: string;
  readonly status: number;
  readonly regions: readonly string[];
  readonly zones: readonly string[];
  readonly countries: readonly string[];
}

/**
 * The flight markets a seller in this country belongs to, by code: those listing its country, one
 * of its zones or one of its regions, and those that list nothing (ALL). Without a country the
 * seller is only in the markets open to everyone.
 */
export function sellerMarkets(markets: readonly StoredMarket[], countryCode: string | null): string[] {
  const regions = countryCode ? regionsOf(countryCode) : [];
  const zones = countryCode ? zonesOf(countryCode) : [];
  return markets
    .filter((market) => market.kind === "flight" && market.status === 1)
    .filter((market) => {
      const open = market.regions.length + market.zones.length + market.countries.length === 0;
      return (
        open ||
        (countryCode !== null && market.countries.includes(countryCode)) ||
        market.zones.some((zone) => zones.includes(zone)) ||
        market.regions.some((region) => regions.includes(region))
      );
    })
    .map((market) => market.code);
}
