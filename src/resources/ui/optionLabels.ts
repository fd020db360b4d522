import { MENU_SECTIONS } from "../../contract/menu";
import { worldOptions } from "../../lib/worldNames";
import type { ResourceField } from "../defineResource";
import type { CodeLabel } from "../../config/referenceLists";
import { PERMISSION_ACTIONS, QUOTING_TOOL_PERMISSION } from "../roles";

/** The i18n key of a fixed option's label: options.<label as a slug>. */
export const optionKey = (label: string) => `options.${label.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "")}`;

const isSection = (value: string): boolean => (MENU_SECTIONS as readonly string[]).includes(value);
const isAction = (value: string): boolean => (PERMISSION_ACTIONS as readonly string[]).includes(value);

/**
 * A fixed option as the user reads it, in their language: role grants as "section: action",
 * everything else by its label's key.
 */
export function optionLabel(item: CodeLabel<string | number>, translate: (key: string) => string): string {
  if (item.code === QUOTING_TOOL_PERMISSION) return translate("admin.quotingTool");
  const [section, action] = String(item.code).split(":");
  if (section && action && isSection(section) && isAction(action)) return `${translate(`menu.sections.${section}`)}: ${translate(`admin.actions.${action}`)}`;
  return translate(optionKey(item.label));
}

/** The choices of a field picked from a list: its fixed options, or the world's countries or currencies; none for free entry. */
export function fieldChoices(field: ResourceField, translate: (key: string) => string, language: string, values?: Record<string, unknown>): { value: string | number; label: string }[] | undefined {
  switch (field.options?.kind) {
    case "list": {
      const { offeredFor } = field.options;
      // A form offers what fits its other values; a list's filter offers every item.
      const offered = (code: string | number) => !offeredFor || values === undefined || (offeredFor.byCode[String(code)]?.includes(String(values[offeredFor.field] ?? "")) ?? true);
      return field.options.items.filter((item) => offered(item.code)).map((item) => ({ value: item.code, label: optionLabel(item, translate) }));
    }
    case "countries":
      return worldOptions(language).countries;
    case "currencies":
      return worldOptions(language).currencies;
    default:
      return undefined;
  }
}
