import { z } from "zod";
import { defineResource } from "./defineResource";
import { cardTypesField, ruleFields } from "./ruleFields";

const CARD_GATEWAYS = [
  { code: "sandbox", label: "Sandbox card gateway" },
  { code: "knet", label: "KNET" },
  { code: "cybersource", label: "Cybersource" },
  { code: "amex-direct", label: "American Express direct" },
  { code: "checkout-com", label: "Checkout.com (hosted payments page)" },
] as const;

const checkoutComOnly = { field: "gateway", values: ["checkout-com"] };

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
    { name: "apiUrl", type: "text", labelKey: "resources.merchantRules.apiUrl", rule: z.url("An http(s) address").nullable().default(null), formSection: "rule", shownWhen: checkoutComOnly },
    { name: "secretKey", type: "secret", labelKey: "resources.merchantRules.secretKey", rule: z.string().trim().regex(/^(sk_|Bearer )\S{8,}$/, "The secret key Checkout.com gave the account, starting sk_").optional(), formSection: "rule", shownWhen: checkoutComOnly },
    { name: "processingChannelId", type: "text", labelKey: "resources.merchantRules.processingChannelId", rule: z.string().trim().regex(/^pc_[a-z0-9]{10,40}$/, "The processing channel, such as pc_q4dbxom5jbgudnjzjpz7j2z6uq").nullable().default(null), formSection: "rule", shownWhen: checkoutComOnly },
    { name: "webhookSecret", type: "secret", labelKey: "resources.merchantRules.webhookSecret", rule: z.string().min(16, "The webhook's signature key, at least 16 characters").max(200).optional(), formSection: "rule", shownWhen: checkoutComOnly },
  ],
});
