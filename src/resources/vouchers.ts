import { z } from "zod";
import { STATUS_FILTER } from "../config/referenceLists";
import { MAX_RECORD_ID } from "../contract/ids";
import { defineResource } from "./defineResource";

/**
 * E-vouchers (pay option 8, docs/payments.md): prepaid value an organisation issues to one below
 * it (the holder), redeemed at checkout by the holder and the organisations below it, fully or
 * partly, with the rest paid another way. The server draws the code, so it cannot be guessed; the
 * currency is the holder's, and `used` moves only with bookings and what their cancellations give back.
 * Residual travel funds are vouchers too, made by a flight refunded as residual value: their airline
 * and traveller say whose ticket they can pay.
 */
export const vouchers = defineResource({
  name: "vouchers",
  table: "vouchers",
  menu: "point-sales-management",
  tenancy: "owned",
  heldBy: "holderOrganisationId",
  fields: [
    { name: "code", type: "text", labelKey: "resources.vouchers.code", rule: z.string(), readOnly: true, listColumn: true, filter: true, sortable: true },
    { name: "holderOrganisationId", type: "select", labelKey: "resources.vouchers.holderOrganisationId", rule: z.number().int().positive("Choose the organisation").max(MAX_RECORD_ID, "Choose the organisation"), listColumn: true, filter: true, options: { kind: "resource", resource: "organisations", labelField: "name" } },
    { name: "amount", type: "money", labelKey: "resources.vouchers.amount", rule: z.number().int().positive("A voucher is for an amount above zero"), listColumn: true, sortable: true },
    { name: "used", type: "money", labelKey: "resources.vouchers.used", rule: z.number().int(), readOnly: true, listColumn: true },
    { name: "currency", type: "text", labelKey: "resources.vouchers.currency", rule: z.string(), readOnly: true, listColumn: true },
    { name: "validUntil", type: "date", labelKey: "resources.vouchers.validUntil", rule: z.iso.date("A date"), listColumn: true, sortable: true, filter: true },
    { name: "airline", type: "text", labelKey: "resources.vouchers.airline", rule: z.string().nullable(), readOnly: true, listColumn: true, filter: true },
    { name: "travellerName", type: "text", labelKey: "resources.vouchers.travellerName", rule: z.string().nullable(), readOnly: true, listColumn: true },
    { name: "notes", type: "text", labelKey: "resources.vouchers.notes", rule: z.string().trim().max(200, "At most 200 characters").default("") },
    { name: "status", type: "select", labelKey: "resources.vouchers.status", rule: z.union([z.literal(0), z.literal(1)]).default(1), listColumn: true, filter: true, sortable: true, options: { kind: "list", items: STATUS_FILTER } },
  ],
});
