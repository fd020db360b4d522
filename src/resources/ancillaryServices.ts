import { z } from "zod";
import { ANCILLARY_ICON_OPTIONS, ANCILLARY_ICONS, ANCILLARY_KIND_OPTIONS, ANCILLARY_KINDS, STATUS_FILTER } from "../config/referenceLists";
import { defineResource } from "./defineResource";

/**
 * The ancillary service catalogue (`/api/ancillaries-service-list`): how the extras step names a
 * supplier's service code (IATA SSR / RFISC) in English and Arabic, and the picture beside it. A
 * code no row names shows as the supplier sent it. An organisation's own row for a code wins over
 * its ancestors', so an agency can word a service for its own agents.
 */
export const ancillaryServices = defineResource({
  name: "ancillaryServices",
  table: "ancillary_services",
  menu: "setup-configuration",
  tenancy: "owned",
  fields: [
    { name: "code", type: "text", labelKey: "resources.ancillaryServices.code", rule: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{4}$/, "A four-character service code such as VGML"), listColumn: true, filter: true, sortable: true },
    { name: "kind", type: "select", labelKey: "resources.ancillaryServices.kind", rule: z.enum(ANCILLARY_KINDS), listColumn: true, filter: true, sortable: true, options: { kind: "list", items: ANCILLARY_KIND_OPTIONS } },
    { name: "name", type: "text", labelKey: "resources.ancillaryServices.name", rule: z.string().trim().min(1, "Give the service a name").max(80), listColumn: true, filter: true, sortable: true },
    { name: "nameAr", type: "text", labelKey: "resources.ancillaryServices.nameAr", rule: z.string().trim().max(80).default(""), listColumn: true },
    { name: "description", type: "text", labelKey: "resources.ancillaryServices.description", rule: z.string().trim().max(200).default("") },
    { name: "descriptionAr", type: "text", labelKey: "resources.ancillaryServices.descriptionAr", rule: z.string().trim().max(200).default("") },
    { name: "icon", type: "select", labelKey: "resources.ancillaryServices.icon", rule: z.enum(ANCILLARY_ICONS).default("other"), listColumn: true, options: { kind: "list", items: ANCILLARY_ICON_OPTIONS } },
    { name: "status", type: "select", labelKey: "resources.ancillaryServices.status", rule: z.union([z.literal(0), z.literal(1)]).default(1), listColumn: true, filter: true, sortable: true, options: { kind: "list", items: STATUS_FILTER } },
  ],
});
