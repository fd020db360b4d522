import { z } from "zod";
import { PAYMENT_METHODS } from "../config/paymentMethods";
import { defineResource } from "./defineResource";
import { ruleFields } from "./ruleFields";

/** Payment-method (form of payment) rules: which of the spec's 19 methods a sale may use. */
export const fopRules = defineResource({
  name: "fopRules",
  table: "fop_rules",
  menu: "setup-configuration",
  tenancy: "owned",
  legacyPost: true,
  endpoints: { list: "/api/fetchFopRules", show: "/api/fetchRule", create: "/api/insertFopRule", update: "/api/updateFopRule", remove: "/api/deleteRule" },
  fields: [
    ...ruleFields("fopRules"),
    {
      name: "paymentMethodIds",
      type: "multiselect",
      labelKey: "resources.fopRules.paymentMethodIds",
      rule: z.array(z.number().int().refine((id) => PAYMENT_METHODS.some((method) => method.id === id), "Not one of the 19 payment methods")).min(1, "Choose at least one payment method"),
      listColumn: true,
      filter: true,
      formSection: "rule",
      options: { kind: "list", items: PAYMENT_METHODS.map((method) => ({ code: method.id, label: method.option })) },
    },
  ],
});
