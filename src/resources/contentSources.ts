import { z } from "zod";
import { STATUS_FILTER } from "../config/referenceLists";
import { defineResource } from "./defineResource";

const PRODUCTS = [
  { code: "flight", label: "Flights" },
  { code: "hotel", label: "Hotels" },
  { code: "activity", label: "Activities" },
  { code: "insurance", label: "Insurance" },
  { code: "visa", label: "Visas" },
  { code: "dmt", label: "Money transfer" },
] as const;

/** Content sources: which suppliers feed a product, as markup rules and reports group them. */
export const contentSources = defineResource({
  name: "contentSources",
  table: "content_sources",
  menu: "setup-configuration",
  tenancy: "owned",
  fields: [
    { name: "code", type: "text", labelKey: "resources.contentSources.code", rule: z.string().trim().toUpperCase().regex(/^[A-Z0-9_-]{2,20}$/, "2-20 letters or digits"), listColumn: true, filter: true, sortable: true },
    { name: "name", type: "text", labelKey: "resources.contentSources.name", rule: z.string().trim().min(1).max(120), listColumn: true, filter: true, sortable: true },
    { name: "product", type: "select", labelKey: "resources.contentSources.product", rule: z.enum(PRODUCTS.map((product) => product.code)), listColumn: true, filter: true, sortable: true, options: { kind: "list", items: PRODUCTS } },
    { name: "supplierIds", type: "multiselect", labelKey: "resources.contentSources.supplierIds", rule: z.array(z.string().min(1)).default([]), listColumn: true, filter: true },
    { name: "status", type: "select", labelKey: "resources.contentSources.status", rule: z.union([z.literal(0), z.literal(1)]).default(1), listColumn: true, filter: true, options: { kind: "list", items: STATUS_FILTER } },
  ],
});
