import { z } from "zod";
import { STATUS_FILTER } from "../config/referenceLists";
import { VISA_DOCUMENTS, VISA_ENTRIES, VISA_TYPES } from "../contract/visas";
import { defineResource } from "./defineResource";

const labelled = (codes: readonly string[], labels: Record<string, string>) => codes.map((code) => ({ code, label: labels[code]! }));

const TYPE_LABELS: Record<string, string> = { tourist: "Tourist", business: "Business", transit: "Transit", umrah: "Umrah", hajj: "Hajj", student: "Student", work: "Work", family: "Family visit" };
const ENTRY_LABELS: Record<string, string> = { single: "Single entry", double: "Double entry", multiple: "Multiple entry" };
const DOCUMENT_LABELS: Record<string, string> = {
  passportCopy: "Passport copy",
  photo: "Photograph",
  bankStatement: "Bank statement",
  hotelBooking: "Hotel booking",
  flightTicket: "Flight ticket",
  invitationLetter: "Invitation letter",
  employmentLetter: "Employment letter",
  vaccinationCertificate: "Vaccination certificate",
  mahramProof: "Mahram proof",
  travelInsurance: "Travel insurance",
};
const countryCodes = z.array(z.string().regex(/^[A-Z]{2}$/, "ISO country codes such as KW"));
const days = (most: number) => z.number().int().min(1, "At least one day").max(most, `At most ${most} days`);

/** Visa products the head office (or an agency for its subtree) publishes: where, what kind, for whom, how long, what it needs and costs. */
export const visaProducts = defineResource({
  name: "visaProducts",
  table: "visa_products",
  menu: "setup-configuration",
  tenancy: "owned",
  fields: [
    { name: "code", type: "text", labelKey: "resources.visaProducts.code", rule: z.string().trim().toUpperCase().regex(/^[A-Z0-9-]{2,20}$/, "2-20 letters, digits or dashes"), listColumn: true, filter: true, sortable: true, formSection: "visa" },
    { name: "name", type: "text", labelKey: "resources.visaProducts.name", rule: z.string().trim().min(1, "Give the visa a name").max(120), listColumn: true, filter: true, sortable: true, formSection: "visa" },
    { name: "country", type: "select", labelKey: "resources.visaProducts.country", rule: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, "Choose the country"), listColumn: true, filter: true, sortable: true, formSection: "visa", options: { kind: "countries" } },
    { name: "visaType", type: "select", labelKey: "resources.visaProducts.visaType", rule: z.enum(VISA_TYPES), listColumn: true, filter: true, sortable: true, formSection: "visa", options: { kind: "list", items: labelled(VISA_TYPES, TYPE_LABELS) } },
    { name: "eligibleNationalities", type: "multiselect", labelKey: "resources.visaProducts.eligibleNationalities", rule: countryCodes.min(1, "Name at least one nationality"), filter: true, formSection: "visa", options: { kind: "countries" } },
    { name: "entries", type: "select", labelKey: "resources.visaProducts.entries", rule: z.enum(VISA_ENTRIES), listColumn: true, filter: true, formSection: "terms", options: { kind: "list", items: labelled(VISA_ENTRIES, ENTRY_LABELS) } },
    { name: "validityDays", type: "number", labelKey: "resources.visaProducts.validityDays", rule: days(3_650), listColumn: true, sortable: true, formSection: "terms" },
    { name: "stayDays", type: "number", labelKey: "resources.visaProducts.stayDays", rule: days(365), listColumn: true, sortable: true, formSection: "terms" },
    { name: "processingDays", type: "number", labelKey: "resources.visaProducts.processingDays", rule: days(90), listColumn: true, sortable: true, formSection: "terms" },
    { name: "requiredDocuments", type: "multiselect", labelKey: "resources.visaProducts.requiredDocuments", rule: z.array(z.enum(VISA_DOCUMENTS)).min(1, "Ask for at least one document"), formSection: "terms", options: { kind: "list", items: labelled(VISA_DOCUMENTS, DOCUMENT_LABELS) } },
    { name: "currency", type: "select", labelKey: "resources.visaProducts.currency", rule: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, "Choose the currency"), listColumn: true, formSection: "price", options: { kind: "currencies" } },
    { name: "price", type: "money", labelKey: "resources.visaProducts.price", rule: z.number().int().min(0), listColumn: true, sortable: true, formSection: "price" },
    { name: "fees", type: "money", labelKey: "resources.visaProducts.fees", rule: z.number().int().min(0).default(0), listColumn: true, formSection: "price" },
    { name: "status", type: "select", labelKey: "resources.visaProducts.status", rule: z.union([z.literal(0), z.literal(1)]).default(1), listColumn: true, filter: true, sortable: true, formSection: "price", options: { kind: "list", items: STATUS_FILTER } },
  ],
});
