import dayjs from "dayjs";
import { parseMajorToMinor } from "../../contract/money";
import { formatMinor } from "../../lib/money";
import type { CodeLabel, TagTone } from "../../config/referenceLists";
import { countryName } from "../../lib/worldNames";
import type { ResourceField } from "../defineResource";

/** The currency money fields are shown and typed in: the signed-in organisation's. */
export interface MoneyCurrency {
  code: string;
  decimals: number;
}

/** A form value as the API takes it: dates as YYYY-MM-DD, money as minor units, blanks as absent. */
export function toApiValue(field: ResourceField, value: unknown, currency: MoneyCurrency): unknown {
  if (value === undefined) return undefined;
  // A cleared control sends null where the rule accepts it (an open-ended validity, an emptied
  // optional text), so an edit can clear a stored value; otherwise the blank is left out.
  if (value === null || value === "") return field.rule.safeParse(null).success ? null : undefined;
  switch (field.type) {
    case "date":
      return dayjs.isDayjs(value) ? value.format("YYYY-MM-DD") : value;
    case "money":
      try {
        return parseMajorToMinor(String(value), currency.code);
      } catch {
        return String(value);
      }
    default:
      return value;
  }
}

/** An API value as the form control holds it. */
export function toFormValue(field: ResourceField, value: unknown, currency: MoneyCurrency): unknown {
  if (value === null || value === undefined || field.type === "secret") return undefined;
  if (field.type === "date" && typeof value === "string") return dayjs(value);
  if (field.type === "money" && typeof value === "number") return minorAsText(value, currency);
  return value;
}

function minorAsText(amount: number, currency: MoneyCurrency): string {
  const negative = amount < 0;
  const digits = String(Math.abs(amount)).padStart(currency.decimals + 1, "0");
  const whole = currency.decimals === 0 ? digits : digits.slice(0, -currency.decimals);
  const fraction = currency.decimals === 0 ? "" : `.${digits.slice(-currency.decimals)}`;
  return `${negative ? "-" : ""}${whole}${fraction}`;
}

export interface CellLabels {
  yes: string;
  no: string;
  locale: string;
  /** A fixed option's label in the user's language; its English label when not given. */
  option?: (item: CodeLabel<string | number>) => string;
  /** The name of a related record (an organisation, a role), when it has been read. */
  relationName?: (field: ResourceField, id: number) => string | undefined;
}

/**
 * A cell's values as text, one per item of a list: option labels, related records' names,
 * countries' names, formatted money.
 */
export function cellValues(field: ResourceField, value: unknown, currency: MoneyCurrency, labels: CellLabels): string[] {
  if (value === null || value === undefined || value === "") return [];
  const options = field.options;
  const labelOf = (item: unknown): string => {
    switch (options?.kind) {
      case "list": {
        const option = options.items.find((candidate) => candidate.code === item);
        if (!option) return String(item);
        return labels.option ? labels.option(option) : option.label;
      }
      case "resource":
        return (typeof item === "number" ? labels.relationName?.(field, item) : undefined) ?? String(item);
      case "countries":
        return countryName(String(item), labels.locale);
      default:
        return String(item);
    }
  };
  switch (field.type) {
    case "boolean":
    case "secret":
      return [value ? labels.yes : labels.no];
    case "multiselect":
      return Array.isArray(value) ? value.map(labelOf) : [String(value)];
    case "select":
      return [labelOf(value)];
    case "money":
      return [typeof value === "number" ? formatMinor(value, currency.code, currency.decimals, labels.locale) : String(value)];
    default:
      return [String(value)];
  }
}

/** A value as an exported cell or a description shows it: its values joined. */
export function cellText(field: ResourceField, value: unknown, currency: MoneyCurrency, labels: CellLabels): string {
  return cellValues(field, value, currency, labels).join(", ");
}

/** The colour of a status-like value shown as a tag (yes/no, statuses, approvals); none for plain values. */
export function cellTone(field: ResourceField, value: unknown): TagTone | undefined {
  if (field.type === "boolean") return value ? "success" : "default";
  if (field.type !== "select" || field.options?.kind !== "list") return undefined;
  return field.options.items.find((item) => item.code === value)?.tone;
}
