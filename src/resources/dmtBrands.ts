import { z } from "zod";
import { STATUS_FILTER } from "../config/referenceLists";
import { defineResource } from "./defineResource";

/**
 * The remittance partners whose corridors, fees and rates a brand sells: the sandbox
 * (server/products/transfer), or Wise through a supplier row connected to it, which the brand's
 * partner brand names by its code.
 */
export const DMT_PARTNERS = [
  { code: "sandbox-remit", label: "Sandbox remittance partner" },
  { code: "wise", label: "Wise" },
] as const;

/**
 * Money-transfer brands the head office (or a partner for its subtree) sells: which partner brand,
 * in which money-transfer markets (none: everywhere), and the FX margin taken off the partner's
 * rate when the organisation has no money-transfer level of its own.
 */
export const dmtBrands = defineResource({
  name: "dmtBrands",
  table: "dmt_brands",
  menu: "setup-configuration",
  tenancy: "owned",
  fields: [
    { name: "code", type: "text", labelKey: "resources.dmtBrands.code", rule: z.string().trim().toUpperCase().regex(/^[A-Z0-9-]{2,20}$/, "2-20 letters, digits or dashes"), listColumn: true, filter: true, sortable: true },
    { name: "name", type: "text", labelKey: "resources.dmtBrands.name", rule: z.string().trim().min(1, "Give the brand a name").max(120), listColumn: true, filter: true, sortable: true },
    { name: "partner", type: "select", labelKey: "resources.dmtBrands.partner", rule: z.enum(DMT_PARTNERS.map((partner) => partner.code)), listColumn: true, filter: true, options: { kind: "list", items: DMT_PARTNERS } },
    { name: "partnerBrand", type: "text", labelKey: "resources.dmtBrands.partnerBrand", rule: z.string().trim().toUpperCase().regex(/^[A-Z0-9-]{2,40}$/, "The brand's code at the partner (for Wise, its supplier's code, up to 40 characters)") },
    { name: "rateSource", type: "text", labelKey: "resources.dmtBrands.rateSource", rule: z.string().trim().max(120).default("") },
    { name: "fxMarginBps", type: "number", labelKey: "resources.dmtBrands.fxMarginBps", rule: z.number().int().min(0, "Cannot be negative").max(2_000, "At most 2,000 basis points (20 %)"), listColumn: true, sortable: true },
    { name: "markets", type: "multiselect", labelKey: "resources.dmtBrands.markets", rule: z.array(z.string().trim().toUpperCase().regex(/^[A-Z0-9-]{2,20}$/, "A market code such as DMT-GCC")).default([]), listColumn: true, filter: true },
    { name: "status", type: "select", labelKey: "resources.dmtBrands.status", rule: z.union([z.literal(0), z.literal(1)]).default(1), listColumn: true, filter: true, sortable: true, options: { kind: "list", items: STATUS_FILTER } },
  ],
});
