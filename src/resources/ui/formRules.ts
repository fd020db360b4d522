import type { Rule } from "antd/es/form";
import { parseMajorToMinor } from "../../contract/money";
import type { ResourceField } from "../defineResource";
import { toApiValue, type MoneyCurrency } from "./fieldValues";

/** Whether the field must be filled in: its rule refuses a missing value (no default, not optional). */
export function isRequired(field: ResourceField): boolean {
  return !field.rule.safeParse(undefined).success;
}

/**
 * antd rules that run the declaration's own zod rule, so the form says exactly what the server
 * would answer; the required flag gives antd its asterisk.
 */
export function formRulesFor(field: ResourceField, currency: MoneyCurrency, requiredMessage: string): Rule[] {
  return [
    { required: isRequired(field), message: requiredMessage },
    {
      validator: async (_rule, value: unknown) => {
        // Money is typed in major units: say what is wrong with the text itself first.
        if (field.type === "money" && typeof value === "string" && value.trim() !== "") parseMajorToMinor(value, currency.code);
        const apiValue = toApiValue(field, value, currency);
        // A missing value is the required rule's to report, once.
        if (apiValue === undefined) return;
        const result = field.rule.safeParse(apiValue);
        if (!result.success) throw new Error(result.error.issues[0]?.message ?? requiredMessage);
      },
    },
  ];
}
