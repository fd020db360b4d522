import { z } from "zod";
import { STATUS_FILTER } from "../config/referenceLists";
import { defineResource } from "./defineResource";

/** Partner levels: commercial tiers of partner organisations, 1 the highest. */
export const partnerLevels = defineResource({
  name: "partnerLevels",
  table: "partner_levels",
  menu: "setup-configuration",
  tenancy: "owned",
  fields: [
    { name: "code", type: "text", labelKey: "resources.partnerLevels.code", rule: z.string().trim().toUpperCase().regex(/^[A-Z0-9_-]{2,20}$/, "2-20 letters or digits"), listColumn: true, filter: true, sortable: true },
    { name: "name", type: "text", labelKey: "resources.partnerLevels.name", rule: z.string().trim().min(1).max(60), listColumn: true, filter: true, sortable: true },
    { name: "rank", type: "number", labelKey: "resources.partnerLevels.rank", rule: z.number().int().min(1).max(99), listColumn: true, sortable: true },
    { name: "description", type: "text", labelKey: "resources.partnerLevels.description", rule: z.string().trim().max(300).default("") },
    { name: "status", type: "select", labelKey: "resources.partnerLevels.status", rule: z.union([z.literal(0), z.literal(1)]).default(1), listColumn: true, filter: true, options: { kind: "list", items: STATUS_FILTER } },
  ],
});
