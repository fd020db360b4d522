import { z } from "zod";
import { STATUS_FILTER } from "../config/referenceLists";
import type { ResourceField } from "./defineResource";
import { recordIdSchema } from "../contract/ids";

const isoDate = z.iso.date("A date as YYYY-MM-DD");
const airline = z.string().regex(/^[A-Z0-9]{2}$/, "A two-character IATA airline code");

/**
 * What every checkout rule family restricts (empty list = any) and how it is ranked: the
 * closest organisation wins, then priority (1 highest), then the newest rule.
 */
export function ruleFields(family: string): ResourceField[] {
  const label = (name: string) => `resources.${family}.${name}`;
  return [
    { name: "name", type: "text", labelKey: label("name"), rule: z.string().trim().min(1, "Give the rule a name").max(120), listColumn: true, filter: true, sortable: true, formSection: "head" },
    { name: "status", type: "select", labelKey: label("status"), rule: z.union([z.literal(0), z.literal(1)]).default(1), listColumn: true, filter: true, sortable: true, formSection: "head", options: { kind: "list", items: STATUS_FILTER } },
    { name: "priority", type: "number", labelKey: label("priority"), rule: z.number().int().min(1, "1 is the highest priority").max(999).default(1), listColumn: true, sortable: true, formSection: "head" },
    { name: "validFrom", type: "date", labelKey: label("validFrom"), rule: isoDate, listColumn: true, sortable: true, formSection: "head" },
    { name: "validTo", type: "date", labelKey: label("validTo"), rule: isoDate.nullable().default(null), listColumn: true, sortable: true, formSection: "head" },
    { name: "organisationIds", type: "multiselect", labelKey: label("organisationIds"), rule: z.array(recordIdSchema).default([]), filter: true, formSection: "pointOfSale", options: { kind: "resource", resource: "organisations", labelField: "name" } },
    { name: "supplierIds", type: "multiselect", labelKey: label("supplierIds"), rule: z.array(z.string().min(1)).default([]), filter: true, formSection: "criteria" },
    { name: "airlines", type: "multiselect", labelKey: label("airlines"), rule: z.array(airline).default([]), filter: true, formSection: "criteria" },
  ];
}

export const CARD_TYPES = [
  { code: "VI", label: "Visa" },
  { code: "CA", label: "Mastercard" },
  { code: "AX", label: "American Express" },
  { code: "DC", label: "Diners Club" },
  { code: "JC", label: "JCB" },
] as const;

export const cardTypesField = (family: string): ResourceField => ({
  name: "cardTypes",
  type: "multiselect",
  labelKey: `resources.${family}.cardTypes`,
  rule: z.array(z.enum(CARD_TYPES.map((card) => card.code))).default([]),
  listColumn: true,
  filter: true,
  formSection: "criteria",
  options: { kind: "list", items: CARD_TYPES },
});
