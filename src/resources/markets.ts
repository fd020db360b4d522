import { z } from "zod";
import { STATUS_FILTER } from "../config/referenceLists";
import { WORLD_REGION_NAMES, ZONE_NAMES } from "../contract/geography";
import { defineResource } from "./defineResource";

const MARKET_KINDS = [
  { code: "flight", label: "Flights" },
  { code: "dmt", label: "Money transfer" },
] as const;

/** Names from a fixed vocabulary, upper-cased as the pricing engine matches them ("Gcc" is GCC). */
const namesFrom = (names: readonly string[], message: string) =>
  z.array(z.string().trim().transform((name) => name.toUpperCase()).refine((name) => names.includes(name), message)).default([]);
const titleCase = (name: string) => name.toLowerCase().replace(/\b[a-z]/g, (letter) => letter.toUpperCase());
const namedOptions = (names: readonly string[]) => names.map((name) => ({ code: name, label: name.length <= 4 ? name : titleCase(name) }));

/** Markets: named groups of world regions, zones and countries that rules point at (EMEA, All, GCC...). */
export const markets = defineResource({
  name: "markets",
  table: "markets",
  menu: "setup-configuration",
  tenancy: "owned",
  fields: [
    { name: "code", type: "text", labelKey: "resources.markets.code", rule: z.string().trim().toUpperCase().regex(/^[A-Z0-9-]{2,20}$/, "2-20 letters, digits or dashes"), listColumn: true, filter: true, sortable: true },
    { name: "name", type: "text", labelKey: "resources.markets.name", rule: z.string().trim().min(1, "Give the market a name").max(120), listColumn: true, filter: true, sortable: true },
    { name: "kind", type: "select", labelKey: "resources.markets.kind", rule: z.enum(["flight", "dmt"]), listColumn: true, filter: true, sortable: true, options: { kind: "list", items: MARKET_KINDS } },
    { name: "regions", type: "multiselect", labelKey: "resources.markets.regions", rule: namesFrom(WORLD_REGION_NAMES, "A world region from the list"), listColumn: true, filter: true, options: { kind: "list", items: namedOptions(WORLD_REGION_NAMES) } },
    { name: "zones", type: "multiselect", labelKey: "resources.markets.zones", rule: namesFrom(ZONE_NAMES, "A zone from the list"), filter: true, options: { kind: "list", items: namedOptions(ZONE_NAMES) } },
    { name: "countries", type: "multiselect", labelKey: "resources.markets.countries", rule: z.array(z.string().regex(/^[A-Z]{2}$/, "ISO country codes such as KW")).default([]), listColumn: true, filter: true, options: { kind: "countries" } },
    { name: "status", type: "select", labelKey: "resources.markets.status", rule: z.union([z.literal(0), z.literal(1)]).default(1), listColumn: true, filter: true, sortable: true, options: { kind: "list", items: STATUS_FILTER } },
  ],
});
