import { z } from "zod";
import { PAY_OPTIONS } from "../config/paymentMethods";
import { defineResource } from "./defineResource";
import { ruleFields } from "./ruleFields";

/** Agency rules: what an agency (and its subtree) is allowed at checkout. */
export const agencyRules = defineResource({
  name: "agencyRules",
  table: "agency_rules",
  menu: "setup-configuration",
  tenancy: "owned",
  legacyPost: true,
  endpoints: { list: "/api/fetchAgencyRules", show: "/api/fetchAgencyRule", create: "/api/insertAgencyRule", update: "/api/updateAgencyRule", remove: "/api/deleteAgencyRule" },
  fields: [
    ...ruleFields("agencyRules"),
    {
      name: "payOptionIds",
      type: "multiselect",
      labelKey: "resources.agencyRules.payOptionIds",
      rule: z.array(z.number().int().refine((id) => PAY_OPTIONS.some((option) => option.id === id), "Not one of the 12 pay options")).default([]),
      listColumn: true,
      formSection: "rule",
      options: { kind: "list", items: PAY_OPTIONS.map((option) => ({ code: option.id, label: option.option })) },
    },
    { name: "maxBookingAmount", type: "money", labelKey: "resources.agencyRules.maxBookingAmount", rule: z.number().int().min(0).nullable().default(null), formSection: "rule" },
    { name: "holdAllowed", type: "boolean", labelKey: "resources.agencyRules.holdAllowed", rule: z.boolean().default(true), listColumn: true, filter: true, formSection: "rule" },
    { name: "creditUsageAllowed", type: "boolean", labelKey: "resources.agencyRules.creditUsageAllowed", rule: z.boolean().default(true), listColumn: true, filter: true, formSection: "rule" },
  ],
});
