/**
 * The world regions a market or a markup rule can name (upper-cased, as the pricing engine
 * matches them): the continents, the Middle East, and EMEA.
 */
export const WORLD_REGION_NAMES = ["AFRICA", "ANTARCTICA", "ASIA", "EUROPE", "NORTH AMERICA", "OCEANIA", "SOUTH AMERICA", "MIDDLE EAST", "EMEA"] as const;

/**
 * Zones within the regions, by their member countries: the spec's zones (UN geoscheme) and the
 * two that Gulf agencies price by.
 */
export const ZONE_COUNTRIES: Readonly<Record<string, readonly string[]>> = {
  "IBERIAN PENINSULA": ["ES", "PT", "AD", "GI"],
  SCANDINAVIA: ["DK", "NO", "SE"],
  "WEST AFRICA": ["BJ", "BF", "CV", "CI", "GM", "GH", "GN", "GW", "LR", "ML", "MR", "NE", "NG", "SN", "SL", "TG"],
  "SOUTHERN AFRICA": ["BW", "LS", "NA", "ZA", "SZ"],
  "EAST AFRICA": ["BI", "KM", "DJ", "ER", "ET", "KE", "MG", "MW", "MU", "MZ", "RE", "RW", "SC", "SO", "SS", "TZ", "UG", "ZM", "ZW"],
  GCC: ["AE", "BH", "KW", "OM", "QA", "SA"],
  LEVANT: ["IL", "JO", "LB", "PS", "SY"],
};

export const ZONE_NAMES = Object.keys(ZONE_COUNTRIES);
