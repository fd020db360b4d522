import { z } from "zod";
import { STATUS_FILTER } from "../config/referenceLists";
import { defineResource } from "./defineResource";

/** Names the head office screens money transfers against: a remitter or beneficiary who matches waits for its review. */
export const screeningNames = defineResource({
  name: "screeningNames",
  table: "screening_names",
  menu: "setup-configuration",
  tenancy: "owned",
  fields: [
    { name: "name", type: "text", labelKey: "resources.screeningNames.name", rule: z.string().trim().min(3, "At least 3 letters").max(120), listColumn: true, filter: true, sortable: true },
    { name: "reason", type: "text", labelKey: "resources.screeningNames.reason", rule: z.string().trim().max(300).default(""), listColumn: true },
    { name: "status", type: "select", labelKey: "resources.screeningNames.status", rule: z.union([z.literal(0), z.literal(1)]).default(1), listColumn: true, filter: true, sortable: true, options: { kind: "list", items: STATUS_FILTER } },
  ],
});
