import { defineResource } from "./defineResource";
import { cardTypesField, ruleFields } from "./ruleFields";

/** Credit-card-pass rules: card types and airlines for which the card passes straight to the airline. */
export const ccPassRules = defineResource({
  name: "ccPassRules",
  table: "cc_pass_rules",
  menu: "setup-configuration",
  tenancy: "owned",
  legacyPost: true,
  endpoints: { list: "/api/fetchCCPassRules", show: "/api/fetchCCPassRule", create: "/api/insertCCPassRule", update: "/api/updateCCPassRule", remove: "/api/deleteCCPassRule" },
  fields: [...ruleFields("ccPassRules"), cardTypesField("ccPassRules")],
});
