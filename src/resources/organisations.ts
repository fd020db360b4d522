import { z } from "zod";
import { PAY_OPTIONS } from "../config/paymentMethods";
import { TOUR_CODES } from "../config/referenceLists";
import { defineResource } from "./defineResource";
import { creditAmountSchema } from "../contract/money";
import { MAX_RECORD_ID } from "../contract/ids";

/** The spec's organisation types (section 3). */
export const ORGANISATION_TYPES = [
  { code: "FC", label: "FC Business" },
  { code: "SP", label: "Supplier" },
  { code: "TR", label: "Third Party" },
  { code: "PR", label: "Partner" },
  { code: "CR", label: "Customer" },
] as const;

export const APPROVAL_STATUSES = [
  { code: "pending", label: "Pending approval", tone: "warning" },
  { code: "approved", label: "Approved", tone: "success" },
  { code: "rejected", label: "Rejected", tone: "error" },
] as const;

/**
 * Organisations of the tree (head office, partners, agencies, branches): each under a parent
 * of the caller's subtree, with its credit line and the pay options it offers. The hierarchy
 * level and the credit used are the server's to keep.
 */
export const organisations = defineResource({
  name: "organisations",
  table: "organisations",
  menu: "point-sales-management",
  tenancy: "subtree",
  scope: { column: "id" },
  fields: [
    { name: "name", type: "text", labelKey: "resources.organisations.name", rule: z.string().trim().min(2, "Give the organisation a name").max(120), listColumn: true, filter: true, sortable: true },
    { name: "type", type: "select", labelKey: "resources.organisations.type", rule: z.enum(["FC", "SP", "TR", "PR", "CR"]), listColumn: true, filter: true, sortable: true, options: { kind: "list", items: ORGANISATION_TYPES } },
    { name: "parentId", type: "select", labelKey: "resources.organisations.parentId", rule: z.number().int().positive("Choose the parent organisation").max(MAX_RECORD_ID, "Choose the parent organisation"), listColumn: true, filter: true, options: { kind: "resource", resource: "organisations", labelField: "name" } },
    { name: "hierarchyLevel", type: "number", labelKey: "resources.organisations.hierarchyLevel", rule: z.number().int(), readOnly: true, listColumn: true, sortable: true },
    { name: "creditLimit", type: "money", labelKey: "resources.organisations.creditLimit", rule: creditAmountSchema.default(0), listColumn: true, sortable: true },
    { name: "creditUsed", type: "money", labelKey: "resources.organisations.creditUsed", rule: z.number().int(), readOnly: true, listColumn: true, sortable: true },
    { name: "currencyCode", type: "select", labelKey: "resources.organisations.currencyCode", rule: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, "Choose the currency"), listColumn: true, filter: true, options: { kind: "currencies" }, proposedFromCountry: "countryCode" },
    {
      name: "payOptions",
      type: "multiselect",
      labelKey: "resources.organisations.payOptions",
      rule: z.array(z.number().int().refine((id) => PAY_OPTIONS.some((option) => option.id === id), "Not one of the 12 pay options")).default([]),
      storedAs: "csv",
      options: { kind: "list", items: PAY_OPTIONS.map((option) => ({ code: option.id, label: option.option })) },
    },
    { name: "officeId", type: "text", labelKey: "resources.organisations.officeId", rule: z.string().trim().max(20).nullable().default(null) },
    {
      name: "approvalStatus",
      type: "select",
      labelKey: "resources.organisations.approvalStatus",
      rule: z.enum(["pending", "approved", "rejected"]).default("approved"),
      listColumn: true,
      filter: true,
      options: { kind: "list", items: APPROVAL_STATUSES },
    },
    { name: "moneyTransferLevelId", type: "select", labelKey: "resources.organisations.moneyTransferLevelId", rule: z.number().int().positive().max(MAX_RECORD_ID).nullable().default(null), options: { kind: "resource", resource: "partnerLevels", labelField: "name" } },
    { name: "countryCode", type: "select", labelKey: "resources.organisations.countryCode", rule: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, "Choose the country").nullable().default(null), filter: true, options: { kind: "countries" } },
    { name: "tourCode", type: "select", labelKey: "resources.organisations.tourCode", rule: z.enum(TOUR_CODES).nullable().default(null), filter: true, options: { kind: "list", items: TOUR_CODES.map((code) => ({ code, label: code })) } },
    { name: "domain", type: "text", labelKey: "resources.organisations.domain", rule: z.string().trim().toLowerCase().regex(/^[a-z0-9.-]+$/, "A host name such as agency.example.com").nullable().default(null), filter: true },
    // Uploaded from the form's branding section (POST /api/upload-image-aws), never written by an update.
    { name: "imageWebsite", type: "text", labelKey: "resources.organisations.imageWebsite", rule: z.string().nullable(), readOnly: true, control: "image" },
    { name: "favIcon", type: "text", labelKey: "resources.organisations.favIcon", rule: z.string().nullable(), readOnly: true, control: "image" },
  ],
});
