import { z } from "zod";
import { STATUS_FILTER } from "../config/referenceLists";
import { MAX_RECORD_ID } from "../contract/ids";
import { defineResource } from "./defineResource";

/**
 * Bank guarantees (pay option 4, docs/payments.md): a bank guarantees an organisation's bookings up
 * to an amount until a date. An organisation above it records the guarantee (its owner); the
 * backed organisation reads it and draws on it at checkout, apart from its credit line. The
 * currency is the backed organisation's and `used` moves only with bookings and their refunds.
 */
export const bankGuarantees = defineResource({
  name: "bankGuarantees",
  table: "bank_guarantees",
  menu: "point-sales-management",
  tenancy: "owned",
  heldBy: "backedOrganisationId",
  fields: [
    { name: "backedOrganisationId", type: "select", labelKey: "resources.bankGuarantees.backedOrganisationId", rule: z.number().int().positive("Choose the organisation").max(MAX_RECORD_ID, "Choose the organisation"), listColumn: true, filter: true, options: { kind: "resource", resource: "organisations", labelField: "name" } },
    { name: "bankName", type: "text", labelKey: "resources.bankGuarantees.bankName", rule: z.string().trim().min(1, "Name the bank").max(80), listColumn: true, filter: true, sortable: true },
    { name: "reference", type: "text", labelKey: "resources.bankGuarantees.reference", rule: z.string().trim().min(1, "The guarantee's number").max(40), listColumn: true, filter: true, sortable: true },
    { name: "amount", type: "money", labelKey: "resources.bankGuarantees.amount", rule: z.number().int().positive("A guarantee is for an amount above zero"), listColumn: true, sortable: true },
    { name: "used", type: "money", labelKey: "resources.bankGuarantees.used", rule: z.number().int(), readOnly: true, listColumn: true },
    { name: "currency", type: "text", labelKey: "resources.bankGuarantees.currency", rule: z.string(), readOnly: true, listColumn: true },
    { name: "validUntil", type: "date", labelKey: "resources.bankGuarantees.validUntil", rule: z.iso.date("A date"), listColumn: true, sortable: true, filter: true },
    { name: "documentUrl", type: "text", labelKey: "resources.bankGuarantees.documentUrl", rule: z.union([z.literal(""), z.url("The address of the scanned guarantee")]).default("") },
    { name: "status", type: "select", labelKey: "resources.bankGuarantees.status", rule: z.union([z.literal(0), z.literal(1)]).default(1), listColumn: true, filter: true, sortable: true, options: { kind: "list", items: STATUS_FILTER } },
  ],
});
