import { z } from "zod";
import { defineResource } from "./defineResource";
import { cardTypesField, ruleFields } from "./ruleFields";

const CARD_GATEWAYS = [
  { code: "sandbox", label: "Sandbox card gateway" },
  { code: "knet", label: "KNET" },
  { code: "cybersource", label: "Cybersource" },
  { code: "amex-direct", label: "American Express direct" },
] as const;

/** Merchant rules: which card gateway and merchant account charge a card for a sale. */
export const merchantRules = defineResource({
  name: "merchantRules",
  table: "merchant_rules",
  menu: "setup-configuration",
  tenancy: "owned",
  legacyPost: true,
  endpoints: { list: "/api/fetchMerchantRules", show: "/api/fetchMerchantRule", create: "/api/insertMerchantRule", update: "/api/updateMerchantRule", remove: "/api/deleteMerchantRule" },
  fields: [
    ...ruleFields("merchantRules"),
    cardTypesField("merchantRules"),
    {
      name: "gateway",
      type: "select",
      labelKey: "resources.merchantRules.gateway",
      rule: z.enum(CARD_GATEWAYS.map((gateway) => gateway.code)),
      listColumn: true,
      filter: true,
      formSection: "rule",
      options: { kind: "list", items: CARD_GATEWAYS },
    },
    { name: "merchantId", type: "text", labelKey: "resources.merchantRules.merchantId", rule: z.string().trim().regex(/^[A-Za-z0-9-]{3,40}$/, "3-40 letters, digits or dashes"), listColumn: true, filter: true, formSection: "rule" },
  ],
});
