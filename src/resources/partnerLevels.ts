import { z } from "zod";
import { STATUS_FILTER } from "../config/referenceLists";
import { defineResource } from "./defineResource";

const LEVEL_KINDS = [
  { code: "flight", label: "Flights" },
  { code: "dmt", label: "Money transfer" },
] as const;

/** Partner levels: commercial tiers of partner organisations, 1 the highest; a money-transfer level sets the FX margin of the organisations on it. */
export const partnerLevels = defineResource({
  name: "partnerLevels",
  table: "partner_levels",
  menu: "setup-configuration",
  tenancy: "owned",
  fields: [
    { name: "code", type: "text", labelKey: "resources.partnerLevels.code", rule: z.string().trim().toUpperCase().regex(/^[A-Z0-9_-]{2,20}$/, "2-20 letters or digits"), listColumn: true, filter: true, sortable: true },
    { name: "name", type: "text", labelKey: "resources.partnerLevels.name", rule: z.string().trim().min(1).max(60), listColumn: true, filter: true, sortable: true },
    { name: "rank", type: "number", labelKey: "resources.partnerLevels.rank", rule: z.number().int().min(1).max(99), listColumn: true, sortable: true },
    { name: "kind", type: "select", labelKey: "resources.partnerLevels.kind", rule: z.enum(["flight", "dmt"]).default("flight"), listColumn: true, filter: true, options: { kind: "list", items: LEVEL_KINDS } },
    { name: "fxMarginBps", type: "number", labelKey: "resources.partnerLevels.fxMarginBps", rule: z.number().int().min(0, "Cannot be negative").max(2_000, "At most 2,000 basis points (20 %)").default(0), listColumn: true },
    { name: "description", type: "text", labelKey: "resources.partnerLevels.description", rule: z.string().trim().max(300).default("") },
    { name: "status", type: "select", labelKey: "resources.partnerLevels.status", rule: z.union([z.literal(0), z.literal(1)]).default(1), listColumn: true, filter: true, options: { kind: "list", items: STATUS_FILTER } },
  ],
});
